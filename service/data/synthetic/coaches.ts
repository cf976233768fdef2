/**
 * Coaches of the synthetic world: each team keeps a head coach, two assistant coaches and a goaltending
 * coach, replacing some each season (now and then with a recently retired player, who then has both a
 * player and a staff record), and records each role as a staff-stats row.
 */

import type { Row } from '../store.ts';
import type { LeagueDef } from './leagues.ts';
import type { Person, StaffPerson } from './people.ts';
import { createStaff } from './people.ts';
import type { Rng } from './prng.ts';
import type { TeamRec } from './teams.ts';

const STAFF_ROLES = ['Head Coach', 'Assistant Coach', 'Assistant Coach', 'Goaltending Coach'] as const;

/** The coaches made so far, the retired players who may become coaches, and id counters. */
export interface CoachState {
  staff: StaffPerson[];
  retired: Person[];
  nextStaffId(): number;
  nextStatId(): number;
}

/** Sets a team's coaches for the season `slug` and writes their staff-stats rows. */
export function coachSeason(
  rng: Rng,
  put: (table: 'staff_stats', row: Row) => void,
  stamp: () => string,
  cs: CoachState,
  league: LeagueDef,
  team: TeamRec,
  year: number,
  slug: string,
): void {
  const gender = league.teamClass === 'women' ? 'female' : 'male';
  STAFF_ROLES.forEach((role, k) => {
    const key = `${role}#${k}`;
    let s = team.staff.get(key);
    if (!s || rng.chance(0.15)) {
      if (s) s.status = 'retired';
      // Retired players become coaches now and then; the list keeps only the most recent ones.
      if (cs.retired.length > 400) cs.retired.splice(0, cs.retired.length - 400);
      const idx = cs.retired.findIndex((p) => p.gender === gender && p.staffId === null && year - p.birthYear >= 32);
      const fromPlayer = idx >= 0 && rng.chance(0.3) ? cs.retired.splice(idx, 1)[0] : undefined;
      s = createStaff(rng, cs.nextStaffId(), { nationality: team.countrySlug, gender, year, fromPlayer });
      if (fromPlayer) fromPlayer.staffId = s.id;
      cs.staff.push(s);
      team.staff.set(key, s);
    }
    s.status = 'active';
    put('staff_stats', {
      id: cs.nextStatId(),
      staffId: s.id,
      seasonSlug: slug,
      teamId: team.id,
      leagueSlug: league.slug,
      status: 'rostered',
      role,
      notes: null,
      updatedAt: stamp(),
    });
  });
}
