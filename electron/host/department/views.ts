import { connectionPolicy } from '../../../department/connection.ts';
import type { DepartmentConfig, DepartmentSettings, DepartmentSyncStatus } from '../../../shared/department/bridge.ts';
import type { DepartmentStatus } from '../../../shared/department/laptop.ts';
import type { ListsClient } from '../../../store/index.ts';
import type { DriverState } from './driver.ts';
import type { DepartmentPasswords } from './passwords.ts';

/**
 * What the page reads of the department (shared/department/bridge.ts): the set-up as Settings shows it,
 * and the sync's status for the top bar, made of the set-up, the driver's state and the lists' counts.
 * Neither ever holds the password.
 */

/** Whether the lists' department is the set-up's (same server, port, database and login). */
export const sameAs = (identity: DepartmentStatus['identity'], c: DepartmentConfig): boolean =>
  identity !== null &&
  identity.server === c.server &&
  identity.port === c.port &&
  identity.database === c.database &&
  identity.user === c.user;

/** The set-up `c` as Settings shows it: whether its password is stored, the transport, the director mark. */
export async function settingsView(
  c: DepartmentConfig | null,
  passwords: DepartmentPasswords,
  lists: () => Promise<ListsClient>,
): Promise<DepartmentSettings> {
  const probe = await passwords.probe();
  const stored = c !== null && probe.available ? (await passwords.read(c).catch(() => null)) !== null : false;
  const identity =
    c === null
      ? null
      : await lists().then(
          (l) => l.departmentStatus().then((s) => s.identity),
          () => null,
        );
  const view: DepartmentSettings = {
    config: c,
    passwordStored: stored,
    keychainAvailable: probe.available,
    transport: c === null ? null : connectionPolicy({ host: c.server, caFile: c.caFile }).tls ? 'tls' : 'plain',
    director: c !== null && sameAs(identity, c) ? (identity?.director ?? null) : null,
  };
  if (!probe.available) view.keychainMessage = probe.message;
  return view;
}

/**
 * The sync's status: `off` without a set-up; else the driver's state (or why it does not run, `held`),
 * with the lists' counts and the time of the last round that worked.
 */
export function syncStatus(
  c: DepartmentConfig | null,
  d: DriverState | null,
  s: DepartmentStatus,
): DepartmentSyncStatus {
  const state = c === null ? null : d;
  return {
    state: c === null ? 'off' : (state?.state ?? 'syncing'),
    message: state?.message ?? null,
    openSettings: state?.openSettings ?? false,
    server: c === null ? null : `${c.server}:${c.port}`,
    database: c?.database ?? null,
    user: c?.user ?? null,
    syncedAt: s.lastPullAt,
    waiting: s.waiting,
    refused: s.refused,
    notSent: s.notSent,
    conflicts: s.conflicts,
    offlineSince: state?.offlineSince ?? null,
    nextTryAt: state?.nextTryAt ?? null,
    lastRound: state?.lastRound ?? null,
  };
}
