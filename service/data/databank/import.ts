/**
 * The Hockey Databank importer: a directory of the Databank's CSVs (see the data's SOURCE.md) into the
 * service schema. Leagues, seasons, teams (one per franchise, named by its latest name), team-seasons
 * (that season's name), standings, players, coaches as staff, goalie and skater season stats.
 *
 * Rows that cannot be read are skipped and reported with file, line and reason; a missing required file
 * or a wrong header stops the import. The database is built in a temp file and renamed into place only
 * when the import succeeds, so a failure leaves no half-written database.
 */

import fs from 'node:fs';
import path from 'node:path';
import { seasonSlug } from '../../../shared/spec.ts';
import { HOCKEY_DATABANK_ATTRIBUTION, openDatabase, writeProvenance } from '../../db/open.ts';
import type { StatLine } from '../stat-blocks.ts';
import { blockColumns, completeLine, sumLines } from '../stat-blocks.ts';
import type { Row } from '../store.ts';
import { batcher, buildAtomically, finishBulkLoad, makeInserter, settleStatuses, startBulkLoad } from '../store.ts';
import { slugify } from '../synthetic/people.ts';
import type { DatabankCountry } from './countries.ts';
import { CANADIAN_CITIES, LEAGUE_COUNTRIES } from './countries.ts';
import type { CsvFile, CsvRow } from './csv.ts';
import { DatabankImportError, intField, RowError, readDatabankCsv, requiredInt } from './csv.ts';
import type { DatabankFile } from './layout.ts';
import { DATABANK_LEAGUES, DATABANK_UPDATED_AT, REQUIRED_FILES } from './layout.ts';
import type { MasterPerson } from './master.ts';
import { readMasterRow } from './master.ts';

export { DatabankImportError } from './csv.ts';

/** A row that was not imported, or imported with a caveat. Lines are 1-based; line 1 is the header. */
export interface RowReport {
  file: string;
  line: number;
  reason: string;
}

/** What an import did: rows written per table, rows skipped, rows kept with a caveat. */
export interface ImportReport {
  counts: Record<string, number>;
  skipped: RowReport[];
  /** Rows imported in part, e.g. playoff-only goalie stints with no regular-season games. */
  notes: RowReport[];
}

/** Options of {@link importDatabank}. */
export interface ImportOptions {
  onProgress?: (msg: string) => void;
  onSkip?: (file: string, line: number, reason: string) => void;
}

const POSTSEASON_TYPE = 'POSTSEASON';
const POSTSEASON_NAMES = new Map(Object.values(DATABANK_LEAGUES).map((l) => [l.slug, l.postseasonName]));

/**
 * Imports the Hockey Databank directory `dir` into a new service database at `file` (replacing it on
 * success). Records provenance with the Databank's attribution statement, which its terms require to be
 * displayed.
 * @throws DatabankImportError when a required file is missing or a header differs (nothing is written).
 */
export async function importDatabank(dir: string, file: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const progress = opts.onProgress ?? (() => {});
  const report: ImportReport = { counts: {}, skipped: [], notes: [] };
  const skip = (f: string, line: number, reason: string) => {
    report.skipped.push({ file: f, line, reason });
    opts.onSkip?.(f, line, reason);
  };

  // Read and check every file before touching any database.
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new DatabankImportError(`${dir} is not a directory (expected a Hockey Databank CSV directory)`);
  }
  const files = new Map<DatabankFile, CsvFile>();
  for (const f of REQUIRED_FILES) {
    const csv = readDatabankCsv(dir, f) as CsvFile;
    files.set(f, csv);
    progress(`read ${f}: ${csv.rows.length} rows`);
  }
  const scoring = readDatabankCsv(dir, 'Scoring.csv', true);
  progress(
    scoring ? `read Scoring.csv: ${scoring.rows.length} rows` : 'Scoring.csv not found: skater stats are not imported',
  );
  for (const [f, csv] of [...files, ...(scoring ? [['Scoring.csv', scoring] as const] : [])]) {
    for (const b of csv.bad) skip(f, b.line, b.reason);
  }
  const get = (f: DatabankFile) => files.get(f) as CsvFile;

  await buildAtomically(file, (temp) => {
    const db = openDatabase(temp);
    try {
      startBulkLoad(db);
      const batch = batcher(db);
      const inserters = new Map<string, ReturnType<typeof makeInserter>>();
      const put = (table: string, row: Row) => {
        let ins = inserters.get(table);
        if (!ins) {
          ins = makeInserter(db, table);
          inserters.set(table, ins);
        }
        ins({ updatedAt: DATABANK_UPDATED_AT, ...row });
        batch.tick();
      };
      const lastSeason = build(get, scoring, put, skip, report, progress);
      batch.done();
      settleStatuses(db, lastSeason);
      progress('building indexes and checking references');
      writeProvenance(db, {
        source: 'hockey-databank',
        attribution: HOCKEY_DATABANK_ATTRIBUTION,
        description:
          'Hockey Databank 13.0: real historical statistics of the NHL (1917-18 to 2017-18), WHA, NHA, PCHA and WCHL.',
        directory: path.resolve(dir),
      });
      finishBulkLoad(db);
      db.exec('PRAGMA journal_mode = DELETE');
      for (const [table, ins] of inserters) report.counts[table] = ins.count;
    } finally {
      db.close();
    }
  });
  progress(`done: ${Object.values(report.counts).reduce((s, n) => s + n, 0)} rows, ${report.skipped.length} skipped`);
  return report;
}

