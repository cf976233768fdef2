/**
 * Teams.csv (with abbrev.csv) → leagues, seasons, teams, team-seasons and standings.
 * One team per franchise (`franchID`), named by its latest name; each team-season keeps the name the team
 * carried that season and the league it played in (the Oilers' WHA seasons stay WHA seasons). Standings:
 * `rank` → position (the Databank's rank within the division), divID/confID → group names via abbrev.csv,
 * G → GP, Pts → PTS, T and OTL as given (empty → null), GD = GF − GA, PPG = points per game.
 */

import { seasonSlug } from '../../../shared/contract/spec.ts';
import { slugify } from '../synthetic/people.ts';
import type { ImportContext, TeamSeasonKey } from './context.ts';
import { teamSeasonKey } from './context.ts';
import { CANADIAN_CITIES, NATIONAL_TEAM_FRANCHISES } from './countries.ts';
import type { CsvRow } from './csv.ts';
import { DatabankImportError, intField, RowError, requiredInt } from './csv.ts';
import { DATABANK_LEAGUES } from './layout.ts';

/** The team-seasons by {@link teamSeasonKey}, and the span of seasons in the data. */
export interface TeamsResult {
  teamSeasons: Map<string, TeamSeasonKey>;
  firstYear: number;
  lastYear: number;
}

/** A readable row of Teams.csv: its line, its fields, its season's start year and its league code. */
interface TeamRow {
  line: number;
  row: CsvRow;
  year: number;
  lgID: string;
}

/** A franchise: its team id, its first and last seasons, and its name and league in the last. */
interface Franchise {
  id: number;
  first: number;
  last: number;
  name: string;
  lgID: string;
}

/**
 * Imports leagues, seasons, teams, team-seasons and standings.
 * @throws DatabankImportError when Teams.csv has no readable row.
 */
export function importTeams(ctx: ImportContext): TeamsResult {
  // abbrev.csv: codes of divisions, conferences and playoff results.
  const abbrev = new Map<string, string>();
  for (const { row } of ctx.get('abbrev.csv').rows) abbrev.set(`${row.Type}|${row.Code}`, row.Fullname ?? '');

  const teamRows = readTeamRows(ctx);
  const years = teamRows.map((t) => t.year);
  const firstYear = Math.min(...years);
  const lastYear = Math.max(...years);
  const seasonsSeen = [...new Set(years)].sort((a, b) => a - b);
  for (const y of seasonsSeen) ctx.put('seasons', { slug: seasonSlug(y), startYear: y, endYear: y + 1 });
  writeLeagues(ctx, teamRows);
  const franchises = writeFranchises(ctx, teamRows, lastYear);
  const teamSeasons = writeTeamSeasons(ctx, teamRows, franchises, abbrev);
  ctx.progress(`teams: ${franchises.size} franchises, ${teamSeasons.size} team-seasons`);
  return { teamSeasons, firstYear, lastYear };
}

/**
 * The rows of Teams.csv with a year, a known league, a team and franchise code and a name; the others are
 * reported as skipped.
 * @throws DatabankImportError when no row is readable.
 */
function readTeamRows(ctx: ImportContext): TeamRow[] {
  const teamRows: TeamRow[] = [];
  for (const { line, row } of ctx.get('Teams.csv').rows) {
    try {
      const year = requiredInt(row, 'year', 1800);
      const lgID = row.lgID ?? '';
      if (!DATABANK_LEAGUES[lgID]) throw new RowError(`lgID "${lgID}" is not a known league`);
      if (!row.franchID || !row.tmID || !row.name) throw new RowError('tmID, franchID or name is empty');
      teamRows.push({ line, row, year, lgID });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      ctx.skip('Teams.csv', line, e.message);
    }
  }
  if (teamRows.length === 0) throw new DatabankImportError('Teams.csv has no readable rows');
  return teamRows;
}

/** One league per league of the data, in order of first appearance, spanning the seasons it has rows in. */
function writeLeagues(ctx: ImportContext, teamRows: readonly TeamRow[]): void {
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
    ctx.put('leagues', {
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
}

/**
 * One team per franchise (ids in order of first appearance), named by its latest name (a name two
 * franchises share gets the franchise code in its slug), `active` when it played the data's last season.
 * Returns the franchises by `franchID`.
 */
function writeFranchises(ctx: ImportContext, teamRows: readonly TeamRow[], lastYear: number): Map<string, Franchise> {
  const franchises = new Map<string, Franchise>();
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
    const national = NATIONAL_TEAM_FRANCHISES[franchID];
    const country = national?.slug ?? (CANADIAN_CITIES.some((c) => f.name.startsWith(c)) ? 'can' : 'usa');
    const slug = slugify(f.name) + ((nameCount.get(f.name) ?? 0) > 1 ? `-${franchID.toLowerCase()}` : '');
    ctx.put('teams', {
      id: f.id,
      slug,
      name: f.name,
      fullName: f.name,
      founded: f.first,
      status: f.last === lastYear ? 'active' : 'not-active',
      leagueSlug: DATABANK_LEAGUES[f.lgID]?.slug,
      teamType: national ? 'international' : 'club',
      teamClass: 'men',
      countrySlug: country,
      continent: national ? 'EU' : 'NA',
      defaultSeason: seasonSlug(f.last),
      activeSeason: seasonSlug(f.last),
      notes: `Hockey Databank franchise ${franchID}`,
    });
  }
  return franchises;
}

/**
 * A team-season and a standings row per row of Teams.csv, the season's name and league kept; a row
 * missing a number the standings need is skipped (and has no team-season). Returns the team-seasons by
 * {@link teamSeasonKey}.
 */
function writeTeamSeasons(
  ctx: ImportContext,
  teamRows: readonly TeamRow[],
  franchises: ReadonlyMap<string, Franchise>,
  abbrev: ReadonlyMap<string, string>,
): Map<string, TeamSeasonKey> {
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
      teamSeasons.set(teamSeasonKey(t.year, t.lgID, t.row.tmID), { teamId: f.id, leagueSlug, season, year: t.year });
      ctx.put('team_seasons', {
        teamId: f.id,
        seasonSlug: season,
        leagueSlug,
        teamName: t.row.name,
        isDefault: t.year === f.last ? 1 : 0,
        isActive: t.year === f.last ? 1 : 0,
      });
      const playoff = t.row.playoff ?? '';
      ctx.put('standings', {
        id: ++standingId,
        leagueSlug,
        seasonSlug: season,
        teamId: f.id,
        teamName: t.row.name,
        group: groupName(t.row, abbrev),
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
      ctx.skip('Teams.csv', t.line, e.message);
    }
  }
  return teamSeasons;
}

/** The standings group of a row: its division's name, else its conference's, else their codes, else null. */
function groupName(row: CsvRow, abbrev: ReadonlyMap<string, string>): string | null {
  return (
    (row.divID && abbrev.get(`Division|${row.divID}`)) ||
    (row.confID && abbrev.get(`Conference|${row.confID}`)) ||
    row.divID ||
    row.confID ||
    null
  );
}
