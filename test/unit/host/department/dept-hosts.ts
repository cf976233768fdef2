import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Host, startHost } from '../../../../electron/host/app.ts';
import { SETTINGS_FILE } from '../../../../electron/host/common/settings.ts';
import type { BridgeOp, BridgeResults } from '../../../../shared/bridge/bridge.ts';
import type { Result } from '../../../../shared/contract/errors.ts';
import type { ReportSave } from '../../../../shared/domain/reports.ts';
import type { TestDepartment } from '../../department/department.ts';
import { type TestKeyring, testKeyring } from '../test-keyring.ts';

/**
 * Real hosts (electron/host/app.ts, in this process) for the department's tests: each on a data folder of
 * its own, the real keychain under a test's service name, no local service (a base URL nothing listens on:
 * the department needs none), and the sync's timings shortened. Every answer of the bridge is kept in a
 * transcript, which the secret checks search for the password.
 */

/** A base URL nothing listens on: the players' data is not what these tests are about. */
export const NO_SERVICE = 'http://127.0.0.1:9/v1';

/** The sync's timings in the tests: a change is sent after 100 ms, an offline server tried after 200 ms, 400 ms … 2 s. */
export const TEST_TIMINGS = { debounceMs: 100, intervalMs: 60_000, retryMinMs: 200, retryMaxMs: 2_000 };

/**
 * Timings under which a change is not sent until the test asks (or the app starts again): an hour's wait.
 * A minute was not enough on a loaded machine, where saving 1,500 reports took longer and the outbox left.
 */
export const HELD_TIMINGS = { debounceMs: 3_600_000, intervalMs: 3_600_000 };

/** What `start` takes besides the data folder: the service's base URL, timings over {@link TEST_TIMINGS}. */
export interface StartOptions {
  baseUrl?: string | undefined;
  timings?: Partial<typeof TEST_TIMINGS>;
}

export interface TestHost {
  host: Host;
  dir: string;
  /** The host's log lines. */
  log: string[];
  /** Calls `op`; the result, or the error value as it crossed. */
  dispatch<K extends BridgeOp>(op: K, args?: unknown): Promise<Result<BridgeResults[K]>>;
  /** Calls `op` and returns its value; throws with the error's message. */
  call<K extends BridgeOp>(op: K, args?: unknown): Promise<BridgeResults[K]>;
}

/** A folder for a test file's hosts and a keyring of its own, cleared and removed after its tests. */
export function hostsPerFile(label: string) {
  const kr: TestKeyring = testKeyring(label);
  const transcript: string[] = [];
  const started: TestHost[] = [];
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `rinkside-${label}-`));
  });
  afterAll(async () => {
    for (const h of started) await h.host.close().catch(() => undefined);
    await kr.clear();
    await rm(root, { recursive: true, force: true });
  });
  let n = 0;
  return {
    keyring: kr,
    transcript,
    root: () => root,
    /** Every host started so far (closed ones too). */
    started: (): readonly TestHost[] => started,
    /**
     * A new host on data folder `name` (a fresh one each call unless `name` is given again); `baseUrl` the
     * service it uses (its players' source), `timings` over {@link TEST_TIMINGS}.
     */
    async start(name = `host-${++n}`, opts: StartOptions = {}): Promise<TestHost> {
      const dir = join(root, name);
      const log: string[] = [];
      const host = await startHost({
        shell: 'browser',
        version: '0.1.0',
        dataDir: dir,
        baseUrl: opts.baseUrl ?? NO_SERVICE,
        keyring: kr.keyring,
        openExternal: async () => {},
        log: (line) => void log.push(line),
        department: {
          timings: { ...TEST_TIMINGS, ...opts.timings },
          timeouts: { connectMs: 5_000, statementMs: 20_000, queryMs: 25_000, idleMs: 5_000 },
        },
      });
      const t: TestHost = {
        host,
        dir,
        log,
        async dispatch(op, args = {}) {
          const r = (await host.dispatch(op, args)) as Result<never>;
          transcript.push(JSON.stringify(r));
          return r;
        },
        async call(op, args = {}) {
          const r = await t.dispatch(op, args);
          if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
          return r.value;
        },
      };
      started.push(t);
      return t;
    },
    /** A new host (as {@link start}) set up as `user` of `dep` (his password typed once, then in the keychain). */
    async scout(dep: TestDepartment, user: string, scoutName: string, name?: string, opts: StartOptions = {}) {
      const h = await this.start(name, opts);
      await h.call('departmentSave', setupOn(dep, user, scoutName));
      return h;
    },
  };
}

