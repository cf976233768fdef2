import type { ColumnSpec } from './types.ts';

/** A text column: not numeric, ascending on the first click, no better direction. */
export const textColumn = (c: Omit<ColumnSpec, 'format' | 'numeric' | 'sortDescFirst'>): ColumnSpec => ({
  ...c,
  format: 'text',
  numeric: false,
  sortDescFirst: false,
});

/**
 * The name of an embedded record (`team.name`, `player.name`, `country.name`) as a text column, sorted by
 * the service's sort key of that record (`player`: last, first name) and asking for the record with
 * `fields`; its title is the label unless `more.title` says more.
 */
export function nameColumn(
  key: 'team' | 'player' | 'country',
  label: string,
  more: { title?: string; hideWhenEmpty?: boolean } = {},
): ColumnSpec {
  const { title = label, ...rest } = more;
  return textColumn({ id: key, field: `${key}.name`, label, abbr: label, title, sortKey: key, fields: key, ...rest });
}

/** Whether a numeric column sorts descending on the first click: best first, neutral counts highest first. */
export function descFirst(better: ColumnSpec['better']): boolean {
  return better !== 'lower';
}

/** The record's last update (`updatedAt`, ISO 8601) shown as its date, newest first on the first click. */
export const UPDATED_AT_COLUMN: ColumnSpec = {
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
};
