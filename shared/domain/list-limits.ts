/**
 * The scouting lists' limits and their table's sort keys, with no dependency at all, so the page can
 * import them without bundling zod (shared/domain/lists.ts builds the lists' schemas on them and re-exports them).
 */

/** Longest list name, in characters. */
export const LIST_NAME_MAX = 80;
/** Longest note, in characters. */
export const NOTE_MAX = 4000;

/** The longest `rinkside-lists` file an import reads, in characters of text. */
export const LISTS_FILE_MAX_CHARS = 32 * 1024 * 1024;

/** Sort keys of a list's table: the entry record's fields (`-` for descending). */
export const ENTRY_SORT_KEYS = [
  'name',
  'position',
  'latestSeason',
  'team',
  'GP',
  'G',
  'A',
  'PTS',
  'GAA',
  'SVP',
  'rating',
  'addedAt',
] as const;
/** One sort key of a list's table. */
export type EntrySortKey = (typeof ENTRY_SORT_KEYS)[number];

/** The default order of a list: best rated first, then by name. */
export const ENTRY_DEFAULT_SORT = ['-rating', 'name'] as const;
