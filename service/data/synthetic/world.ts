/**
 * The synthetic hockey world, season by season, written straight into the service schema.
 * Everything is drawn from one seeded stream in a fixed order, and timestamps come from the seed, so
 * the same seed and size always give the same database.
 */

import type { DatabaseSync } from 'node:sqlite';
import { seasonSlug } from '../../../shared/contract/spec.ts';
import { settleStatuses } from '../store.ts';
import { COUNTRIES } from './countries.ts';
import { writeFinalRecords } from './finish.ts';
import type { LeagueDef, SizePlan } from './leagues.ts';
import { leagueDef } from './leagues.ts';
import { AGENCY_SUFFIXES, AGENCY_WORDS, CITIES, namePool } from './names.ts';
import { slugify } from './people.ts';
import type { WorldState } from './play-year.ts';
import { playYear } from './play-year.ts';
import type { Rng } from './prng.ts';
import { createRng } from './prng.ts';
import type { TeamRec } from './teams.ts';
import { createLeagueTeams, linkAffiliates } from './teams.ts';
import type { WorldCounts, WorldWriter } from './writer.ts';
import { createWorldWriter } from './writer.ts';

/**
 * Generates the world of `plan` from `seed` into `db` (an empty database with the schema applied,
 * ideally prepared by `startBulkLoad`): countries, seasons, leagues and their teams, agencies, then
 * each season in turn, then the records that depend on where everyone ended up. Returns the row counts
 * per table.
 */
export function generateWorld(
  db: DatabaseSync,
  plan: SizePlan,
  seed: number,
  onProgress: (msg: string) => void = () => {},
): WorldCounts {
  const rng = createRng(seed);
  const out = createWorldWriter(db, seed);
  const { firstYear, lastYear } = plan;
  const lastSlug = seasonSlug(lastYear);
  for (const c of COUNTRIES) out.put('countries', { ...c, continent: undefined, updatedAt: out.stamp() });
  for (let y = firstYear; y <= lastYear; y++) out.put('seasons', { slug: seasonSlug(y), startYear: y, endYear: y + 1 });

  const leagues: LeagueDef[] = plan.leagues.map((l) => leagueDef(l.slug));
  const teamsByLeague = writeLeagues(out, rng, plan, leagues);
  const agencyCount = writeAgencies(out, rng, plan.leagues.length * 4);

  const w = seasonsStart(out, rng, plan, leagues, teamsByLeague);
  for (let year = firstYear; year <= lastYear; year++) {
    playYear(w, year);
    onProgress(`season ${seasonSlug(year)}: ${out.statsCount.toLocaleString('en-US')} player-stat rows so far`);
  }

  writeFinalRecords({
    rng,
    put: out.put,
    stamp: out.stamp,
    teams: [...teamsByLeague.values()].flat(),
    players: w.rosters.players,
    staff: w.coaches.staff,
    moves: w.rosters.moves,
    lastLines: w.lastLines,
    lastYear,
    lastSlug,
    nhlIds: new Set((w.nhl ?? []).map((t) => t.id)),
    agencyCount,
  });
  out.done();
  settleStatuses(db, lastSlug);
  return out.counts();
}

/**
 * Writes the plan's leagues and creates their teams (each league from its own forked stream), links the
 * NHL–AHL–ECHL affiliates and writes the teams' arenas. Returns the teams by league slug.
 */
