/**
 * The records written once the seasons are played, when everyone's last team and status are known:
 * teams (with roster size) and affiliations, players (current team, agency, images), staff, transfers,
 * and each club's stars and cult players.
 */

import type { Row } from '../store.ts';
import { COUNTRIES } from './countries.ts';
import type { Person, StaffPerson } from './people.ts';
import { slugify } from './people.ts';
import type { Rng } from './prng.ts';
import type { Move } from './rosters.ts';
import type { LineResult } from './season-shapes.ts';
import type { TeamRec } from './teams.ts';
import { colorHexes } from './teams.ts';

/** What {@link writeFinalRecords} needs from the generated world. */
export interface FinalInput {
  rng: Rng;
  put: (
    table: 'teams' | 'team_affiliates' | 'players' | 'player_images' | 'staff' | 'transfers' | 'stars_and_cult_players',
    row: Row,
  ) => void;
  stamp: () => string;
  teams: readonly TeamRec[];
  players: readonly Person[];
  staff: readonly StaffPerson[];
  moves: readonly Move[];
  /** The stints of the last season. */
  lastLines: readonly LineResult[];
  lastYear: number;
  lastSlug: string;
  nhlIds: ReadonlySet<number>;
  agencyCount: number;
}

/** Writes teams, affiliations, players, images, staff, transfers and stars (players become `retired` when they did not play the last season). */
export function writeFinalRecords(x: FinalInput): void {
  writeTeams(x);
  writePlayers(x);
  for (const s of x.staff) x.put('staff', staffRow(s, x.stamp()));
  x.moves.forEach((m, i) => {
    x.put('transfers', { id: i + 1, ...m, updatedAt: x.stamp() });
  });
  writeStars(x);
}

/** Teams with their roster size at the end of the last season, and their affiliations. */
function writeTeams({ rng, put, stamp, teams, lastLines, lastSlug }: FinalInput): void {
  const lastTeamSize = new Map<number, number>();
  for (const l of lastLines)
    if (l.entry.stays) lastTeamSize.set(l.entry.team.id, (lastTeamSize.get(l.entry.team.id) ?? 0) + 1);
  for (const t of teams) {
    put('teams', {
      id: t.id,
      slug: t.slug,
      name: t.name,
      extraName: null,
      fullName:
        t.league.teamType === 'international'
          ? `${t.name} ${t.league.teamClass === 'women' ? 'Women' : 'Men'}`
          : t.name,
      founded: t.founded,
      city: t.city,
      colors: t.colors.join(', '),
      logoColors: JSON.stringify(colorHexes(t.colors)),
      status: 'active',
      leagueSlug: t.league.slug,
      secondaryLeagueSlug: null,
      teamType: t.league.teamType,
      teamClass: t.league.teamClass,
      countrySlug: t.countrySlug,
      continent: COUNTRIES.find((c) => c.slug === t.countrySlug)?.continent ?? null,
      defaultSeason: lastSlug,
      activeSeason: lastSlug,
      arenaId: t.arena?.id ?? null,
      secondaryArenaId: null,
      capHit: t.league.slug === 'nhl' ? `$${(80 + rng.int(0, 80) / 10).toFixed(1)}M` : null,
      views: Math.round(Math.exp(rng.normal(8, 1.2))),
      currentRosterSize: lastTeamSize.get(t.id) ?? 0,
      notes: null,
      mhrRating: null,
      mhrId: null,
      officialWebUrl: `https://${t.slug}.test`,
      updatedAt: stamp(),
    });
    for (const a of t.affiliates) put('team_affiliates', { teamId: t.id, affiliateId: a });
  }
}

/**
 * Players, now that their last team and status are known: active only if they played the last season
 * (else `retired`); an active one may sign with an agency, has a contract, and a quarter have images.
 */
function writePlayers({ rng, put, stamp, players, lastLines, lastYear, nhlIds, agencyCount }: FinalInput): void {
  let imageId = 0;
  const playedLast = new Set(lastLines.map((l) => l.entry.p.id));
  for (const p of players) {
    const activeNow = p.status === 'active' && playedLast.has(p.id);
    if (!activeNow && p.status === 'active') p.status = 'retired';
    if (activeNow && rng.chance(0.5)) p.agencyId = rng.int(1, agencyCount);
    put('players', {
      id: p.id,
      slug: slugify(`${p.firstName} ${p.lastName}`),
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender,
      status: p.status,
      playerType: p.position === 'G' ? 'GOALTENDER' : 'SKATER',
      position: p.position,
      detailedPosition: JSON.stringify(p.detailed),
      shoots: p.position === 'G' ? null : p.hand,
      catches: p.position === 'G' ? p.hand : null,
      dateOfBirth: p.dateOfBirth,
      yearOfBirth: p.birthYear,
      placeOfBirth: p.placeOfBirth,
      youthTeam: p.youthTeam,
      nationalitySlug: p.nationality,
      secondaryNationalitySlug: null,
      heightCm: p.heightCm,
      weightKg: p.weightKg,
      contract: activeNow ? String(lastYear + 1 + rng.int(0, 4)) : null,
      capHit:
        activeNow && p.teamId !== null && nhlIds.has(p.teamId) ? `$${(0.8 + rng.int(0, 110) / 10).toFixed(2)}M` : null,
      gameStatus: activeNow && rng.chance(0.04) ? 'injured' : 'healthy',
      views: p.views,
      staffId: p.staffId,
      agencyId: p.agencyId,
      currentTeamId: activeNow ? p.teamId : null,
      rightsTeamId: activeNow ? p.rightsTeamId : null,
      updatedAt: stamp(),
    });
    if (activeNow && rng.chance(0.25)) {
      // The bound is drawn anew at each turn (one to three images, fewer more often): drawing it once would
      // change every draw after it, and so the whole world of a seed.
      for (let n = 1; n <= rng.int(1, 3); n++) {
        put('player_images', {
          id: ++imageId,
          playerId: p.id,
          url: `https://media.rinkside.test/players/${p.id}/${n}.jpg`,
          thumbnailUrl: `https://media.rinkside.test/players/${p.id}/${n}-thumb.jpg`,
          updatedAt: stamp(),
        });
      }
    }
  }
}

/** A staff member's row (a coach who played has a biography line and the link to his player record). */
function staffRow(s: StaffPerson, updatedAt: string): Row {
  return {
    id: s.id,
    slug: slugify(`${s.firstName} ${s.lastName}`),
    firstName: s.firstName,
    lastName: s.lastName,
    nationalitySlug: s.nationality,
    status: s.status,
    dateOfBirth: s.dateOfBirth,
    yearOfBirth: s.birthYear,
    placeOfBirth: s.placeOfBirth,
    playerId: s.playerId,
    biography: s.playerId ? 'Coach after a playing career.' : null,
    updatedAt,
  };
}

/** Each club's one or two most skilled players of its last roster as its stars and cult players. */
function writeStars({ rng, put, stamp, teams }: FinalInput): void {
  let starId = 0;
  for (const t of teams) {
    if (t.league.teamType !== 'club') continue;
    const stars = t.roster.slice().sort((a, b) => b.skill - a.skill || a.id - b.id);
    for (const p of stars.slice(0, rng.int(1, 2))) {
      put('stars_and_cult_players', {
        id: ++starId,
        playerId: p.id,
        teamId: t.id,
        updatedAt: stamp(),
      });
    }
  }
}
