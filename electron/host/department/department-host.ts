import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import type {
  DepartmentConfig,
  DepartmentSaved,
  DepartmentSettings,
  DepartmentSyncStatus,
} from '../../../shared/department/bridge.ts';
import type { ListsClient } from '../../../store/index.ts';
import type { SettingsStore } from '../common/settings.ts';
import type { Keyring } from '../keys/keychain.ts';
import type { ListsHost } from '../lists/lists-host.ts';
import { createSyncDriver, type DriverState, type SyncTimings } from './driver.ts';
import { tryLogin } from './login.ts';
import { createDepartmentPasswords, type DepartmentPasswords, departmentScope } from './passwords.ts';
import { problemOf } from './problems.ts';
import type { DepartmentTimeouts } from './transport.ts';
import { sameAs, settingsView, syncStatus } from './views.ts';

/**
 * The host's side of a scouting department: the set-up (settings.json, atomically, never the password),
 * the password (the OS keychain only, bound to server, port, database and login: passwords.ts), the sync
 * driver (driver.ts) and the sync's status. A set-up is tried before it is kept: the driver's connections
 * are closed first, so the app never holds more than two; a refused one leaves everything as it was.
 */

export interface DepartmentHostOptions {
  settings: SettingsStore;
  /** The keychain of the data folder (the API keys' too). */
  keyring: Keyring;
  lists: ListsHost;
  log: (line: string) => void;
  timings?: Partial<SyncTimings>;
  timeouts?: DepartmentTimeouts;
}

/** What `departmentSave` takes: the set-up and, unless the stored one is meant, the password. */
export type DepartmentSaveInput = DepartmentConfig & { password?: string | undefined };

export interface DepartmentHost {
  /** Starts syncing with the department set up, if any (its password read from the keychain). Never rejects. */
  start(): Promise<void>;
  settings(): Promise<DepartmentSettings>;
  /** Tries `input`, then keeps it and syncs with it; an error value (one sentence, the field to fix) keeps what was. */
  save(input: DepartmentSaveInput): Promise<Result<DepartmentSaved>>;
  /** Stops syncing and forgets the set-up and its password. */
  forget(): Promise<Result<DepartmentSettings>>;
  status(): Promise<DepartmentSyncStatus>;
  /** A sync round now (after the running one), then the status. */
  syncNow(): Promise<DepartmentSyncStatus>;
  /** Something of the scout's was written (the lists host says so): sent shortly if anything waits. */
  changed(): void;
  close(): Promise<void>;
}

const fail = (error: ServiceError): { ok: false; error: ServiceError } => ({ ok: false, error });
const fieldError = (parameter: string, message: string) =>
  fail({ kind: 'bad-request', status: 400, message, parameter });

/**
 * The lists' department made the set-up's (another one starts over there: store/lists/department/configure.ts);
 * `director` as the server said, or null to keep the lists' mark. Null when nothing changed.
 */
async function configureLists(l: ListsClient, c: DepartmentConfig, director: boolean | null) {
  const before = (await l.departmentStatus()).identity;
  const same = sameAs(before, c);
  if (director === null && same && before?.scoutName === c.scoutName) return null;
  const { caFile: _ca, ...setup } = c;
  return l.departmentConfigure({ ...setup, director: director ?? (same ? (before?.director ?? false) : false) });
}

/** The password to try for `input`: the one typed, else the one stored for exactly its target; or the error. */
async function passwordFor(
  input: DepartmentSaveInput,
  passwords: DepartmentPasswords,
): Promise<{ ok: true; value: string } | { ok: false; error: ServiceError }> {
  const { password, ...c } = input;
  if (password !== undefined) return { ok: true, value: password };
  try {
    const stored = await passwords.read(c);
    if (stored !== null) return { ok: true, value: stored };
  } catch (err) {
    return fail({ kind: 'keychain-unavailable', message: `${(err as Error).message} Nothing was saved.` });
  }
  return fieldError('password', `Enter the password of ${c.user} for ${c.server}:${c.port}; nothing was saved.`);
}

export function createDepartmentHost(opts: DepartmentHostOptions): DepartmentHost {
  const passwords = createDepartmentPasswords(opts.keyring);
  const lists = () => opts.lists.client();
  const driver = createSyncDriver({ lists, log: opts.log, timings: opts.timings, timeouts: opts.timeouts });
  /** Why the driver does not run although a department is set up (no password, no keychain); else null. */
  let held: DriverState | null = null;
  // Set-ups change one at a time: a save's try, keychain and settings writes are never interleaved.
  let changing: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = changing.then(work);
    changing = next.catch(() => undefined);
    return next;
  };
  const config = (): DepartmentConfig | null => opts.settings.get().department ?? null;
  const hold = (message: string): void => {
    held = { state: 'password', message, openSettings: true, offlineSince: null, nextTryAt: null, lastRound: null };
    opts.log(`department: ${message}`);
  };

  async function startNow(): Promise<void> {
    held = null;
    const c = config();
    if (c === null) return;
    let password: string | null;
    try {
      password = await passwords.read(c);
    } catch (err) {
      hold(`${(err as Error).message} The department's password cannot be read, so sync waits.`);
      return;
    }
    if (password === null) {
      hold(`No password of ${c.user} for ${c.server}:${c.port} is stored: enter it in Settings → Department.`);
      return;
    }
    try {
      await configureLists(await lists(), c, null);
    } catch (err) {
      opts.log(`department: the lists could not take the set-up (${(err as Error).message})`);
    }
    driver.start({ target: c, password });
  }

  const view = () => settingsView(config(), passwords, lists);

  async function saveNow(input: DepartmentSaveInput): Promise<Result<DepartmentSaved>> {
    const { password: _typed, ...c } = input;
    const tried = await passwordFor(input, passwords);
    if (!tried.ok) return tried;
    const password = tried.value;
    const before = config();
    // The driver's connections close before the try: the app never holds more than two.
    await driver.stop();
    let director: boolean;
    try {
      director = (await tryLogin(c, password, opts.timeouts)).director;
      await passwords.save(c, password);
    } catch (err) {
      await startNow();
      const p = problemOf(err, c, password, 'save');
      if ((err as Error).name === 'KeychainUnavailable')
        return fail({
          kind: 'keychain-unavailable',
          message: `${(err as Error).message} The password is kept only in the system keychain, so nothing was saved.`,
        });
      return fieldError(p.field, p.message);
    }
    if (before !== null && departmentScope(before) !== departmentScope(c))
      await passwords.remove(before).catch(() => undefined);
    await opts.settings.update({ department: c });
    const configured = await configureLists(await lists(), c, director);
    held = null;
    driver.start({ target: c, password });
    return {
      ok: true,
      value: { ...(await view()), configured: configured ?? { startedOver: false, queued: 0, unqueued: [] } },
    };
  }

  const status = async () => syncStatus(config(), driver.state() ?? held, await (await lists()).departmentStatus());

  return {
    start: () => serially(startNow),
    settings: view,
    save: (input) => serially(() => saveNow(input)),
    forget: () =>
      serially(async () => {
        const c = config();
        await driver.stop();
        held = null;
        await opts.settings.update({ department: null });
        if (c !== null) {
          try {
            await passwords.remove(c);
          } catch (err) {
            return fail({
              kind: 'keychain-unavailable',
              message: `${(err as Error).message} The password stays in it.`,
            });
          }
        }
        return { ok: true, value: await view() };
      }),
    status,
    async syncNow() {
      await driver.syncNow();
      return status();
    },
    changed: () => driver.changed(),
    close: () => serially(() => driver.stop()),
  };
}
