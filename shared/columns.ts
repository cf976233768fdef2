import type { EndpointName } from './endpoints.ts';
import { type SeasonStatKey, STAT_BLOCKS, type StatBlock } from './spec.ts';

/**
 * The column catalog (DESIGN.md, "Server-driven tables"): per resource, each column
 * once, with its field path, label, abbreviation, unit, number format, whether and
 * by which key the service sorts it, and the `fields` value it needs. The data
 * table, the `fields` parameter, exports and chart axes all read it.
 *
 * Formatters are pure and locale-fixed (`en-US` digits and separators), because
 * hockey people read `.915` and `3,412` the same way everywhere.
 */

/** How a value is shown. */
export type FormatKind =
  /** Plain text; null → `—`. */
  | 'text'
  /** Whole number with thousands separators: `1,234`. */
  | 'int'
  /** Whole number with a sign: `+12`, `-3`, `0` (goal differential). */
  | 'signed'
  /** Save percentage, a fraction 0..1 shown with three decimals and no leading zero: `.915`, `1.000`. */
  | 'svp'
  /** Goals against average, two decimals: `2.45`. */
  | 'gaa'
  /** Time on ice in minutes, whole, with thousands separators: `3,412`. */
  | 'toi'
  /** An ISO 8601 date-time shown as its date: `2026-11-21`. */
  | 'date';

/** One column of a resource. */
export interface ColumnSpec {
  /** Unique within its resource; stable (URLs, exports and tests name it). */
  id: string;
  /** Dotted path into the record: `regularStats.SVP`, `league.name`. */
  field: string;
  /** Short label for headers without an abbreviation convention: `Team`, `Country`. */
  label: string;
  /** The header as hockey people write it: `GP`, `SV%`, `GAA`. */
  abbr: string;
  /** The full name, for tooltips and screen readers: `Save percentage`. */
  title: string;
  /** Unit of the value, when it has one. */
  unit?: 'minutes' | 'goals per 60 minutes' | 'fraction of shots' | 'games' | 'goals' | 'shots' | 'points';
  format: FormatKind;
  /** Numbers are right-aligned with tabular digits. */
  numeric: boolean;
  /** The service's sort key for this column (spec's sort list of the endpoint); absent: not sortable. */
  sortKey?: string;
  /** Whether the first header click sorts descending (true for stats: best first). */
  sortDescFirst: boolean;
  /** The `fields` value the column needs. */
  fields: string;
  /**
   * Optional column: hidden when no row of the page has a value in it (MHR on data without ratings,
   * shots against in seasons before shots were counted), unless the table is sorted by it. Sorting
   * puts nulls last both ways, so a page without values means the later pages have none either.
   */
  hideWhenEmpty?: boolean;
}

/** A resource's table: the endpoint it lists and its columns. */
export interface ResourceCatalog {
  endpoint: EndpointName;
  columns: readonly ColumnSpec[];
  /** Whether the endpoint takes a `fields` parameter (spec lists allowed values for it). */
  acceptsFields: boolean;
  /** Fields always requested beside the columns' own (ids for links, names for headers). */
  baseFields: readonly string[];
  defaultSort: readonly string[];
}

const NULL_TEXT = '—';
const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Reads a number from a number or a numeric string; anything else is null. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** SV% as hockey writes it: 0.915 → `.915`, 0.9 → `.900`, 1 → `1.000`; null → `—`. Input is a fraction 0..1. */
export function formatSavePct(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return NULL_TEXT;
  const s = n.toFixed(3);
  return s.startsWith('0.') ? s.slice(1) : s.startsWith('-0.') ? `-${s.slice(2)}` : s;
}

/** GAA (goals per 60 minutes) to two decimals: 2.4471 → `2.45`; null → `—`. */
export function formatGaa(value: unknown): string {
  const n = toNumber(value);
  return n === null ? NULL_TEXT : n.toFixed(2);
}

/**
 * TOI as whole minutes with thousands separators: 3412.4 → `3,412`. Accepts minutes
 * as a number, or `m:ss` as the real service writes TOI filters (`3412:30` → `3,413`).
 */
export function formatToi(value: unknown): string {
  if (typeof value === 'string') {
    const m = /^(\d+):([0-5]\d)$/.exec(value.trim());
    if (m) return intFormat.format(Math.round(Number(m[1]) + Number(m[2]) / 60));
  }
  const n = toNumber(value);
  return n === null ? NULL_TEXT : intFormat.format(Math.round(n));
}

