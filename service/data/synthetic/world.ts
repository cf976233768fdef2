/**
 * The synthetic hockey world, season by season, written straight into the service schema.
 * Everything is drawn from one seeded stream in a fixed order, and timestamps come from the seed, so
 * the same seed and size always give the same database.
 */

import type { DatabaseSync } from 'node:sqlite';
import { seasonSlug } from '../../../shared/spec.ts';
import { sumLines } from '../stat-blocks.ts';
import type { Row } from '../store.ts';
import { batcher, makeInserter, makePlayerStatsInserter, settleStatuses } from '../store.ts';
import type { CoachState } from './coaches.ts';
import { coachSeason } from './coaches.ts';
import { COUNTRIES } from './countries.ts';
import { writeFinalRecords } from './finish.ts';
import { GAME_LOG_LEAGUES, writeGameLogs } from './game-logs.ts';
import type { LeagueDef, SizePlan } from './leagues.ts';
import { leagueDef } from './leagues.ts';
import { AGENCY_SUFFIXES, AGENCY_WORDS, CITIES, namePool } from './names.ts';
import { slugify } from './people.ts';
import { createRng } from './prng.ts';
import type { RosterState } from './rosters.ts';
import { fillRosters, offSeason, sweepPool } from './rosters.ts';
import type { Entry, LineResult, SeasonResult } from './season.ts';
import { simulateLeagueSeason } from './season.ts';
import { callUps, clubStints, nationalStints, playersByNation } from './stints.ts';
import type { TeamRec } from './teams.ts';
import { createLeagueTeams, linkAffiliates, seasonTeamName } from './teams.ts';

/** Row counts of a generated world, by table. */
export type WorldCounts = Record<string, number>;

/**
 * Generates the world of `plan` from `seed` into `db` (an empty database with the schema applied,
 * ideally prepared by `startBulkLoad`). Returns the row counts per table.
 */
