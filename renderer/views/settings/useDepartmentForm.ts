import { useEffect, useState } from 'react';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import type { DepartmentSettings } from '../../../shared/department/bridge.ts';

/**
 * The department form's fields as typed (the port as text). Not the password: its box is read only when the
 * form is sent, so it is never in React's state nor written into the page as an attribute.
 */
export interface DepartmentFields {
  server: string;
  port: string;
  database: string;
  user: string;
  caFile: string;
  scoutName: string;
}

/** PostgreSQL's port, the one a new set-up starts with. */
const DEFAULT_PORT = '5432';

const EMPTY: DepartmentFields = {
  server: '',
  port: DEFAULT_PORT,
  database: 'rinkside',
  user: '',
  caFile: '',
  scoutName: '',
};

/** The fields of a kept set-up. */
function fieldsOf(s: DepartmentSettings | undefined): DepartmentFields {
  const c = s?.config;
  if (!c) return EMPTY;
  return {
    server: c.server,
    port: String(c.port),
    database: c.database,
    user: c.user,
    caFile: c.caFile ?? '',
    scoutName: c.scoutName,
  };
}

/** Whether the fields name the same server, port, database and login as the set-up kept (its password applies). */
export function sameTarget(f: DepartmentFields, s: DepartmentSettings | undefined): boolean {
  const c = s?.config;
  return (
    c !== null &&
    c !== undefined &&
    f.server.trim() === c.server &&
    Number(f.port) === c.port &&
    f.database === c.database &&
    f.user === c.user
  );
}

/**
 * The form's state over the kept set-up: filled from it when it arrives or changes, and what "Test and save"
 * sends with `password` as typed (only when one was: none means the one stored for the same target).
 */
export function useDepartmentForm(settings: DepartmentSettings | undefined) {
  const [fields, setFields] = useState<DepartmentFields>(() => fieldsOf(settings));
  const key = JSON.stringify(settings?.config ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is refilled when the kept set-up changes, named by `key`
  useEffect(() => setFields(fieldsOf(settings)), [key]);
  const set = (patch: Partial<DepartmentFields>) => setFields((f) => ({ ...f, ...patch }));
  const args = (password: string): BridgeArgs<'departmentSave'> => {
    const port = Number(fields.port);
    return {
      server: fields.server.trim(),
      port: Number.isInteger(port) ? port : Number.NaN,
      database: fields.database,
      user: fields.user,
      scoutName: fields.scoutName,
      caFile: fields.caFile.trim() === '' ? null : fields.caFile.trim(),
      ...(password !== '' ? { password } : {}),
    };
  };
  return { fields, set, args };
}
