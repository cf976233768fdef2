/**
 * Master.csv → players and staff (coaches), and Coaches.csv → staff stats (role `Head Coach`).
 * A person who was both has one player and one staff record, linked both ways. Players who played the
 * last season are `active` with that team as their current team; the others `retired`.
 */

import type { ImportContext } from './context.ts';
import { teamSeasonKey } from './context.ts';
import type { DatabankCountry } from './countries.ts';
import { LEAGUE_COUNTRIES } from './countries.ts';
import { RowError, requiredInt } from './csv.ts';
import type { MasterPerson } from './master.ts';
import { readMasterRow } from './master.ts';
import type { TeamsResult } from './teams.ts';

/** The readable people of Master.csv and the ids they get (players and staff, in file order). */
export interface People {
  people: MasterPerson[];
  playerIds: Map<string, { id: number; p: MasterPerson }>;
  staffIds: Map<string, number>;
}

/** Reads Master.csv; unreadable rows are skipped, Hall of Fame builder rows (hofID only) left out. */
export function readPeople(ctx: ImportContext): People {
  // Master.csv: people. Players first (ids in file order), coaches as staff.
  const people: MasterPerson[] = [];
  let hallOfFameOnly = 0;
  for (const { line, row } of ctx.get('Master.csv').rows) {
    // Rows with only a hofID are Hall of Fame builders, neither players nor coaches: not ours to import.
    if (!row.playerID && !row.coachID && row.hofID) {
      hallOfFameOnly++;
      continue;
    }
    try {
      people.push(readMasterRow(row, line));
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      ctx.skip('Master.csv', line, `${row.playerID || row.coachID || '?'}: ${e.message}`);
    }
  }
  ctx.progress(`Master.csv: ${people.length} people read, ${hallOfFameOnly} Hall of Fame builder rows left out`);
  const playerIds = new Map<string, { id: number; p: MasterPerson }>();
  const staffIds = new Map<string, number>();
  for (const p of people) if (p.playerID) playerIds.set(p.playerID, { id: playerIds.size + 1, p });
  for (const p of people) if (p.coachID) staffIds.set(p.coachID, staffIds.size + 1);

  return { people, playerIds, staffIds };
}

/**
 * Writes players, staff and the countries they reference. `currentTeam` maps a playerID to the team of
 * their last stint in the data's last season (`lastYear`).
 */
export function writePeople(
  ctx: ImportContext,
  { people, playerIds, staffIds }: People,
  currentTeam: Map<string, number>,
  lastYear: number,
): void {
  const countries = new Map<string, DatabankCountry>(LEAGUE_COUNTRIES.map((c) => [c.slug, c]));
  for (const [playerID, { id, p }] of playerIds) {
    if (p.country) countries.set(p.country.slug, p.country);
    const goalie = p.position === 'G';
    const current = currentTeam.get(playerID) ?? null;
    ctx.put('players', {
      id,
      slug: p.slug,
      firstName: p.firstName,
      lastName: p.lastName,
      gender: 'male',
      status: current !== null ? 'active' : 'retired',
      playerType: goalie ? 'GOALTENDER' : 'SKATER',
      position: p.position,
      detailedPosition: JSON.stringify(p.detailed),
      shoots: goalie ? null : p.hand,
      catches: goalie ? p.hand : null,
      dateOfBirth: p.dateOfBirth,
      yearOfBirth: p.birthYear,
      dateOfDeath: p.dateOfDeath,
      placeOfBirth: p.placeOfBirth,
      nationalitySlug: p.country?.slug ?? null,
      heightCm: p.heightCm,
      weightKg: p.weightKg,
      staffId: p.coachID ? (staffIds.get(p.coachID) ?? null) : null,
      currentTeamId: current,
    });
  }
  const coachedLast = new Set<string>();
  for (const { row } of ctx.get('Coaches.csv').rows)
    if (row.year === String(lastYear)) coachedLast.add(row.coachID ?? '');
  for (const p of people) {
    if (!p.coachID) continue;
    if (p.country) countries.set(p.country.slug, p.country);
    ctx.put('staff', {
      id: staffIds.get(p.coachID),
      slug: p.slug,
      firstName: p.firstName,
      lastName: p.lastName,
      nationalitySlug: p.country?.slug ?? null,
      status: coachedLast.has(p.coachID) ? 'active' : 'retired',
      dateOfBirth: p.dateOfBirth,
      yearOfBirth: p.birthYear,
      placeOfBirth: p.placeOfBirth,
      playerId: p.playerID ? (playerIds.get(p.playerID)?.id ?? null) : null,
    });
  }
  for (const c of countries.values()) ctx.put('countries', { ...c });
}

/** Writes staff stats from Coaches.csv; a coachID with no readable Master row is skipped. */
export function importCoaches(ctx: ImportContext, { staffIds }: People, teams: TeamsResult): void {
  let staffStatId = 0;
  for (const { line, row } of ctx.get('Coaches.csv').rows) {
    try {
      const staffId = staffIds.get(row.coachID ?? '');
      if (!staffId) throw new RowError(`coachID "${row.coachID}" has no (readable) Master.csv row`);
      const year = requiredInt(row, 'year', 1800);
      requiredInt(row, 'stint', 1);
      const ts = teams.teamSeasons.get(teamSeasonKey(year, row.lgID, row.tmID));
      if (!ts) throw new RowError(`no Teams.csv row for ${row.tmID} (${row.lgID}) in ${year}`);
      ctx.put('staff_stats', {
        id: ++staffStatId,
        staffId,
        seasonSlug: ts.season,
        teamId: ts.teamId,
        leagueSlug: ts.leagueSlug,
        status: 'rostered',
        role: 'Head Coach',
        notes: row.notes || null,
      });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      ctx.skip('Coaches.csv', line, `${row.coachID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
}
