import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Host, startHost } from '../../../../electron/host/app.ts';
import type { BridgeOp, BridgeResults } from '../../../../shared/bridge/bridge.ts';
import type { Result } from '../../../../shared/contract/errors.ts';
import type { ReportSave } from '../../../../shared/domain/reports.ts';
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
    /** A new host on data folder `name` (a fresh one each call unless `name` is given again). */
    async start(name = `host-${++n}`): Promise<TestHost> {
      const dir = join(root, name);
      const log: string[] = [];
      const host = await startHost({
        shell: 'browser',
        version: '0.1.0',
        dataDir: dir,
        baseUrl: NO_SERVICE,
        keyring: kr.keyring,
        openExternal: async () => {},
        log: (line) => void log.push(line),
        department: {
          timings: TEST_TIMINGS,
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
  };
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