/** A whole number with thousands separators: 1234 → `1,234`; null → `—`. */
export function formatInt(value: unknown): string {
  const n = toNumber(value);
  return n === null ? NULL_TEXT : intFormat.format(Math.round(n));
}

/**
 * A count with its noun, singular for one: `formatCount(1, 'team')` → `1 team`, `(1234, 'team')` →
 * `1,234 teams`. `plural` defaults to the noun plus `s`.
 */
export function formatCount(n: number, noun: string, plural = `${noun}s`): string {
  return `${intFormat.format(n)} ${n === 1 ? noun : plural}`;
}

/** A whole number with its sign: 12 → `+12`, -3 → `-3`, 0 → `0`; null → `—`. */
export function formatSigned(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return NULL_TEXT;
  const r = Math.round(n);
  return r > 0 ? `+${intFormat.format(r)}` : intFormat.format(r);
}

/** Text, or `—` for null, undefined and empty strings. Objects with a `name` show their name. */
export function formatText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NULL_TEXT;
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return String(value);
}

/** The date part of an ISO 8601 date-time: `2026-11-21T08:00:00Z` → `2026-11-21`. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return NULL_TEXT;
  const m = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return m ? m[0] : value;
}

const FORMATTERS: Record<FormatKind, (value: unknown) => string> = {
  text: formatText,
  int: formatInt,
  signed: formatSigned,
  svp: formatSavePct,
  gaa: formatGaa,
  toi: formatToi,
  date: formatDate,
};

/** Formats a value as a column shows it. */
export function formatValue(column: Pick<ColumnSpec, 'format'>, value: unknown): string {
  return FORMATTERS[column.format](value);
}