type Put = (table: string, row: Row) => void;
type Skip = (file: string, line: number, reason: string) => void;

/** A team-season of Teams.csv: the franchise team it belongs to and where it played. */
interface TeamSeasonKey {
  teamId: number;
  leagueSlug: string;
  season: string;
  year: number;
}

function build(
  get: (f: DatabankFile) => CsvFile,
  scoring: CsvFile | null,
  put: Put,
  skip: Skip,
  report: ImportReport,
  progress: (msg: string) => void,
): string {
  // abbrev.csv: codes of divisions, conferences and playoff results.
  const abbrev = new Map<string, string>();
  for (const { row } of get('abbrev.csv').rows) abbrev.set(`${row.Type}|${row.Code}`, row.Fullname ?? '');

  // Teams.csv: leagues, seasons, franchises.
  const teamRows: { line: number; row: CsvRow; year: number; lgID: string }[] = [];
  for (const { line, row } of get('Teams.csv').rows) {
    try {
      const year = requiredInt(row, 'year', 1800);
      const lgID = row.lgID ?? '';
      if (!DATABANK_LEAGUES[lgID]) throw new RowError(`lgID "${lgID}" is not a known league`);
      if (!row.franchID || !row.tmID || !row.name) throw new RowError('tmID, franchID or name is empty');
      teamRows.push({ line, row, year, lgID });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      skip('Teams.csv', line, e.message);
    }
  }
  if (teamRows.length === 0) throw new DatabankImportError('Teams.csv has no readable rows');
  const years = teamRows.map((t) => t.year);
  const firstYear = Math.min(...years);
  const lastYear = Math.max(...years);
  const lastSeason = seasonSlug(lastYear);
  const countries = new Map<string, DatabankCountry>(LEAGUE_COUNTRIES.map((c) => [c.slug, c]));

  const seasonsSeen = [...new Set(years)].sort((a, b) => a - b);
  for (const y of seasonsSeen) put('seasons', { slug: seasonSlug(y), startYear: y, endYear: y + 1 });

  const leagueSpan = new Map<string, { first: number; last: number; lgID: string }>();
  for (const t of teamRows) {
    const slug = DATABANK_LEAGUES[t.lgID]?.slug as string;
    const span = leagueSpan.get(slug) ?? { first: t.year, last: t.year, lgID: t.lgID };
    span.first = Math.min(span.first, t.year);
    span.last = Math.max(span.last, t.year);
    leagueSpan.set(slug, span);
  }
  let leagueId = 0;
  for (const [slug, span] of leagueSpan) {
    const def = DATABANK_LEAGUES[span.lgID];
    if (!def) continue;
    put('leagues', {
      id: ++leagueId,
      slug,
      name: def.name,
      fullName: def.fullName,
      commonName: def.name,
      teamClass: 'men',
      leagueType: 'league',
      leagueLevel: 'professional',
      scheduleType: 'default',
      countrySlug: def.countrySlug,
      continent: 'NA',
      region: 'North America',
      defaultSeason: seasonSlug(span.last),
      activeSeason: seasonSlug(span.last),
      firstSeason: seasonSlug(span.first),
      lastSeason: seasonSlug(span.last),
      officialWebUrl: def.officialWebUrl,
    });
  }

  // One team per franchise, named by its latest name; each season keeps that season's name.
  const franchises = new Map<string, { id: number; first: number; last: number; name: string; lgID: string }>();
  for (const t of teamRows) {
    const f = franchises.get(t.row.franchID as string);
    if (!f)
      franchises.set(t.row.franchID as string, {
        id: franchises.size + 1,
        first: t.year,
        last: t.year,
        name: t.row.name as string,
        lgID: t.lgID,
      });
    else {
      f.first = Math.min(f.first, t.year);
      if (t.year >= f.last) Object.assign(f, { last: t.year, name: t.row.name as string, lgID: t.lgID });
    }
  }
  const nameCount = new Map<string, number>();
  for (const f of franchises.values()) nameCount.set(f.name, (nameCount.get(f.name) ?? 0) + 1);
  for (const [franchID, f] of franchises) {
    const country = CANADIAN_CITIES.some((c) => f.name.startsWith(c)) ? 'can' : 'usa';
    const slug = slugify(f.name) + ((nameCount.get(f.name) ?? 0) > 1 ? `-${franchID.toLowerCase()}` : '');
    put('teams', {
      id: f.id,
      slug,
      name: f.name,
      fullName: f.name,
      founded: f.first,
      status: f.last === lastYear ? 'active' : 'not-active',
      leagueSlug: DATABANK_LEAGUES[f.lgID]?.slug,
      teamType: 'club',
      teamClass: 'men',
      countrySlug: country,
      continent: 'NA',
      defaultSeason: seasonSlug(f.last),
      activeSeason: seasonSlug(f.last),
      notes: `Hockey Databank franchise ${franchID}`,
    });
  }

  const teamSeasons = new Map<string, TeamSeasonKey>();
  let standingId = 0;
  for (const t of teamRows) {
    const f = franchises.get(t.row.franchID as string);
    if (!f) continue;
    const leagueSlug = DATABANK_LEAGUES[t.lgID]?.slug as string;
    const season = seasonSlug(t.year);
    try {
      const GP = requiredInt(t.row, 'G');
      const W = requiredInt(t.row, 'W');
      const L = requiredInt(t.row, 'L');
      const PTS = requiredInt(t.row, 'Pts');
      const GF = requiredInt(t.row, 'GF');
      const GA = requiredInt(t.row, 'GA');
      const T = intField(t.row, 'T');
      const OTL = intField(t.row, 'OTL');
      const rank = requiredInt(t.row, 'rank', 1);
      teamSeasons.set(`${t.year}|${t.lgID}|${t.row.tmID}`, { teamId: f.id, leagueSlug, season, year: t.year });
      put('team_seasons', {
        teamId: f.id,
        seasonSlug: season,
        leagueSlug,
        teamName: t.row.name,
        isDefault: t.year === f.last ? 1 : 0,
        isActive: t.year === f.last ? 1 : 0,
      });
      const group =
        (t.row.divID && abbrev.get(`Division|${t.row.divID}`)) ||
        (t.row.confID && abbrev.get(`Conference|${t.row.confID}`)) ||
        t.row.divID ||
        t.row.confID ||
        null;
      const playoff = t.row.playoff ?? '';
      put('standings', {
        id: ++standingId,
        leagueSlug,
        seasonSlug: season,
        teamId: f.id,
        teamName: t.row.name,
        group,
        position: rank,
        postseason: playoff ? (abbrev.get(`Playoffs|${playoff}`) ?? playoff) : null,
        playoffMedalClass:
          playoff === 'SC' || playoff === 'AVC' ? 'gold' : playoff === 'F' || playoff === 'AVF' ? 'silver' : null,
        GP,
        W,
        L,
        T,
        OTW: null,
        OTL,
        PTS,
        GF,
        GA,
        GD: GF - GA,
        PPG: GP ? Math.round((PTS / GP) * 1000) / 1000 : null,
      });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      skip('Teams.csv', t.line, e.message);
    }
  }
  progress(`teams: ${franchises.size} franchises, ${teamSeasons.size} team-seasons`);

  // Master.csv: people. Players first (ids in file order), coaches as staff.
  const people: MasterPerson[] = [];
  let hallOfFameOnly = 0;
  for (const { line, row } of get('Master.csv').rows) {
    // Rows with only a hofID are Hall of Fame builders, neither players nor coaches: not ours to import.
    if (!row.playerID && !row.coachID && row.hofID) {
      hallOfFameOnly++;
      continue;
    }
    try {
      people.push(readMasterRow(row, line));
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      skip('Master.csv', line, `${row.playerID || row.coachID || '?'}: ${e.message}`);
    }
  }
  progress(`Master.csv: ${people.length} people read, ${hallOfFameOnly} Hall of Fame builder rows left out`);
  const playerIds = new Map<string, { id: number; p: MasterPerson }>();
  const staffIds = new Map<string, number>();
  for (const p of people) if (p.playerID) playerIds.set(p.playerID, { id: playerIds.size + 1, p });
  for (const p of people) if (p.coachID) staffIds.set(p.coachID, staffIds.size + 1);

  // Season stats first, to know who played the last season (active) and where.
  const goalieRows = get('Goalies.csv').rows;
  const scoringByKey = new Map<string, CsvRow>();
  for (const { row } of scoring?.rows ?? [])
    scoringByKey.set(`${row.playerID}|${row.year}|${row.stint}|${row.tmID}`, row);
  const currentTeam = new Map<string, number>();
  const goalieKeys = new Set<string>();
  let statId = 0;

  const context = (row: CsvRow) => {
    const who = playerIds.get(row.playerID ?? '');
    if (!who) throw new RowError(`playerID "${row.playerID}" has no (readable) Master.csv row`);
    const year = requiredInt(row, 'year', 1800);
    const ts = teamSeasons.get(`${year}|${row.lgID}|${row.tmID}`);
    if (!ts) throw new RowError(`no Teams.csv row for ${row.tmID} (${row.lgID}) in ${year}`);
    requiredInt(row, 'stint', 1);
    if (year === lastYear) currentTeam.set(row.playerID as string, ts.teamId);
    return { who, ts, year };
  };
  const statRow = (
    who: { id: number; p: MasterPerson },
    ts: TeamSeasonKey,
    goalie: boolean,
    reg: StatLine | null,
    post: StatLine | null,
  ): Row => ({
    id: ++statId,
    playerId: who.id,
    teamId: ts.teamId,
    leagueSlug: ts.leagueSlug,
    seasonSlug: ts.season,
    isGoalie: goalie ? 1 : 0,
    statsType: 'default',
    status: 'rostered',
    playerAge: who.p.birthYear === null ? null : ts.year - who.p.birthYear,
    postseasonType: post ? POSTSEASON_TYPE : null,
    postseasonName: post ? (POSTSEASON_NAMES.get(ts.leagueSlug) ?? null) : null,
    ...blockColumns('regularStats', reg),
    ...blockColumns('postseasonStats', post),
    ...blockColumns('totalStats', sumLines([reg, post], goalie)),
  });

  for (const { line, row } of goalieRows) {
    try {
      const { who, ts } = context(row);
      const GP = intField(row, 'GP');
      const Min = intField(row, 'Min');
      const PostGP = intField(row, 'PostGP');
      if ((GP === null) !== (Min === null)) throw new RowError('GP and Min must be given together');
      if (GP === null && !PostGP) throw new RowError('no GP/Min and no postseason games: nothing to import');
      const sc = scoringByKey.get(`${row.playerID}|${row.year}|${row.stint}|${row.tmID}`);
      const skaterBits = (pre: '' | 'Post'): StatLine =>
        sc ? { G: intField(sc, `${pre}G`), A: intField(sc, `${pre}A`), PIM: intField(sc, `${pre}PIM`) } : {};
      // T/OL holds ties up to 2003-04 and overtime/shootout losses from 2005-06; the spec's block has only
      // W, L and T, so T carries that column as is: a goalie's non-regulation decisions that are not wins.
      const reg: StatLine | null =
        GP === null
          ? null
          : completeLine(
              {
                GP,
                TOI: Min,
                W: intField(row, 'W'),
                L: intField(row, 'L'),
                T: intField(row, 'T/OL'),
                SO: intField(row, 'SHO'),
                GA: intField(row, 'GA'),
                SA: intField(row, 'SA'),
                ...skaterBits(''),
              },
              true,
            );
      const post: StatLine | null = PostGP
        ? completeLine(
            {
              GP: PostGP,
              TOI: intField(row, 'PostMin'),
              W: intField(row, 'PostW'),
              L: intField(row, 'PostL'),
              T: intField(row, 'PostT'),
              SO: intField(row, 'PostSHO'),
              GA: intField(row, 'PostGA'),
              SA: intField(row, 'PostSA'),
              ...skaterBits('Post'),
            },
            true,
          )
        : null;
      for (const b of [reg, post]) {
        if (b && b.SA != null && b.GA != null && b.SA < b.GA) throw new RowError(`SA ${b.SA} is less than GA ${b.GA}`);
      }
      if (GP === null) {
        report.notes.push({
          file: 'Goalies.csv',
          line,
          reason: `${row.playerID} ${row.year} ${row.tmID}: no regular-season GP/Min; imported as a playoff-only stint`,
        });
      }
      goalieKeys.add(`${row.playerID}|${row.year}|${row.stint}|${row.tmID}`);
      put('player_stats', statRow(who, ts, true, reg, post));
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      skip('Goalies.csv', line, `${row.playerID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
  progress(`goalie season stats: ${goalieKeys.size}`);

  let skaterRows = 0;
  for (const { line, row } of scoring?.rows ?? []) {
    const key = `${row.playerID}|${row.year}|${row.stint}|${row.tmID}`;
    if (goalieKeys.has(key)) continue; // merged into the goalie row
    try {
      const { who, ts } = context(row);
      const GP = intField(row, 'GP');
      const PostGP = intField(row, 'PostGP');
      if (GP === null && !PostGP) throw new RowError('no GP and no postseason games: nothing to import');
      const line_ = (pre: '' | 'Post'): StatLine =>
        completeLine(
          {
            GP: pre ? PostGP : GP,
            G: intField(row, `${pre}G`),
            A: intField(row, `${pre}A`),
            PTS: intField(row, `${pre}Pts`),
            PIM: intField(row, `${pre}PIM`),
            PM: intField(row, `${pre}+/-`, -1000),
          },
          false,
        );
      const goalie = (row.pos ?? '') === 'G';
      put('player_stats', statRow(who, ts, goalie, GP === null ? null : line_(''), PostGP ? line_('Post') : null));
      skaterRows++;
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      skip('Scoring.csv', line, `${row.playerID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
  if (scoring) progress(`skater season stats: ${skaterRows}`);

  // People rows, now that who played the last season is known.
  for (const [playerID, { id, p }] of playerIds) {
    if (p.country) countries.set(p.country.slug, p.country);
    const goalie = p.position === 'G';
    const current = currentTeam.get(playerID) ?? null;
    put('players', {
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
      placeOfBirth: p.placeOfBirth,
      nationalitySlug: p.country?.slug ?? null,
      heightCm: p.heightCm,
      weightKg: p.weightKg,
      staffId: p.coachID ? (staffIds.get(p.coachID) ?? null) : null,
      currentTeamId: current,
    });
  }
  const coachedLast = new Set<string>();
  for (const { row } of get('Coaches.csv').rows) if (row.year === String(lastYear)) coachedLast.add(row.coachID ?? '');
  for (const p of people) {
    if (!p.coachID) continue;
    if (p.country) countries.set(p.country.slug, p.country);
    put('staff', {
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
  for (const c of countries.values()) put('countries', { ...c });

  let staffStatId = 0;
  for (const { line, row } of get('Coaches.csv').rows) {
    try {
      const staffId = staffIds.get(row.coachID ?? '');
      if (!staffId) throw new RowError(`coachID "${row.coachID}" has no (readable) Master.csv row`);
      const year = requiredInt(row, 'year', 1800);
      requiredInt(row, 'stint', 1);
      const ts = teamSeasons.get(`${year}|${row.lgID}|${row.tmID}`);
      if (!ts) throw new RowError(`no Teams.csv row for ${row.tmID} (${row.lgID}) in ${year}`);
      put('staff_stats', {
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
      skip('Coaches.csv', line, `${row.coachID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
  progress(`people: ${playerIds.size} players, ${staffIds.size} coaches (${firstYear}-${lastYear})`);
  return lastSeason;
}
