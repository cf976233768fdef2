/**
 * The local Hockey Data Service as a child of the app's host (electron/host/embedded/embedded-service.ts): in an
 * Electron `utilityProcess`, or a Node child process (`child_process.fork`) in the browser shell and the
 * tests. Its synchronous SQLite queries and caches then never block the host's event loop.
 *
 * Arguments: `--db FILE` (required), `--seed` (create the demo database there first when it is missing or
 * was built by older rules of the synthetic world: a copy of the build's (data/demo-template.ts), else
 * generated; without it the file must exist), `--keys FILE` (the service's key file; no demo key then),
 * `--rate-limit N` (429 past N requests per second per key: tests of backing off), `--log` (send one
 * redacted line per request to the parent).
 *
 * Messages (shared/contract/service-child.ts, the one declaration of this protocol) go to the parent over
 * `process.parentPort` in a utilityProcess, `process.send` in a Node child: `ready` once the service listens
 * on 127.0.0.1 (a free port, with its demo key and which database it serves), or `error` (a plain sentence) and exit 1; `log` per request with `--log`.
 * From the parent: `stop` closes the service and exits 0, as SIGTERM and SIGINT do. A Node child also
 * exits when its parent goes away (the IPC channel closes).
 */
import { access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type ChildMessage, ParentMessageSchema } from '../shared/contract/service-child.ts';
import { copyDemoTemplate, DEMO_TEMPLATE_NAME } from './data/demo-template.ts';
import { demoIsCurrent } from './data/world-version.ts';
import { type RunningService, startService } from './server.ts';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function send(message: ChildMessage): void {
  if (parentPort !== undefined) parentPort.postMessage(message);
  else process.send?.(message);
}

function onParentMessage(listener: (message: unknown) => void): void {
  if (parentPort !== undefined) parentPort.on('message', (e) => listener(e.data));
  else process.on('message', listener);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seed: { type: 'boolean', default: false },
      keys: { type: 'string' },
      'rate-limit': { type: 'string' },
      log: { type: 'boolean', default: false },
    },
  });
  const db = values.db;
  if (db === undefined || db === '') throw new Error('The service child needs --db FILE.');
  const exists = await access(db).then(
    () => true,
    () => false,
  );
  // A database to build: none yet, or a demo world built by older rules.
  if (values.seed && (!exists || !demoIsCurrent(db))) {
    // The build's copy of the demo database, beside the built child (made with out/main, so of the current
    // rules); none beside the sources.
    const template = join(dirname(fileURLToPath(import.meta.url)), DEMO_TEMPLATE_NAME);
    // The seeding code (the synthetic world's generator) is loaded only when there is a world to generate.
    if (!(await copyDemoTemplate(template, db))) await (await import('./data/seed.ts')).ensureDemoDatabase(db);
  } else if (!exists) throw new Error(`The database ${db} does not exist.`);
  const opts: Parameters<typeof startService>[0] = { db, host: '127.0.0.1', port: 0 };
  if (values.keys !== undefined) opts.keys = values.keys;
  const rate = Number(values['rate-limit']);
  if (values['rate-limit'] !== undefined && rate > 0) opts.rateLimit = { perSecond: rate };
  if (values.log) opts.log = (line) => send({ type: 'log', line });
  const svc: RunningService = await startService(opts);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await svc.close();
    process.exit(0);
  };
  onParentMessage((m) => {
    if (ParentMessageSchema.safeParse(m).success) void stop();
  });
  process.on('disconnect', () => void stop());
  // Also sent to the whole process group by a terminal's Ctrl-C: the database closes cleanly.
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  send({ type: 'ready', baseUrl: svc.baseUrl.replace(/\/+$/, ''), demoKey: svc.demoKey, databaseId: svc.databaseId });
}

main().catch((err: unknown) => {
  send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  // Let the message reach the parent before the channel closes.
  setTimeout(() => process.exit(1), 50);
});