/** Reads a dotted path from a record: `getField(r, 'regularStats.SVP')`. Missing steps give undefined. */
export function getField(record: unknown, path: string): unknown {
  let cur: unknown = record;
  for (const step of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

// ─── Teams (GET /teams; sort keys as the spec lists them for team lists) ─────────────────────────

const text = (c: Omit<ColumnSpec, 'format' | 'numeric' | 'sortDescFirst'>): ColumnSpec => ({
  ...c,
  format: 'text',
  numeric: false,
  sortDescFirst: false,
});

/** Columns of the Teams list. */
export const TEAM_COLUMNS: readonly ColumnSpec[] = [
  text({ id: 'name', field: 'name', label: 'Team', abbr: 'Team', title: 'Team name', sortKey: 'name', fields: 'name' }),
  text({ id: 'league', field: 'league.name', label: 'League', abbr: 'League', title: 'League', fields: 'league' }),
  text({
    id: 'country',
    field: 'country.name',
    label: 'Country',
    abbr: 'Country',
    title: 'Country',
    sortKey: 'country',
    fields: 'country',
  }),
  text({ id: 'city', field: 'city', label: 'City', abbr: 'City', title: 'City', fields: 'city', hideWhenEmpty: true }),
  text({
    id: 'teamClass',
    field: 'teamClass',
    label: 'Class',
    abbr: 'Class',
    title: 'Team class (men, women)',
    sortKey: 'teamClass',
    fields: 'teamClass',
  }),
  text({
    id: 'teamType',
    field: 'teamType',
    label: 'Type',
    abbr: 'Type',
    title: 'Team type (club, international)',
    fields: 'teamType',
  }),
  text({ id: 'status', field: 'status', label: 'Status', abbr: 'Status', title: 'Status', fields: 'status' }),
  {
    id: 'founded',
    field: 'founded',
    label: 'Founded',
    abbr: 'Founded',
    title: 'Year founded',
    format: 'text',
    numeric: true,
    sortDescFirst: false,
    fields: 'founded',
    hideWhenEmpty: true,
  },
  {
    id: 'views',
    field: 'views',
    label: 'Views',
    abbr: 'Views',
    title: 'Profile views',
    format: 'int',
    numeric: true,
    sortKey: 'views',
    sortDescFirst: true,
    fields: 'views',
    hideWhenEmpty: true,
  },
  {
    id: 'mhrRating',
    field: 'mhrRating',
    label: 'MHR',
    abbr: 'MHR',
    title: 'MHR rating',
    format: 'int',
    numeric: true,
    sortKey: 'mhrRating',
    sortDescFirst: true,
    fields: 'mhrRating',
    hideWhenEmpty: true,
  },
  {
    id: 'updatedAt',
    field: 'updatedAt',
    label: 'Updated',
    abbr: 'Updated',
    title: 'Last updated',
    format: 'date',
    numeric: false,
    sortKey: 'updatedAt',
    sortDescFirst: true,
    fields: 'updatedAt',
    hideWhenEmpty: true,
  },
];

// ─── Goaltending leaders (GET /teams/{id}/goaltending-leaders), one set per stat block ──────────

interface StatDef {
  key: SeasonStatKey;
  abbr: string;
  title: string;
  format: FormatKind;
  unit?: ColumnSpec['unit'];
  /** Not recorded in every era (ties before 2005, shots before 1983 in the NHL): hidden when empty. */
  optional?: boolean;
}

/** The goalie stats shown, in the order scouts read them (issue 3). */
const GOALIE_STATS: readonly StatDef[] = [
  { key: 'GP', abbr: 'GP', title: 'Games played', format: 'int', unit: 'games' },
  { key: 'W', abbr: 'W', title: 'Wins', format: 'int', unit: 'games' },
  { key: 'L', abbr: 'L', title: 'Losses', format: 'int', unit: 'games' },
  { key: 'T', abbr: 'T', title: 'Ties', format: 'int', unit: 'games', optional: true },
  { key: 'SO', abbr: 'SO', title: 'Shutouts', format: 'int', unit: 'games' },
  { key: 'GA', abbr: 'GA', title: 'Goals against', format: 'int', unit: 'goals' },
  { key: 'SA', abbr: 'SA', title: 'Shots against', format: 'int', unit: 'shots', optional: true },
  { key: 'SVS', abbr: 'SVS', title: 'Saves', format: 'int', unit: 'shots', optional: true },
  { key: 'SVP', abbr: 'SV%', title: 'Save percentage', format: 'svp', unit: 'fraction of shots' },
  {
    key: 'GAA',
    abbr: 'GAA',
    title: 'Goals against average (per 60 minutes)',
    format: 'gaa',
    unit: 'goals per 60 minutes',
  },
  { key: 'TOI', abbr: 'TOI', title: 'Time on ice (minutes)', format: 'toi', unit: 'minutes' },
];

/** Human names of the stat blocks, for the segmented switch and export titles. */
export const STAT_BLOCK_LABELS: Record<StatBlock, string> = {
  regularStats: 'Regular season',
  postseasonStats: 'Playoffs',
  totalStats: 'Total',
};

function goaltendingColumns(block: StatBlock): readonly ColumnSpec[] {
  const blockTitle = STAT_BLOCK_LABELS[block].toLowerCase();
  return [
    text({
      id: 'player',
      field: 'player.name',
      label: 'Player',
      abbr: 'Player',
      title: 'Goaltender',
      sortKey: 'player',
      fields: 'player',
    }),
    ...GOALIE_STATS.map(
      (s): ColumnSpec => ({
        id: `${block}.${s.key}`,
        field: `${block}.${s.key}`,
        label: s.abbr,
        abbr: s.abbr,
        title: `${s.title}, ${blockTitle}`,
        ...(s.unit ? { unit: s.unit } : {}),
        format: s.format,
        numeric: true,
        sortKey: `${block}.${s.key}`,
        sortDescFirst: true,
        fields: block,
        ...(s.optional ? { hideWhenEmpty: true } : {}),
      }),
    ),
  ];
}

/**
 * The season of a goaltending-leader row, shown when the table ranks a team's goalies across all its
 * seasons (`season` filter with every season slug; sort key `season` per the spec's list, newest first).
 */
export const GOALTENDING_SEASON_COLUMN: ColumnSpec = {
  id: 'season',
  field: 'season.slug',
  label: 'Season',
  abbr: 'Season',
  title: 'Season',
  format: 'text',
  numeric: false,
  sortKey: 'season',
  sortDescFirst: true,
  fields: 'season',
};

/** Goaltending-leader columns per stat block (`regularStats`, `postseasonStats`, `totalStats`). */
export const GOALTENDING_COLUMNS: Record<StatBlock, readonly ColumnSpec[]> = Object.fromEntries(
  STAT_BLOCKS.map((b) => [b, goaltendingColumns(b)]),
) as Record<StatBlock, readonly ColumnSpec[]>;

// ─── Standings (GET /leagues/{slug}/standings; record per real-service-notes) ─────────────────

const stat = (
  key: string,
  abbr: string,
  title: string,
  format: FormatKind,
  extra: Partial<ColumnSpec> = {},
): ColumnSpec => ({
  id: `stats.${key}`,
  field: `stats.${key}`,
  label: abbr,
  abbr,
  title,
  format,
  numeric: true,
  sortKey: `stats.${key}`,
  sortDescFirst: true,
  fields: 'stats',
  ...extra,
});

/**
 * Columns of the standings table. T and OTL show only when the data has them (see the view).
 * Sorts: `position`, `group`, `teamName` (real-service-notes) and `stats.<K>` (the local service's
 * documented choice for an operation whose parameters the spec does not show).
 */
export const STANDINGS_COLUMNS: readonly ColumnSpec[] = [
  {
    id: 'position',
    field: 'position',
    label: 'Pos',
    abbr: 'Pos',
    title: 'Position',
    format: 'text',
    numeric: true,
    sortKey: 'position',
    sortDescFirst: false,
    fields: 'position',
  },
  text({
    id: 'teamName',
    field: 'teamName',
    label: 'Team',
    abbr: 'Team',
    title: 'Team',
    sortKey: 'teamName',
    fields: 'teamName',
  }),
  text({
    id: 'group',
    field: 'group',
    label: 'Group',
    abbr: 'Group',
    title: 'Group (division)',
    sortKey: 'group',
    fields: 'group',
  }),
  stat('GP', 'GP', 'Games played', 'int', { unit: 'games' }),
  stat('W', 'W', 'Wins', 'int', { unit: 'games' }),
  stat('L', 'L', 'Losses', 'int', { unit: 'games' }),
  stat('T', 'T', 'Ties', 'int', { unit: 'games' }),
  stat('OTL', 'OTL', 'Overtime losses', 'int', { unit: 'games' }),
  stat('PTS', 'PTS', 'Points', 'int', { unit: 'points' }),
  stat('GF', 'GF', 'Goals for', 'int', { unit: 'goals' }),
  stat('GA', 'GA', 'Goals against', 'int', { unit: 'goals' }),
  stat('GD', 'GD', 'Goal differential', 'signed', { unit: 'goals' }),
];

// ─── Resources ──────────────────────────────────────────────────────────────────────────────────

/** Every table resource and its catalog. */
export const CATALOG = {
  team: {
    endpoint: 'teams',
    columns: TEAM_COLUMNS,
    // /teams lists its parameters as "not shown"; the team-list parameters of /arenas/{id}/teams are the guide.
    acceptsFields: true,
    baseFields: ['id', 'name', 'logo'],
    defaultSort: ['name'],
  },
  goaltendingLeaders: {
    endpoint: 'teamGoaltendingLeaders',
    columns: GOALTENDING_COLUMNS.regularStats,
    acceptsFields: true,
    baseFields: ['id', 'player', 'season'],
    defaultSort: ['-regularStats.SVP'],
  },
  standings: {
    endpoint: 'leagueStandings',
    columns: STANDINGS_COLUMNS,
    // Query parameters of standings are "not shown" in the spec: ask for the default field set.
    acceptsFields: false,
    baseFields: ['id', 'team', 'teamName', 'group', 'position', 'stats'],
    defaultSort: ['group', 'position'],
  },
} as const satisfies Record<string, ResourceCatalog>;

/** The `fields` values a set of columns needs (plus the resource's base fields), each once, or undefined. */
export function fieldsFor(resource: ResourceCatalog, columns: readonly ColumnSpec[]): string[] | undefined {
  if (!resource.acceptsFields) return undefined;
  return [...new Set([...resource.baseFields, ...columns.map((c) => c.fields)])];
}

/** Whether a value counts as missing for {@link ColumnSpec.hideWhenEmpty}: null, undefined or blank text. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The columns a page shows: every column, minus `hideWhenEmpty` ones that no row has a value in and the
 * table is not sorted by (`sortKeys`: the sort keys in use, without `-`). Before the rows arrive
 * (`rows` undefined), the optional columns stay out, so the loading skeleton does not shrink on arrival.
 */
export function columnsWithData(
  columns: readonly ColumnSpec[],
  rows: readonly unknown[] | undefined,
  sortKeys: readonly string[] = [],
): readonly ColumnSpec[] {
  if (!columns.some((c) => c.hideWhenEmpty)) return columns;
  const shown = columns.filter(
    (c) =>
      !c.hideWhenEmpty ||
      (c.sortKey !== undefined && sortKeys.includes(c.sortKey)) ||
      (rows ?? []).some((r) => !isEmptyValue(getField(r, c.field))),
  );
  return shown.length === columns.length ? columns : shown;
}

/** The column whose sort key is `key`, if any. */
export function columnBySortKey(columns: readonly ColumnSpec[], key: string): ColumnSpec | undefined {
  return columns.find((c) => c.sortKey === key);
}
