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
import { coverageSqlRows, mergeTotals, type PlayerTotals, totalsOf } from './coverage-sql.ts';
import { nameOf } from './names.ts';
import { disagreementThreshold } from './settings.ts';

/**
 * Coverage: per player, the department's final reports as this laptop last pulled them (coverage-sql.ts):
 * how many, by how many scouts, the first and last viewing, each grade area's mean and range, the
 * projections' distribution and the most common one, and the areas where the scouts disagree (a range
 * over the directors' threshold: settings.ts). One player under two sources is one row when his name
 * (accents and case aside) and birth date agree, as the player page matches the department's reports.
 * Filtered and sorted here; every row is returned (the table exports what it shows).
 */

/** The key that joins one player's rows across sources. */
const keyOf = (t: PlayerTotals) =>
  t.dateOfBirth === null ? `s:${t.source}\u001f${t.playerId}` : `n:${folded(t.name).trim()}\u001f${t.dateOfBirth}`;

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
function topProjection(projections: Map<Projection, number>): Projection | null {
  let best: Projection | null = null;
  for (const p of PROJECTION_ORDER) {
    const n = projections.get(p) ?? 0;
    if (n > 0 && (best === null || n > (projections.get(best) ?? 0))) best = p;
  }
  return best;
}

interface Lookups {
  cache: CacheReader | null;
  cacheSource: string | null;
  tierOf: (t: PlayerTotals) => string | null;
  names: Map<string, string>;
  threshold: number;
}

/** A player's totals as a coverage row. */
function rowOf(t: PlayerTotals, l: Lookups): CoverageRow {
  const areas: CoverageRow['areas'] = {};
  const disagreeAreas: GradeArea[] = [];
  for (const [area, a] of t.areas) {
    areas[area] = { graded: a.n, mean: a.sum / a.n, min: a.lo, max: a.hi };
    if (a.hi - a.lo > l.threshold) disagreeAreas.push(area);
  }
  const owners = [...t.owners].sort();
  for (const o of owners) if (!l.names.has(o)) l.names.set(o, o);
  const cached = l.cache !== null && l.cacheSource === t.source ? l.cache.latestLeague(t.playerId) : null;
  const written = t.lastLeague.slice(t.lastLeague.indexOf('\u001f') + 1);
  return {
    player: { source: t.source, playerId: t.playerId, name: t.name, dateOfBirth: t.dateOfBirth, position: t.position },
    league: cached ?? (written === '' ? null : written),
    draftYear: draftEligibleYear(t.dateOfBirth),
    tier: l.tierOf(t),
    reports: t.reports,
    scouts: owners.length,
    scoutNames: owners.map((o) => l.names.get(o) as string).sort((x, y) => x.localeCompare(y)),
    firstSeen: t.firstSeen,
    lastSeen: t.lastSeen,
    areas,
    projections: Object.fromEntries(t.projections),
    topProjection: topProjection(t.projections),
    disagreeAreas,
  };
}

type SortValue = string | number | null;

/** The value a row sorts by under `sort`. */
function sortValue(r: CoverageRow, sort: string): SortValue {
  if (sort.startsWith('mean:')) return r.areas[sort.slice(5) as GradeArea]?.mean ?? null;
  switch (sort) {
    case 'name':
      return folded(r.player.name);
    case 'projection':
      return r.topProjection === null ? null : PROJECTION_ORDER.indexOf(r.topProjection);
    case 'disagree':
      return r.disagreeAreas.length;
    default:
      return r[sort as 'league' | 'draftYear' | 'tier' | 'reports' | 'scouts' | 'firstSeen' | 'lastSeen'];
  }
}

/** Compares two sort values; nulls last whichever the direction. */
function compare(a: SortValue, b: SortValue, desc: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const c = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return desc ? -c : c;
}

/**
 * The coverage of every player the department's final reports name, filtered and sorted by `raw`
 * (shared/department/desk.ts `CoverageQuerySchema`). `cache`: the player cache, for each player's league
 * (his latest season there, when its rows are of his source); null reads the leagues from the reports.
 * @throws ListInputError naming a bad field of `raw`.
 */
export function coverage(db: WritableDB, cache: CacheReader | null, raw: CoverageQuery = {}): Coverage {
  const q = parseListInput(CoverageQuerySchema, raw ?? {}, '');
  const players = new Map<string, PlayerTotals>();
  for (const r of coverageSqlRows(db)) {
    const t = totalsOf(r);
    const key = keyOf(t);
    const seen = players.get(key);
    if (seen === undefined) players.set(key, t);
    else mergeTotals(seen, t);
  }
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
  const rows: CoverageRow[] = [];
  for (const t of players.values()) {
    if (q.notSeenSince !== undefined && t.lastSeen >= q.notSeenSince) continue;
    if (q.fewerScoutsThan !== undefined && t.owners.size >= q.fewerScoutsThan) continue;
    if (q.draftYear !== undefined && draftEligibleYear(t.dateOfBirth) !== q.draftYear) continue;
    const r = rowOf(t, l);
    if (league !== null && r.league?.toLowerCase() !== league) continue;
    if (tier !== null && r.tier?.toLowerCase() !== tier) continue;
    rows.push(r);
  }
  const values = new Map(rows.map((r) => [r, sortValue(r, q.sort)]));
  rows.sort(
    (a, b) =>
      compare(values.get(a) ?? null, values.get(b) ?? null, q.desc) ||
      folded(a.player.name).localeCompare(folded(b.player.name)),
  );
  return { rows, threshold };
}
