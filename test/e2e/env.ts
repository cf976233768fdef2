import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_CACHE_ENV } from '../unit/service-data/build-once.ts';

/**
 * The e2e run's shared facts, made once by the Playwright runner when it loads the config and handed to
 * its workers through the environment (workers inherit it and load the config again; `??=` keeps the
 * runner's values): a temp folder per run, the two app instances' ports and data folders, and the keys
 * file of the second instance.
 *
 * What several specs build alike (a Databank import) is made once per run in the run's folder:
 * {@link TEST_CACHE_ENV} names it.
 *
 * The keys are random per run and live only in the keys file (mode 0600, in the run's temp folder): they
 * are never in the environment, a command line, a log line or a committed file. Tests read them with
 * {@link readTestKeys}.
 */

/** Where the run keeps its data folders and keys file. */
const RUN_DIR_ENV = 'RINKSIDE_E2E_DIR';

/** The subscription of the restricted key: one league, a season range and two data categories. */
export const RESTRICTED = {
  league: 'del',
  seasons: { from: '2018-2019', to: '2020-2021' },
  categories: ['team', 'league'],
} as const;

export interface E2eEnv {
  runDir: string;
  /** `npm start` on the demo data (no key needed). */
  demo: { port: number; dataDir: string; url: string };
  /** `npm start --keys FILE`: the local service with the keys file below and no demo key. */
  keyed: { port: number; dataDir: string; url: string; keysFile: string };
}

/** The keys of the keyed instance. Never print them. */
export interface TestKeys {
  /** Every league, season and category. */
  full: string;
  /** {@link RESTRICTED}. */
  restricted: string;
  /** A well-formed key the service does not know. */
  wrong: string;
}

function port(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 && v < 65536 ? v : fallback;
}

/** Creates the run folder and keys file once per run (in the runner) and describes them. */
export function e2eEnv(): E2eEnv {
  if (!process.env[RUN_DIR_ENV]) {
    const dir = mkdtempSync(join(tmpdir(), 'rinkside-e2e-'));
    mkdirSync(join(dir, 'demo'), { recursive: true });
    mkdirSync(join(dir, 'keyed'), { recursive: true });
    const key = (prefix: string) => `${prefix}-${randomBytes(16).toString('hex')}`;
    const keys: TestKeys = { full: key('full'), restricted: key('restricted'), wrong: key('wrong') };
    const file = {
      keys: [
        { key: keys.full, organisation: 'E2E full access', leagues: '*', seasons: '*', categories: '*' },
        {
          key: keys.restricted,
          organisation: 'E2E restricted',
          leagues: [RESTRICTED.league],
          seasons: RESTRICTED.seasons,
          categories: RESTRICTED.categories,
        },
      ],
    };
    writeFileSync(join(dir, 'keys.json'), JSON.stringify(file, null, 2), { mode: 0o600 });
    // The wrong key is in no file the service reads; the tests need it to check it never shows either.
    writeFileSync(join(dir, 'wrong-key.txt'), keys.wrong, { mode: 0o600 });
    process.env[RUN_DIR_ENV] = dir;
    process.env[TEST_CACHE_ENV] = join(dir, 'cache');
  }
  const runDir = process.env[RUN_DIR_ENV] as string;
  const demoPort = port('RINKSIDE_E2E_PORT', 47317);
  const keyedPort = port('RINKSIDE_E2E_KEYED_PORT', demoPort + 1);
  return {
    runDir,
    demo: { port: demoPort, dataDir: join(runDir, 'demo'), url: `http://127.0.0.1:${demoPort}/` },
    keyed: {
      port: keyedPort,
      dataDir: join(runDir, 'keyed'),
      url: `http://127.0.0.1:${keyedPort}/`,
      keysFile: join(runDir, 'keys.json'),
    },
  };
}

/** The keys of the keyed instance, read from the run's files. */
export function readTestKeys(env: E2eEnv = e2eEnv()): TestKeys {
  const file = JSON.parse(readFileSync(env.keyed.keysFile, 'utf8')) as { keys: { key: string }[] };
  const [full, restricted] = file.keys.map((k) => k.key);
  if (full === undefined || restricted === undefined) throw new Error('the e2e keys file lacks its two keys');
  return { full, restricted, wrong: readFileSync(join(env.runDir, 'wrong-key.txt'), 'utf8') };
}
