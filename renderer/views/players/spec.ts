import type { OfflineStatus } from '../../../shared/bridge/offline-bridge.ts';
import {
  type ColumnSpec,
  formatCount,
  formatInt,
  PLAYER_COLUMNS,
  PLAYER_SEASON_COLUMNS,
} from '../../../shared/columns/index.ts';
import {
  type OfflinePlayerListRecord,
  PLAYER_FILTERS,
  type SyncEstimate,
  type SyncProgress,
  type SyncStateRow,
} from '../../../shared/domain/offline.ts';
import { sourceInWords } from '../../../shared/domain/sources.ts';
import {
  type ListQuery,
  type ListQueryOptions,
  listQueryToServiceQuery,
  sortKeyOf,
} from '../../../shared/query/query.ts';
import type { StoreTableSpec } from '../../../shared/query/table-spec.ts';
import { formatDateTimeUtc, positionOptions } from '../../format/index.ts';

/**
 * The pure parts of the Players view: its URL state (the offline store's players query), and the words of
 * the download progress and last sync.
 */

/** Filters of the Players view: the offline store's own list (shared/domain/offline.ts). */
export const PLAYER_FILTER_KEYS = PLAYER_FILTERS;

/**
 * The line under the Players title: `8,181 players on this computer`, or, when a search or a filter narrows
 * the list (`narrowed`), `312 of 8,181 players on this computer` (`held`: the store's players, once the
 * download status is in; without it, `312 players match the filters`), so a filtered count is never read as all
 * the store holds.
 */
export function playersCountLine(shown: number, narrowed: boolean, held: number | undefined): string {
  if (!narrowed) return `${formatCount(shown, 'player')} on this computer`;
  if (held === undefined) return `${formatCount(shown, 'player')} match the filters`;
  return `${formatInt(shown)} of ${formatCount(held, 'player')} on this computer`;
}

/** Positions a scout filters by: the `position` letter, and C, LW, RW (and D) in the detailed positions too. */
export const POSITION_OPTIONS = positionOptions(['G', 'D', 'F', 'C', 'LW', 'RW']);

/** Shoots / catches: left or right. */
export const HAND_OPTIONS = [
  { value: 'L', label: 'Left' },
  { value: 'R', label: 'Right' },
] as const;

/**
 * How the Players view reads its list query from the URL: the catalog's sort keys, and no sort until the
 * scout chooses one, so the store's own order applies: by name, or, for a search whose spelling it forgave,
 * closest spelling first ({@link playersSortShown}).
 */
export function playersListOptions(pageSize: number): ListQueryOptions {
  return {
    filterKeys: PLAYER_FILTER_KEYS,
    defaultLimit: pageSize,
    sortKeys: [...PLAYER_COLUMNS, ...PLAYER_SEASON_COLUMNS].flatMap((c) => (c.sortKey ? [c.sortKey] : [])),
  };
}

/** Columns that the chosen season's own replace: today's age, the latest team and season. */
const REPLACED_BY_SEASON = new Set(['age', 'latestTeam', 'latestSeason']);

/**
 * The Players list's columns: without a season, the bio and the latest team-season; with one, the bio and
 * that season's line (draft age then, team(s), season, stats).
 */
export function playerColumnsFor(season: string | undefined): readonly ColumnSpec[] {
  if (!season) return DIRECTORY_COLUMNS;
  return [...PLAYER_COLUMNS.filter((c) => !REPLACED_BY_SEASON.has(c.id)), ...PLAYER_SEASON_COLUMNS];
}

/** The directory's columns without a season: the Age column says what it shows ({@link directoryAge}). */
const DIRECTORY_COLUMNS: readonly ColumnSpec[] = PLAYER_COLUMNS.map((c) =>
  c.id === 'age'
    ? {
        ...c,
        title:
          'Age today, in whole years; for a player whose latest season here ended over a season ago, his birth year',
      }
    : c,
);

/**
 * The directory's Age cell: `ageToday` (his age today, as the player page says it), unless his latest season
 * on this computer ended over a season before `today`'s year: then his birth year (`born 1961`), since the
 * age a long-retired player would be today (66) says nothing a scout looks for. The age filter and the
 * sort keep reading his age today.
 */
export function directoryAge(
  p: Pick<OfflinePlayerListRecord, 'latestSeason' | 'dateOfBirth' | 'yearOfBirth'>,
  ageToday: string | null,
  today = new Date(),
): string {
  const ended = Number(/^\d{4}-(\d{4})$/.exec(p.latestSeason ?? '')?.[1] ?? Number.NaN);
  const born = p.yearOfBirth ?? (/^\d{4}/.test(p.dateOfBirth ?? '') ? Number(p.dateOfBirth?.slice(0, 4)) : null);
  if (ended < today.getUTCFullYear() - 1 && born !== null) return `born ${born}`;
  return ageToday ?? '—';
}

