import {
  type Coverage,
  type CoverageQuery,
  CoverageQuerySchema,
  type CoverageRow,
  PROJECTION_ORDER,
} from '../../../../shared/department/desk.ts';
import { draftEligibleYear } from '../../../../shared/domain/draft.ts';
import { parseListInput } from '../../../../shared/domain/lists.ts';
import type { GradeArea, Projection } from '../../../../shared/domain/report-areas.ts';
import type { CacheReader } from '../../../cache/read-only.ts';
import type { WritableDB } from '../../../common/db.ts';
import { folded } from '../../reports.ts';
import {
  type CoverageSqlRow,
  coverageSqlRows,
  mergeTotals,
  type PlayerTotals,
  playerCoverageSqlRows,
  totalsOf,
} from './coverage-sql.ts';
import { nameOf } from './names.ts';
import { disagreementThreshold } from './settings.ts';

/**
 * Coverage: per player, the department's final reports as this laptop last pulled them (coverage-sql.ts):
 * how many, by how many scouts, the first and last viewing, each grade area's mean and range, the
 * projections' distribution and the most common one, and the areas where the scouts disagree (a range
 * over the directors' threshold: settings.ts). One player under two sources is one row when his name
 * (accents and case aside) and birth date agree, as the player page matches the department's reports.
 * Filtered and sorted here, and answered a page at a time (an export asks for every row).
 */

/** The key that joins one player's rows across sources: his name and birth date, else his source and id. */
export const coverageKey = (t: { source: string; playerId: number; name: string; dateOfBirth: string | null }) =>
  t.dateOfBirth === null ? `s:${t.source}\u001f${t.playerId}` : `n:${folded(t.name).trim()}\u001f${t.dateOfBirth}`;

/** The rows of one player: his source and id, or his name and birth date under another source. */
function onePlayersRows(
  db: WritableDB,
  p: { source: string; playerId: number; name: string; dateOfBirth: string | null },
): CoverageSqlRow[] {
  const name = folded(p.name).trim();
  return playerCoverageSqlRows(db, p).filter(
    (r) => (r.source === p.source && r.playerId === p.playerId) || folded(r.name).trim() === name,
  );
}

/** The department board's tier of each player (by source and id, and by name and birth date). */
function boardTiers(db: WritableDB): (t: PlayerTotals) => string | null {
  const board = db
    .query<{ id: number; tiers: string }, []>(
      "SELECT id, tiers FROM draft_boards WHERE kind = 'department' ORDER BY updatedAt DESC, id DESC LIMIT 1",
    )
    .get();
  if (board === undefined) return () => null;
  const tiers = JSON.parse(board.tiers) as string[];
  const byId = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const e of db
    .query<
      {
        source: string;
        playerId: number;
        playerName: string;
        dateOfBirth: string | null;
        tier: number;
        noInterest: number;
      },
      [number]
    >('SELECT source, playerId, playerName, dateOfBirth, tier, noInterest FROM draft_board_entries WHERE boardId = ?')
    .all(board.id)) {
    if (e.noInterest === 1) continue;
    const name = tiers[e.tier] ?? null;
    if (name === null) continue;
    byId.set(`${e.source}\u001f${e.playerId}`, name);
    if (e.dateOfBirth !== null) byName.set(`${folded(e.playerName).trim()}\u001f${e.dateOfBirth}`, name);
  }
  return (t) =>
    byId.get(`${t.source}\u001f${t.playerId}`) ??
    (t.dateOfBirth === null ? null : (byName.get(`${folded(t.name).trim()}\u001f${t.dateOfBirth}`) ?? null));
}

/** The projection most reports gave; ties go to the higher role (PROJECTIONS' order). */
export function topProjection(projections: Map<Projection, number>): Projection | null {
  let best: Projection | null = null;
  for (const p of PROJECTION_ORDER) {
    const n = projections.get(p) ?? 0;
    if (n > 0 && (best === null || n > (projections.get(best) ?? 0))) best = p;
  }
  return best;
}

/** Names and texts compare as the scout reads them (accents and case aside). */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

interface Lookups {
  cache: CacheReader | null;
  cacheSource: string | null;
  tierOf: (t: PlayerTotals) => string | null;
  names: Map<string, string>;
  threshold: number;
}

/** His league: his latest season in the cache (when it holds his source), else his newest report's. */
function leagueOf(t: PlayerTotals, l: Lookups): string | null {
  const cached = l.cache !== null && l.cacheSource === t.source ? l.cache.latestLeague(t.playerId) : null;
  const written = t.lastLeague.slice(t.lastLeague.indexOf('\u001f') + 1);
  return cached ?? (written === '' ? null : written);
}

/** The areas whose range is over the threshold. */
const disagreeing = (t: PlayerTotals, threshold: number): GradeArea[] =>
  [...t.areas].flatMap(([area, a]) => (a.hi - a.lo > threshold ? [area] : []));

