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
import { COUNTRIES } from './countries.ts';
import type { LeagueDef, SizePlan } from './leagues.ts';
import { leagueDef } from './leagues.ts';
import { AGENCY_SUFFIXES, AGENCY_WORDS, CITIES, namePool } from './names.ts';
import type { Person, StaffPerson } from './people.ts';
import { createPlayer, createStaff, slugify } from './people.ts';
import type { Rng } from './prng.ts';
import { createRng } from './prng.ts';
import type { RosterState } from './rosters.ts';
import { fillRosters, offSeason, sweepPool } from './rosters.ts';
import type { Entry, LineResult, SeasonResult } from './season.ts';
import { simulateLeagueSeason } from './season.ts';
import type { TeamRec } from './teams.ts';
import { colorHexes, createLeagueTeams, linkAffiliates } from './teams.ts';

/** Row counts of a generated world, by table. */
export type WorldCounts = Record<string, number>;

const STAFF_ROLES = ['Head Coach', 'Assistant Coach', 'Assistant Coach', 'Goaltending Coach'] as const;
const NATIONAL_ROSTER: readonly [number, number, number] = [13, 8, 3];
const GAME_LOG_LEAGUES = new Set(['nhl', 'shl', 'liiga', 'pwhl']);

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
  let staffId = 0;
  let statId = 0;
  let standingId = 0;
  let staffStatId = 0;
  let gameLogId = 0;
  const state: RosterState = {
    rng,
    nextPlayerId: () => ++playerId,
    players: [],
    pool: new Map(),
    lastTeam: new Map(),
    moves: [],
  };
  const staffPeople: StaffPerson[] = [];
  const retired: Person[] = [];
  const lastLines: LineResult[] = [];

  for (let year = firstYear; year <= lastYear; year++) {
    const slug = seasonSlug(year);
    const active = leagues.filter((l) => l.founded <= year);
    const clubLeagues = active.filter((l) => l.teamType === 'club');
    sweepPool(state, year);
    for (const league of clubLeagues) {
      const before = new Set((teamsByLeague.get(league.slug) ?? []).flatMap((t) => t.roster));
      offSeason(state, league, teamsByLeague.get(league.slug) ?? [], year);
      for (const p of before) if (p.status === 'retired') retired.push(p);
    }
    for (const league of clubLeagues)
      fillRosters(state, league, teamsByLeague.get(league.slug) ?? [], year, plan.roster);

    // Stints: the roster, then mid-season trades and call-ups from the minor affiliate.
    const entries = new Map<number, Entry[]>();
    for (const league of clubLeagues) {
      const teams = teamsByLeague.get(league.slug) ?? [];
      for (const team of teams)
        entries.set(
          team.id,
          team.roster.map((p) => ({ p, team, w: 1, stays: true, role: null })),
        );
      for (const team of teams) {
        if (teams.length < 2) break;
        for (const e of entries.get(team.id) ?? []) {
          if (e.p.position === 'G' || !e.stays || e.w < 1 || !rng.chance(0.015)) continue;
          let other = rng.pick(teams);
          if (other === team) other = teams[(teams.indexOf(team) + 1) % teams.length] as TeamRec;
          const w = 0.3 + 0.4 * rng.next();
          e.w = w;
          e.stays = false;
          entries.get(other.id)?.push({ p: e.p, team: other, w: 1 - w, stays: true, role: null });
          team.roster = team.roster.filter((p) => p !== e.p);
          other.roster.push(e.p);
          e.p.teamId = other.id;
          state.moves.push({
            playerId: e.p.id,
            fromTeamId: team.id,
            toTeamId: other.id,
            date: `${year + 1}-0${rng.int(1, 2)}-${String(rng.int(1, 28)).padStart(2, '0')}`,
          });
        }
      }
      for (const team of teams) {
        const mine = entries.get(team.id) ?? [];
        const leaders = mine
          .filter(
            (e) =>
              e.p.position !== 'G' && e.stays && year - e.p.birthYear >= (league.leagueLevel === 'junior' ? 18 : 24),
          )
          .sort((a, b) => b.p.skill - a.p.skill || a.p.id - b.p.id);
        leaders.slice(0, 3).forEach((e, i) => {
          e.role = i === 0 ? 'C' : 'A';
        });
        if (league.affiliateOf) for (const p of team.roster) p.rightsTeamId = team.affiliates[0] ?? null;
        if (league.leagueLevel === 'junior' && nhl) {
          for (const p of team.roster)
            if (p.rightsTeamId === null && rng.chance(0.04)) p.rightsTeamId = rng.pick(nhl).id;
        }
      }
    }
    if (nhl && ahl && leagueDef('ahl').founded <= year) {
      for (const team of nhl) {
        const farm = ahl.find((t) => t.id === team.affiliates[0]);
        const pool = (farm ? (entries.get(farm.id) ?? []) : []).filter((e) => e.p.position !== 'G' && e.stays);
        for (const e of rng.shuffle(pool).slice(0, rng.int(1, 3))) {
          entries.get(team.id)?.push({ p: e.p, team, w: 0.03 + 0.22 * rng.next(), stays: false, role: null });
          e.p.rightsTeamId = team.id;
        }
      }
    }

    // National teams pick from the players who played club hockey this season.
    const byNation = new Map<string, Person[]>();
    const seen = new Set<Person>();
    for (const list of entries.values())
      for (const e of list) {
        if (seen.has(e.p)) continue;
        seen.add(e.p);
        const key = `${e.p.gender}:${e.p.nationality}:${e.p.position}`;
        const arr = byNation.get(key);
        if (arr) arr.push(e.p);
        else byNation.set(key, [e.p]);
      }
    for (const league of active.filter((l) => l.teamType === 'international')) {
      const gender = league.teamClass === 'women' ? 'female' : 'male';
      for (const team of teamsByLeague.get(league.slug) ?? []) {
        team.roster = team.roster.filter((p) => year - p.birthYear <= 36);
        const chosen: Person[] = [];
        (['F', 'D', 'G'] as const).forEach((pos, k) => {
          const n = NATIONAL_ROSTER[k] ?? 0;
          const cands = (byNation.get(`${gender}:${team.countrySlug}:${pos}`) ?? [])
            .slice()
            .sort((a, b) => b.skill - a.skill || a.id - b.id)
            .slice(0, n * 2);
          const picked = rng.shuffle(cands).slice(0, n);
          const extras = team.roster.filter((p) => p.position === pos);
          while (picked.length < n) {
            let p = extras.shift();
            if (!p) {
              p = createPlayer(rng, state.nextPlayerId(), {
                nationality: team.countrySlug,
                gender,
                position: pos,
                birthYear: year - rng.int(20, 30),
              });
              state.players.push(p);
              team.roster.push(p);
            }
            picked.push(p);
          }
          chosen.push(...picked);
        });
        entries.set(
          team.id,
          chosen.map((p, i) => ({ p, team, w: 1, stays: true, role: i === 0 ? 'C' : i < 3 ? 'A' : null })),
        );
      }
    }

    // Staff: keep most coaches, replace some (now and then with a retired player).
    for (const league of active) {
      const gender = league.teamClass === 'women' ? 'female' : 'male';
      for (const team of teamsByLeague.get(league.slug) ?? []) {
        STAFF_ROLES.forEach((role, k) => {
          const key = `${role}#${k}`;
          let s = team.staff.get(key);
          if (!s || rng.chance(0.15)) {
            if (s) s.status = 'retired';
            // Retired players become coaches now and then; the list keeps only the most recent ones.
            if (retired.length > 400) retired.splice(0, retired.length - 400);
            const idx = retired.findIndex((p) => p.gender === gender && p.staffId === null && year - p.birthYear >= 32);
            const fromPlayer = idx >= 0 && rng.chance(0.3) ? retired.splice(idx, 1)[0] : undefined;
            s = createStaff(rng, ++staffId, { nationality: team.countrySlug, gender, year, fromPlayer });
            if (fromPlayer) fromPlayer.staffId = s.id;
            staffPeople.push(s);
            team.staff.set(key, s);
          }
          s.status = 'active';
          put('staff_stats', {
            id: ++staffStatId,
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
    }

    // Play the seasons and write them.
    for (const league of active) {
      const teams = teamsByLeague.get(league.slug) ?? [];
      const result: SeasonResult = simulateLeagueSeason(rng, league, year, teams, entries);
      for (const r of result.standings) {
        put('team_seasons', {
          teamId: r.team.id,
          seasonSlug: slug,
          leagueSlug: league.slug,
          secondaryLeagueSlug: null,
          teamName: r.team.name,
          isDefault: year === lastYear ? 1 : 0,
          isActive: year === lastYear ? 1 : 0,
        });
        put('standings', {
          id: ++standingId,
          leagueSlug: league.slug,
          seasonSlug: slug,
          teamId: r.team.id,
          teamName: r.team.name,
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

  // People and what hangs off them, now that their last team and status are known.
  const lastTeamSize = new Map<number, number>();
  for (const l of lastLines)
    if (l.entry.stays) lastTeamSize.set(l.entry.team.id, (lastTeamSize.get(l.entry.team.id) ?? 0) + 1);
  for (const t of allTeams) {
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
  const playedLast = new Set(lastLines.map((l) => l.entry.p.id));
  const nhlIds = new Set((nhl ?? []).map((t) => t.id));
  for (const p of state.players) {
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
      for (let n = 1; n <= rng.int(1, 3); n++) {
        put('player_images', {
          id: ins.player_images.count + 1,
          playerId: p.id,
          url: `https://media.rinkside.test/players/${p.id}/${n}.jpg`,
          thumbnailUrl: `https://media.rinkside.test/players/${p.id}/${n}-thumb.jpg`,
          updatedAt: stamp(),
        });
      }
    }
  }
  for (const s of staffPeople) {
    put('staff', {
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
      updatedAt: stamp(),
    });
  }
  state.moves.forEach((m, i) => {
    put('transfers', { id: i + 1, ...m, updatedAt: stamp() });
  });
  for (const t of allTeams) {
    if (t.league.teamType !== 'club') continue;
    const stars = t.roster.slice().sort((a, b) => b.skill - a.skill || a.id - b.id);
    for (const p of stars.slice(0, rng.int(1, 2))) {
      put('stars_and_cult_players', {
        id: ins.stars_and_cult_players.count + 1,
        playerId: p.id,
        teamId: t.id,
        updatedAt: stamp(),
      });
    }
  }
  batch.done();

  settleStatuses(db, lastSlug);
  const counts: WorldCounts = { player_stats: writeStats.count };
  for (const [table, f] of Object.entries(ins)) counts[table] = f.count;
  return counts;
}

function writeGameLogs(
  rng: Rng,
  put: (table: 'game_logs', row: Row) => void,
  stamp: () => string,
  league: LeagueDef,
  year: number,
  teams: readonly TeamRec[],
  result: SeasonResult,
  lastId: number,
): number {
  let id = lastId;
  for (const line of result.lines) {
    if (line.entry.p.position !== 'G' || line.starts === 0 || teams.length < 2) continue;
    const gaa = line.reg.GAA ?? 3;
    for (let g = 0; g < Math.min(line.starts, 5); g++) {
      let opp = rng.pick(teams);
      if (opp === line.entry.team) opp = teams[(teams.indexOf(opp) + 1) % teams.length] as TeamRec;
      const against = Math.max(0, Math.round(rng.normal(gaa, 1.3)));
      const forGoals = Math.max(0, Math.round(rng.normal(3, 1.5)));
      const tie = forGoals === against;
      const shootoutWin = rng.chance(0.5);
      const day = new Date(Date.UTC(year, 9, 8) + rng.int(0, 180) * 86_400_000).toISOString().slice(0, 10);
      put('game_logs', {
        id: ++id,
        playerId: line.entry.p.id,
        teamId: line.entry.team.id,
        opponentId: opp.id,
        leagueSlug: league.slug,
        seasonSlug: seasonSlug(year),
        date: day,
        teamScore: forGoals,
        opponentScore: against,
        teamScoreSo: tie ? (shootoutWin ? 1 : 0) : null,
        opponentScoreSo: tie ? (shootoutWin ? 0 : 1) : null,
        updatedAt: stamp(),
      });
    }
  }
  return id;
}