function writeLeagues(
  out: WorldWriter,
  rng: Rng,
  plan: SizePlan,
  leagues: readonly LeagueDef[],
): Map<string, TeamRec[]> {
  const lastSlug = seasonSlug(plan.lastYear);
  let teamId = 0;
  let arenaId = 0;
  const usedNames = new Set<string>();
  const teamsByLeague = new Map<string, TeamRec[]>();
  leagues.forEach((league, i) => {
    const first = Math.max(league.founded, plan.firstYear);
    out.put('leagues', {
      id: i + 1,
      slug: league.slug,
      name: league.name,
      fullName: league.fullName,
      commonName: league.commonName,
      teamClass: league.teamClass,
      leagueType: league.leagueType,
      leagueLevel: league.leagueLevel,
      scheduleType: 'default',
      countrySlug: league.countrySlug,
      continent: league.continent,
      region: league.region,
      defaultSeason: lastSlug,
      activeSeason: lastSlug,
      firstSeason: seasonSlug(first),
      lastSeason: lastSlug,
      officialWebUrl: league.officialWebUrl,
      updatedAt: out.stamp(),
    });
    const count = plan.leagues[i]?.teams ?? league.teams;
    const ids = { team: () => ++teamId, arena: () => ++arenaId };
    teamsByLeague.set(league.slug, createLeagueTeams(rng.fork(league.slug), league, count, ids, usedNames));
  });
  const nhl = teamsByLeague.get('nhl');
  const ahl = teamsByLeague.get('ahl');
  const echl = teamsByLeague.get('echl');
  if (nhl && ahl) linkAffiliates(nhl, ahl);
  if (ahl && echl) linkAffiliates(ahl, echl);
  for (const t of [...teamsByLeague.values()].flat())
    if (t.arena) out.put('arenas', { ...t.arena, updatedAt: out.stamp() });
  return teamsByLeague;
}

/** Writes `count` agencies (ids 1..count) with distinct names; returns `count`. */
function writeAgencies(out: WorldWriter, rng: Rng, count: number): number {
  const agencyNames = new Set<string>();
  for (let id = 1; id <= count; id++) {
    let name = '';
    for (let attempt = 0; name === '' || agencyNames.has(name); attempt++) {
      name = `${rng.pick(AGENCY_WORDS)} ${rng.pick(AGENCY_SUFFIXES)}`;
      if (attempt > 10) name = `${name} ${rng.pick(namePool(rng.pick(['can', 'swe', 'fin', 'cze'])).last)}`;
    }
    agencyNames.add(name);
    const country = rng.pick(['can', 'usa', 'usa', 'swe', 'fin', 'cze', 'che', 'deu']);
    const pool = namePool(country);
    const slug = slugify(name);
    out.put('agencies', {
      id,
      name,
      location: rng.pick(CITIES[country] ?? ['Toronto']),
      email: `info@${slug}.test`,
      countrySlug: country,
      secondaryCountrySlug: rng.chance(0.3) ? rng.pick(['can', 'usa', 'swe', 'fin']) : null,
      verified: rng.chance(0.6) ? 1 : 0,
      info: `${name} represents hockey players in ${COUNTRIES.find((c) => c.slug === country)?.name ?? country} and abroad.`,
      agents: JSON.stringify(
        Array.from({ length: rng.int(1, 4) }, () => `${rng.pick(pool.male)} ${rng.pick(pool.last)}`),
      ),
      webUrl: `https://${slug}.test`,
      updatedAt: out.stamp(),
    });
  }
  return count;
}

/** The state the first season starts from: no players, no coaches, every id counter at zero. */
function seasonsStart(
  out: WorldWriter,
  rng: Rng,
  plan: SizePlan,
  leagues: readonly LeagueDef[],
  teamsByLeague: ReadonlyMap<string, TeamRec[]>,
): WorldState {
  let playerId = 0;
  let staffId = 0;
  let staffStatId = 0;
  return {
    rng,
    out,
    plan,
    leagues,
    teamsByLeague,
    nhl: teamsByLeague.get('nhl'),
    ahl: teamsByLeague.get('ahl'),
    rosters: { rng, nextPlayerId: () => ++playerId, players: [], pool: new Map(), lastTeam: new Map(), moves: [] },
    coaches: { staff: [], retired: [], nextStaffId: () => ++staffId, nextStatId: () => ++staffStatId },
    lastLines: [],
    ids: { stat: 0, standing: 0, gameLog: 0 },
  };
}