/**
 * The set-up of `user` on `dep`'s server as Settings → Department sends it, with `password` (his own
 * unless given; null: none, the stored one is meant).
 */
export function setupOn(
  dep: TestDepartment,
  user: string,
  scoutName: string,
  password: string | null = dep.passwords[user] ?? null,
) {
  const { host, port, database } = dep.cluster.info;
  return {
    server: host,
    port,
    database,
    user,
    caFile: null,
    scoutName,
    ...(password === null ? {} : { password }),
  };
}

/** Waits until `h`'s sync is `synced` (its first round over, or the one running), and returns its status. */
export const synced = (h: TestHost) =>
  eventually(
    () => h.call('departmentStatus'),
    (s) => s.state === 'synced',
  );

/** Waits until `check` holds (polling every 50 ms, at most 30 s); the last value otherwise fails the test. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 600 && !check(v); i++) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

/**
 * The places that hold `secret`: answers of the bridge (`transcript`, what the page ever got), the hosts' log
 * lines, and every file of their data folders (settings.json, the lists file and its backups, …), read as
 * bytes. Checks that a settings file and a lists file were among them.
 */
export async function placesHolding(secret: string, transcript: readonly string[], of: readonly TestHost[]) {
  const places: string[] = [];
  if (transcript.some((t) => t.includes(secret))) places.push('an answer of the bridge');
  const needle = Buffer.from(secret, 'utf8');
  const names: string[] = [];
  for (const h of of) {
    if (h.log.some((l) => l.includes(secret))) places.push(`the log of ${h.dir}`);
    const files = (await readdir(h.dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    for (const e of files) {
      names.push(e.name);
      const path = join(e.parentPath, e.name);
      if ((await readFile(path)).includes(needle)) places.push(path);
    }
  }
  expect(names).toContain(SETTINGS_FILE);
  expect(names.some((n) => n.endsWith('.sqlite'))).toBe(true);
  return places;
}

/**
 * A list made on `h` and shared with the department, holding one entry: player `playerId` (`name`, a
 * centre born 2007-03-14) with `rating` and `note`. Returns the list as shared.
 */
export async function sharedList(
  h: TestHost,
  listName: string,
  playerId: number,
  name: string,
  rating: number,
  note: string,
) {
  const list = await h.call('scoutingListCreate', { name: listName });
  const shared = await h.call('scoutingListShare', { id: list.id, shared: true });
  await h.call('scoutingListEntrySave', {
    listId: list.id,
    playerId,
    player: { name, position: 'C', dateOfBirth: '2007-03-14' },
    rating,
    note,
  });
  return shared;
}

/** A final report of player `playerId` (`name`, born `dateOfBirth`) as the page saves it. */
export function finalReport(
  playerId: number,
  name: string,
  notes: string,
  more: Partial<ReportSave> = {},
  dateOfBirth: string | null = '2007-03-14',
): ReportSave {
  return {
    playerId,
    player: { name, position: 'C', dateOfBirth },
    gameDate: '2026-01-10',
    homeTeam: 'Owls',
    awayTeam: 'Hawks',
    league: 'OHL',
    score: '3-2',
    positionPlayed: 'C',
    kind: 'skater',
    grades: { skating: 7, hockeySense: 8 },
    projection: 'middle-six-f',
    strengths: 'edges',
    weaknesses: 'board battles',
    notes,
    status: 'final',
    ...more,
  };
}

/** Saves `n` final reports on `h` (players `firstPlayer + 1` …), notes `${tag} 1` … `${tag} n`; returns the notes. */
export async function saveReports(h: TestHost, tag: string, n: number, firstPlayer: number): Promise<string[]> {
  const notes: string[] = [];
  for (let i = 1; i <= n; i++) {
    notes.push(`${tag} ${i}`);
    await h.call('scoutingReportSave', finalReport(firstPlayer + i, `${tag} player ${i}`, `${tag} ${i}`));
  }
  return notes;
}