/** The list query as asked: a sort by a season's stat is dropped when no season is chosen (nothing to sort by). */
export function playersQueryShown(query: ListQuery): ListQuery {
  if (query.filters.season || !(query.sort ?? []).some((t) => sortKeyOf(t).startsWith('season.'))) return query;
  const sort = (query.sort ?? []).filter((t) => !sortKeyOf(t).startsWith('season.'));
  const { sort: _dropped, ...rest } = query;
  return sort.length > 0 ? { ...rest, sort } : rest;
}

/**
 * The list query as the table marks its sort: the one the scout chose; without one, the store's order,
 * by name (the Name column marked), unless the store ranked the names spelled like the search closest
 * first (`closestFirst`, shared/domain/offline.ts), which no column gives: then none is marked.
 */
export function playersSortShown(query: ListQuery, closestFirst: boolean): ListQuery {
  if ((query.sort ?? []).length > 0 || closestFirst) return query;
  return { ...query, sort: ['name'] };
}

/**
 * The Players list as an export sends it: the store's players table, its query, the columns and context.
 * `spellingForgiven`: the store answered the search with names spelled like it (none starts with it);
 * `closestFirst`: ranked closest spelling first, then most games; the About sheet then says so.
 */
export function playersTableSpec(
  query: ListQuery,
  columns: readonly ColumnSpec[],
  spellingForgiven = false,
  closestFirst = false,
): StoreTableSpec {
  const f = query.filters;
  const context: Record<string, string> = { view: 'Players' };
  if (f.league) context.league = f.league.toUpperCase();
  if (f.season) context.season = f.season;
  if (f.q && spellingForgiven) {
    context.search = `names spelled like “${f.q}” (none starts with it)${closestFirst ? `, ${CLOSEST_FIRST}` : ''}`;
  } else if (f.q) context.search = f.q;
  return { source: 'offlinePlayers', query, columns, context };
}

/** How a list ranked closest first is ordered, in words. */
export const CLOSEST_FIRST = 'closest spelling first, then most games played';

/**
 * The `offlinePlayers` query record of a list query: the service query record of shared/query/query.ts
 * (`q`, filters, `sort` comma-separated, `offset`, `limit`), without `fields` (the store answers whole records).
 */
export function playersServiceQuery(query: ListQuery): Record<string, string> {
  const { fields: _fields, ...rest } = query;
  return listQueryToServiceQuery(rest);
}

/** A duration in words for the ETA: `45 s`, `3 min 05 s`, `1 h 02 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

const n = formatInt;
const plural = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

/** How a stopped download's line begins. */
const STOPPED = { cancelled: 'Cancelled at', interrupted: 'Interrupted at', failed: 'Stopped at' } as const;

/**
 * The progress line of a download, counting what it counts: `412 of 1,590 team-seasons · 12,345 stat
 * lines · 2,345 players · about 40 s left` (team-seasons as the leagues' standings list them; stat lines
 * and distinct players of those done), and once stopped `Done: …`, `Cancelled at …`, `Interrupted at …`
 * or `Stopped at …: why`; 429s the service answered and refused (403) team-seasons are counted, and the
 * store's preparing of the stats browser's rows after the download is said.
 */
export function progressText(p: SyncProgress): string {
  // Until the leagues' seasons and standings are read, the totals are unknown.
  if (p.state === 'running' && p.unitsTotal === 0) return 'Preparing: reading the leagues’ seasons and standings…';
  const parts = [
    `${n(p.unitsDone)} of ${plural(p.unitsTotal, 'team-season')}`,
    plural(p.rows, 'stat line'),
    plural(p.players, 'player'),
  ];
  if (p.state === 'running')
    parts.push(p.etaMs === null ? 'estimating time left' : `about ${formatDuration(p.etaMs)} left`);
  if (p.rateLimited > 0) parts.push(`slowed down ${plural(p.rateLimited, 'time')} at the service’s request`);
  if (p.refused.length > 0) parts.push(`${plural(p.refused.length, 'team-season')} refused (not in your subscription)`);
  if (p.preparing) parts.push('preparing the stats browser’s rows…');
  const line = parts.join(' · ');
  if (p.state === 'done') return `Done: ${line}`;
  if (p.state === 'idle' || p.state === 'running') return line;
  const head = `${STOPPED[p.state]} ${line}`;
  return p.state === 'failed' && p.error
    ? `${STOPPED.failed} ${parts[0]}: ${p.error} (${parts.slice(1).join(' · ')})`
    : head;
}

/** Whether a download stopped before its end and can resume where it stopped. */
export function resumable(p: SyncProgress | undefined): boolean {
  return (
    p !== undefined &&
    p.request !== null &&
    (p.state === 'interrupted' || p.state === 'cancelled' || p.state === 'failed')
  );
}

