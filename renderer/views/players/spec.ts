import type { OfflineStatus } from '../../../shared/bridge/offline-bridge.ts';
import {
  type ColumnSpec,
  formatCount,
  formatInt,
  PLAYER_COLUMNS,
  PLAYER_SEASON_COLUMNS,
} from '../../../shared/columns/index.ts';
import type {
  OfflinePlayerListRecord,
  SyncEstimate,
  SyncProgress,
  SyncStateRow,
} from '../../../shared/domain/offline.ts';
import { sourceInWords } from '../../../shared/domain/sources.ts';
import { type ListQuery, sortKeyOf } from '../../../shared/query/query.ts';
import type { StoreTableSpec } from '../../../shared/query/table-spec.ts';
import type { SyncedLeague } from '../../entities/player/download.ts';
import { formatDateTimeUtc } from '../../format/index.ts';

/**
 * The pure parts of the Players view: its columns, count line and export spec (the list's query is an
 * entity, entities/player/directory.ts), and the words of a download's estimate and the last sync.
 */

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

const n = formatInt;
const plural = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

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