/** A player's totals as a coverage row. */
function rowOf(t: PlayerTotals, l: Lookups): CoverageRow {
  const areas: CoverageRow['areas'] = {};
  for (const [area, a] of t.areas) areas[area] = { graded: a.n, mean: a.sum / a.n, min: a.lo, max: a.hi };
  const owners = [...t.owners];
  return {
    player: { source: t.source, playerId: t.playerId, name: t.name, dateOfBirth: t.dateOfBirth, position: t.position },
    league: leagueOf(t, l),
    draftYear: draftEligibleYear(t.dateOfBirth),
    tier: l.tierOf(t),
    reports: t.reports,
    scouts: owners.length,
    scoutNames: owners.map((o) => l.names.get(o) ?? o).sort((x, y) => collator.compare(x, y)),
    firstSeen: t.firstSeen,
    lastSeen: t.lastSeen,
    areas,
    projections: Object.fromEntries(t.projections),
    topProjection: topProjection(t.projections),
    disagreeAreas: disagreeing(t, l.threshold),
  };
}

type SortValue = string | number | null;

/** The value a player sorts by under `sort`, from his totals (his full row is made for the page only). */
function sortValue(t: PlayerTotals, sort: string, l: Lookups): SortValue {
  if (sort.startsWith('mean:')) {
    const a = t.areas.get(sort.slice(5) as GradeArea);
    return a === undefined ? null : a.sum / a.n;
  }
  switch (sort) {
    case 'name':
      return t.name;
    case 'league':
      return leagueOf(t, l);
    case 'draftYear':
      return draftEligibleYear(t.dateOfBirth);
    case 'tier':
      return l.tierOf(t);
    case 'reports':
      return t.reports;
    case 'scouts':
      return t.owners.size;
    case 'firstSeen':
      return t.firstSeen;
    case 'projection': {
      const p = topProjection(t.projections);
      return p === null ? null : PROJECTION_ORDER.indexOf(p);
    }
    case 'disagree':
      return disagreeing(t, l.threshold).length;
    default:
      return t.lastSeen;
  }
}

/** The columns whose text is words (compared as the scout reads them); dates compare as written. */
const WORDS = new Set(['name', 'league', 'tier']);

/** Compares two sort values; nulls last whichever the direction. */
function compare(a: SortValue, b: SortValue, desc: boolean, words: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const c = words ? collator.compare(String(a), String(b)) : a < b ? -1 : 1;
  return desc ? -c : c;
}

/** The totals of `rows`, those of one key (`keyOf`) added together. */
function totalsBy(rows: readonly CoverageSqlRow[], keyOf: (t: PlayerTotals) => string): Map<string, PlayerTotals> {
  const players = new Map<string, PlayerTotals>();
  for (const r of rows) {
    const t = totalsOf(r);
    const key = keyOf(t);
    const seen = players.get(key);
    if (seen === undefined) players.set(key, t);
    else mergeTotals(seen, t);
  }
  return players;
}

/**
 * Every player the department's final reports name (or those of `rows`, some of them), his rows of several
 * sources joined, by {@link coverageKey}.
 */
export const coverageTotals = (db: WritableDB, rows = coverageSqlRows(db)): Map<string, PlayerTotals> =>
  totalsBy(rows, coverageKey);

/**
 * The coverage of every player the department's final reports name, filtered and sorted by `raw`
 * (shared/department/desk.ts `CoverageQuerySchema`). `cache`: the player cache, for each player's league
 * (his latest season there, when its rows are of his source); null reads the leagues from the reports.
 * @throws ListInputError naming a bad field of `raw`.
 */
export function coverage(db: WritableDB, cache: CacheReader | null, raw: CoverageQuery = {}): Coverage {
  const q = parseListInput(CoverageQuerySchema, raw ?? {}, '');
  const one = q.player === undefined ? null : { ...q.player, source: q.player.source ?? cache?.source() ?? '' };
  // One player's rows are his whichever key they would have.
  const players = one === null ? coverageTotals(db) : totalsBy(onePlayersRows(db, one), () => 'player');
  const threshold = disagreementThreshold(db);
  const l: Lookups = {
    cache,
    cacheSource: cache?.source() ?? null,
    tierOf: boardTiers(db),
    names: new Map(),
    threshold,
  };
  for (const o of new Set([...players.values()].flatMap((t) => [...t.owners]))) l.names.set(o, nameOf(db, o));
  const league = q.league === undefined ? null : q.league.toLowerCase();
  const tier = q.tier === undefined ? null : q.tier.toLowerCase();
  const kept: { t: PlayerTotals; v: SortValue }[] = [];
  for (const t of players.values()) {
    if (q.notSeenSince !== undefined && t.lastSeen >= q.notSeenSince) continue;
    if (q.fewerScoutsThan !== undefined && t.owners.size >= q.fewerScoutsThan) continue;
    if (q.draftYear !== undefined && draftEligibleYear(t.dateOfBirth) !== q.draftYear) continue;
    if (league !== null && leagueOf(t, l)?.toLowerCase() !== league) continue;
    if (tier !== null && l.tierOf(t)?.toLowerCase() !== tier) continue;
    kept.push({ t, v: sortValue(t, q.sort, l) });
  }
  const words = WORDS.has(q.sort);
  kept.sort((a, b) => compare(a.v, b.v, q.desc, words) || collator.compare(a.t.name, b.t.name));
  const rows = kept.slice(q.offset, q.offset + q.limit).map((k) => rowOf(k.t, l));
  return { rows, total: kept.length, threshold };
}