/** League slugs as the scout reads them: `NHL and WHA`, `NHL, AHL and SHL`. */
export function leagueList(slugs: readonly string[], nameOf: (slug: string) => string): string {
  const names = slugs.map(nameOf);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The size of a download before it starts, per league and in all: `NHL: 101 seasons (1917-1918 to
 * 2017-2018), 1,506 team-seasons`, and `1,590 team-seasons in all, 37 of them on this computer`.
 */
export function estimateLines(e: SyncEstimate, nameOf: (slug: string) => string): { leagues: string[]; total: string } {
  const leagues = e.leagues.map(
    (l) =>
      `${nameOf(l.slug)}: ${l.seasons.length === 0 ? 'no season in this range' : `${seasonsText(l.seasons)}, ${plural(l.teamSeasons, 'team-season')}`}`,
  );
  for (const slug of e.refused) leagues.push(`${nameOf(slug)}: not in your subscription`);
  const total = `${plural(e.teamSeasons, 'team-season')} in all${e.done > 0 ? `, ${n(e.done)} of them on this computer already` : ''}`;
  return { leagues, total };
}

/** The share of a download done, 0..1 (team-seasons done of total; 0 when nothing is known yet). */
export function progressFraction(p: SyncProgress): number {
  return p.unitsTotal > 0 ? Math.min(1, p.unitsDone / p.unitsTotal) : 0;
}

/** The latest sync time of the store, or null when nothing was synced. */
export function lastSyncedAt(synced: readonly SyncStateRow[]): string | null {
  let last: string | null = null;
  for (const s of synced) if (last === null || s.syncedAt > last) last = s.syncedAt;
  return last;
}

/** A sync's time as the views show it: `2026-11-23 09:40 UTC` (UTC, so a test and a screenshot read the same). */
export const syncTime = formatDateTimeUtc;

/**
 * The line above the table: `On this computer: players synced 2026-11-23 09:40 UTC · 2 league-seasons ·
 * 1,234 players · 5,678 stats rows`, or null when the store holds nothing.
 */
export function syncedLine(status: Pick<OfflineStatus, 'synced' | 'counts'>): string | null {
  const last = lastSyncedAt(status.synced);
  if (last === null) return null;
  return `On this computer: players synced ${syncTime(last)} · ${plural(status.synced.length, 'league-season')} · ${plural(status.counts.players, 'player')} · ${plural(status.counts.playerStats, 'stats row')}`;
}

/** The banner while the service cannot be reached: `Offline: showing players synced 2026-11-23 09:40 UTC`. */
export function offlineBanner(synced: readonly SyncStateRow[]): string {
  const last = lastSyncedAt(synced);
  return last === null
    ? 'Offline: no players on this computer yet'
    : `Offline: showing players synced ${syncTime(last)}`;
}

/** One league as the download panel lists what is on this computer. */
export interface SyncedLeague {
  slug: string;
  name: string;
  /** Season slugs synced, oldest first. */
  seasons: string[];
  rows: number;
  /** The oldest last-sync time among its seasons (what a re-sync would bring up to date). */
  syncedAt: string;
  /** The newest last-sync time among its seasons. */
  newestAt: string;
  /** A re-sync started and did not end: the next download resumes it. */
  inProgress: boolean;
}

/** The synced league-seasons grouped by league, by name. */
export function syncedLeagues(synced: readonly SyncStateRow[]): SyncedLeague[] {
  const by = new Map<string, SyncedLeague>();
  for (const s of synced) {
    const l = by.get(s.leagueSlug) ?? {
      slug: s.leagueSlug,
      name: s.leagueName ?? s.leagueSlug,
      seasons: [],
      rows: 0,
      syncedAt: s.syncedAt,
      newestAt: s.syncedAt,
      inProgress: false,
    };
    l.seasons.push(s.seasonSlug);
    l.rows += s.rows;
    if (s.syncedAt < l.syncedAt) l.syncedAt = s.syncedAt;
    if (s.syncedAt > l.newestAt) l.newestAt = s.syncedAt;
    l.inProgress ||= s.inProgress;
    by.set(s.leagueSlug, l);
  }
  for (const l of by.values()) l.seasons.sort();
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** When a league's seasons were last synced: one time, or `from … to …` when they differ. */
export function syncedWhen(l: Pick<SyncedLeague, 'syncedAt' | 'newestAt'>): string {
  const a = syncTime(l.syncedAt);
  const b = syncTime(l.newestAt);
  return a === b ? a : `${a} to ${b}`;
}

/** A season list in words: `2023-2024`, or `2019-2020 to 2023-2024 (5 seasons)`. */
export function seasonsText(seasons: readonly string[]): string {
  if (seasons.length === 0) return 'no season';
  if (seasons.length === 1) return seasons[0] as string;
  return `${seasons[0]} to ${seasons.at(-1)} (${seasons.length} seasons)`;
}

/** Another source of the offline store in words: `a database of the app’s local service`, `the service at https://host`. */
export const sourceName = sourceInWords;

/** Centimetres in feet and inches, as North American scouts read heights: 185 → `6′1″`. */
export function feetInches(cm: number): string {
  const inches = Math.round(cm / 2.54);
  return `${Math.floor(inches / 12)}′${inches % 12}″`;
}

/** Kilograms in pounds, rounded: 85 → `187 lb`. */
export function pounds(kg: number): string {
  return `${Math.round(kg * 2.20462)} lb`;
}
