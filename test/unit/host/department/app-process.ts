/**
 * A scout's app as a process of its own, for the department's fault tests that kill it (SIGKILL) or run it
 * under another clock (faketime): the real host (electron/host/app.ts, browser shell, as `npm start` runs
 * it, without the page's HTTP server) on a data folder, the real keychain under the test's service name.
 * `node app-process.ts DATA_DIR KEYRING_SERVICE TIMINGS_JSON`; commands are JSON lines on stdin,
 * `{id, op, args}` for a bridge call or `{id, op: 'now'}` for this process's clock; answers JSON lines on
 * stdout, `{id, result}` (the bridge's result as it crossed) or `{id, now}`.
 */
import { createInterface } from 'node:readline';
import { startHost } from '../../../../electron/host/app.ts';
import { createOsKeyring } from '../../../../electron/host/keys/keychain.ts';

const [dataDir, service, timings] = process.argv.slice(2);
if (dataDir === undefined || service === undefined || timings === undefined)
  throw new Error('usage: app-process.ts DATA_DIR KEYRING_SERVICE TIMINGS_JSON');

const host = await startHost({
  shell: 'browser',
  version: '0.1.0',
  dataDir,
  // Nothing listens there: the players' data is not what these tests are about.
  baseUrl: 'http://127.0.0.1:9/v1',
  keyring: createOsKeyring(service),
  openExternal: async () => {},
  log: (line) => void process.stderr.write(`${line}\n`),
  department: {
    timings: JSON.parse(timings),
    timeouts: { connectMs: 5_000, statementMs: 20_000, queryMs: 25_000, idleMs: 5_000 },
  },
});
const out = (m: unknown) => process.stdout.write(`${JSON.stringify(m)}\n`);
out({ ready: true });

for await (const line of createInterface({ input: process.stdin })) {
  const c = JSON.parse(line) as { id: number; op: string; args?: unknown };
  if (c.op === 'now') out({ id: c.id, now: new Date().toISOString() });
  else if (c.op === 'quit') {
    await host.close();
    out({ id: c.id, result: { ok: true, value: null } });
    process.exit(0);
  } else void host.dispatch(c.op as never, c.args ?? {}).then((result) => out({ id: c.id, result }));
}