export function generateWorld(
  db: DatabaseSync,
  plan: SizePlan,
  seed: number,
  onProgress: (msg: string) => void = () => {},
): WorldCounts {
  const rng = createRng(seed);
  const clockRng = createRng(seed ^ 0x7a11);
  // Timestamps are a function of the seed: a fixed "now" moved back by up to ~41 days per seed value.
  const nowMs = Date.UTC(2026, 5, 30, 12) - (Math.abs(seed) % 997) * 3_600_000;
  // A pool of 8192 instants over ~400 days (formatting a date per row is a measurable cost at 1M rows).
  const stamps = Array.from({ length: 8192 }, () =>
    new Date(nowMs - clockRng.int(0, 400 * 86_400) * 1000).toISOString(),
  );
  const stamp = () => stamps[clockRng.int(0, stamps.length - 1)] as string;
  const batch = batcher(db);
  const ins = {
    countries: makeInserter(db, 'countries'),
    seasons: makeInserter(db, 'seasons'),
    leagues: makeInserter(db, 'leagues'),
    arenas: makeInserter(db, 'arenas'),
    teams: makeInserter(db, 'teams'),
    team_affiliates: makeInserter(db, 'team_affiliates'),
    team_seasons: makeInserter(db, 'team_seasons'),
    agencies: makeInserter(db, 'agencies'),
    players: makeInserter(db, 'players'),
    staff: makeInserter(db, 'staff'),
    staff_stats: makeInserter(db, 'staff_stats'),
    standings: makeInserter(db, 'standings'),
    transfers: makeInserter(db, 'transfers'),
    player_images: makeInserter(db, 'player_images'),
    stars_and_cult_players: makeInserter(db, 'stars_and_cult_players'),
    game_logs: makeInserter(db, 'game_logs'),
  };
  const writeStats = makePlayerStatsInserter(db);
  const put = (table: keyof typeof ins, row: Row) => {
    ins[table](row);
    batch.tick();
  };

  const { firstYear, lastYear } = plan;
  const lastSlug = seasonSlug(lastYear);
  for (const c of COUNTRIES) put('countries', { ...c, continent: undefined, updatedAt: stamp() });
  for (let y = firstYear; y <= lastYear; y++) put('seasons', { slug: seasonSlug(y), startYear: y, endYear: y + 1 });

  // Leagues and their teams.
  const leagues: LeagueDef[] = plan.leagues.map((l) => leagueDef(l.slug));
  let teamId = 0;
  let arenaId = 0;
  const usedNames = new Set<string>();
  const teamsByLeague = new Map<string, TeamRec[]>();
  leagues.forEach((league, i) => {
    const first = Math.max(league.founded, firstYear);
    put('leagues', {
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
      updatedAt: stamp(),
    });
    const count = plan.leagues[i]?.teams ?? league.teams;
    teamsByLeague.set(
      league.slug,
      createLeagueTeams(
        rng.fork(league.slug),
        league,
        count,
        { team: () => ++teamId, arena: () => ++arenaId },
        usedNames,
      ),
    );
  });
  const nhl = teamsByLeague.get('nhl');
  const ahl = teamsByLeague.get('ahl');
  const echl = teamsByLeague.get('echl');
  if (nhl && ahl) linkAffiliates(nhl, ahl);
  if (ahl && echl) linkAffiliates(ahl, echl);
  const allTeams = [...teamsByLeague.values()].flat();
  for (const t of allTeams) if (t.arena) put('arenas', { ...t.arena, updatedAt: stamp() });

  // Agencies.
  const agencyCount = plan.leagues.length * 4;
  const agencyNames = new Set<string>();
  for (let id = 1; id <= agencyCount; id++) {
    let name = '';
    for (let attempt = 0; name === '' || agencyNames.has(name); attempt++) {
      name = `${rng.pick(AGENCY_WORDS)} ${rng.pick(AGENCY_SUFFIXES)}`;
      if (attempt > 10) name = `${name} ${rng.pick(namePool(rng.pick(['can', 'swe', 'fin', 'cze'])).last)}`;
    }
    agencyNames.add(name);
    const country = rng.pick(['can', 'usa', 'usa', 'swe', 'fin', 'cze', 'che', 'deu']);
    const pool = namePool(country);
    const slug = slugify(name);
    put('agencies', {
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
      updatedAt: stamp(),
    });
  }

  // Seasons.
  let playerId = 0;
  let statId = 0;
  let standingId = 0;
  let gameLogId = 0;
  const state: RosterState = {
    rng,
    nextPlayerId: () => ++playerId,
    players: [],
    pool: new Map(),
    lastTeam: new Map(),
    moves: [],
  };
  let staffId = 0;
  let staffStatId = 0;
  const coaches: CoachState = {
    staff: [],
    retired: [],
    nextStaffId: () => ++staffId,
    nextStatId: () => ++staffStatId,
  };
  const lastLines: LineResult[] = [];

  for (let year = firstYear; year <= lastYear; year++) {
    const slug = seasonSlug(year);
    const active = leagues.filter((l) => l.founded <= year);
    const clubLeagues = active.filter((l) => l.teamType === 'club');
    sweepPool(state, year);
    for (const league of clubLeagues) {
      const before = new Set((teamsByLeague.get(league.slug) ?? []).flatMap((t) => t.roster));
      offSeason(state, league, teamsByLeague.get(league.slug) ?? [], year);
      for (const p of before) if (p.status === 'retired') coaches.retired.push(p);
    }
    for (const league of clubLeagues)
      fillRosters(state, league, teamsByLeague.get(league.slug) ?? [], year, plan.roster);

    // Stints: the rosters, trades, call-ups from the minor affiliate, then national teams.
    const entries = new Map<number, Entry[]>();
    for (const league of clubLeagues) {
      clubStints(rng, state, league, teamsByLeague.get(league.slug) ?? [], year, entries, nhl);
    }
    if (nhl && ahl && leagueDef('ahl').founded <= year) callUps(rng, entries, nhl, ahl);
    const byNation = playersByNation(entries);
    for (const league of active.filter((l) => l.teamType === 'international')) {
      const gender = league.teamClass === 'women' ? 'female' : 'male';
      for (const team of teamsByLeague.get(league.slug) ?? [])
        nationalStints(rng, state, gender, team, year, byNation, entries);
    }
    // Coaches: keep most, replace some.
    for (const league of active) {
      for (const team of teamsByLeague.get(league.slug) ?? [])
        coachSeason(rng, put, stamp, coaches, league, team, year, slug);
    }

    // Play the seasons and write them.
    for (const league of active) {
      const teams = teamsByLeague.get(league.slug) ?? [];
      const result: SeasonResult = simulateLeagueSeason(rng, league, year, teams, entries);
      for (const r of result.standings) {
        const teamName = seasonTeamName(r.team, year, firstYear, lastYear);
        put('team_seasons', {
          teamId: r.team.id,
          seasonSlug: slug,
          leagueSlug: league.slug,
          secondaryLeagueSlug: null,
          teamName,
          isDefault: year === lastYear ? 1 : 0,
          isActive: year === lastYear ? 1 : 0,
        });
        put('standings', {
          id: ++standingId,
          leagueSlug: league.slug,
          seasonSlug: slug,
          teamId: r.team.id,
          teamName,
          group: r.group,
          position: r.position,
          medalClass: r.medalClass,
          playoffMedalClass: r.playoffMedalClass,
          postseason: r.postseason,
          info: null,
          GP: r.GP,
          W: r.W,
          L: r.L,
          T: r.T,
          OTW: r.OTW,
          OTL: r.OTL,
          PTS: r.PTS,
          GF: r.GF,
          GA: r.GA,
          GD: r.GD,
          PPG: r.GP ? Math.round((r.PTS / r.GP) * 1000) / 1000 : null,
          updatedAt: stamp(),
        });
      }
      for (const line of result.lines) {
        const p = line.entry.p;
        const goalie = p.position === 'G';
        writeStats(
          {
            id: ++statId,
            playerId: p.id,
            teamId: line.entry.team.id,
            leagueSlug: league.slug,
            seasonSlug: slug,
            isGoalie: goalie ? 1 : 0,
            statsType: 'default',
            status: 'rostered',
            playerAge: year - p.birthYear,
            jerseyNumber: String(p.jersey),
            playerRole: line.entry.role,
            contractType: null,
            postseasonType: line.post ? 'POSTSEASON' : null,
            postseasonName: line.post ? league.postseasonName : null,
            statsProvider: null,
            updatedAt: stamp(),
          },
          { reg_: line.reg, post_: line.post, tot_: sumLines([line.reg, line.post], goalie) },
        );
        batch.tick();
      }
      if (year === lastYear) {
        lastLines.push(...result.lines);
        if (GAME_LOG_LEAGUES.has(league.slug))
          gameLogId = writeGameLogs(rng, put, stamp, league, year, teams, result, gameLogId);
      }
    }
    onProgress(`season ${slug}: ${writeStats.count.toLocaleString('en-US')} player-stat rows so far`);
  }

  writeFinalRecords({
    rng,
    put,
    stamp,
    teams: allTeams,
    players: state.players,
    staff: coaches.staff,
    moves: state.moves,
    lastLines,
    lastYear,
    lastSlug,
    nhlIds: new Set((nhl ?? []).map((t) => t.id)),
    agencyCount,
  });
  batch.done();

  settleStatuses(db, lastSlug);
  const counts: WorldCounts = { player_stats: writeStats.count };
  for (const [table, f] of Object.entries(ins)) counts[table] = f.count;
  return counts;
}
