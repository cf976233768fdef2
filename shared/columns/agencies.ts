import { nameColumn, textColumn, UPDATED_AT_COLUMN } from './build.ts';
import { countColumn } from './organisation.ts';
import type { ColumnSpec } from './types.ts';

// ─── Agencies (GET /agencies; sorts `id`, `name`, `country`, `updatedAt` as the spec lists them) ─────

/** The agents of an agency record in one text: `Anna Berg, Tom Hale`; null when it names none. */
function agentsOf(record: unknown): string | null {
  const agents = (record as { agents?: unknown } | null)?.agents;
  if (!Array.isArray(agents)) return null;
  const names = agents.filter((a): a is string => typeof a === 'string' && a !== '');
  return names.length > 0 ? names.join(', ') : null;
}

/** Whether the service marks the agency verified, in words: `Yes`, `No`, or null when it does not say. */
function verifiedOf(record: unknown): string | null {
  const v = (record as { verified?: unknown } | null)?.verified;
  return typeof v === 'boolean' ? (v ? 'Yes' : 'No') : null;
}

/** Columns of the agencies list. */
export const AGENCY_COLUMNS: readonly ColumnSpec[] = [
  textColumn({
    id: 'name',
    field: 'name',
    label: 'Agency',
    abbr: 'Agency',
    title: 'Agency name',
    sortKey: 'name',
    fields: 'name',
  }),
  textColumn({
    id: 'location',
    field: 'location',
    label: 'Location',
    abbr: 'Location',
    title: 'Location',
    fields: 'location',
  }),
  nameColumn('country', 'Country'),
  countColumn({
    id: 'numberOfClients',
    field: 'numberOfClients',
    label: 'Clients',
    abbr: 'Clients',
    title: 'Number of clients (players the agency represents)',
    unit: 'players',
    fields: 'numberOfClients',
  }),
  textColumn({
    id: 'agents',
    field: 'agents',
    label: 'Agents',
    abbr: 'Agents',
    title: 'Agents',
    fields: 'agents',
    hideWhenEmpty: true,
    value: agentsOf,
  }),
  textColumn({
    id: 'verified',
    field: 'verified',
    label: 'Verified',
    abbr: 'Verified',
    title: 'Verified by the service',
    fields: 'verified',
    value: verifiedOf,
  }),
  textColumn({
    id: 'email',
    field: 'email',
    label: 'Email',
    abbr: 'Email',
    title: 'Contact email',
    fields: 'email',
    hideWhenEmpty: true,
  }),
  UPDATED_AT_COLUMN,
];
