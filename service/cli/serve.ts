/**
 * `npm run service -- [--port 8787] [--host 127.0.0.1] [--db FILE] [--keys FILE] [--rate-limit N] [--verbose]`
 *
 * Starts the local Hockey Data Service and prints one line with its base URL (ending in `/v1`) and,
 * without `--keys`, one line with the built-in demo key. `--rate-limit N` answers 429 with `Retry-After`
 * past N requests per second per key (off by default). With no `--db` it creates (first start) or
 * reuses the demo database at `.data/demo.db` in the repository. Ctrl-C / SIGTERM close it cleanly.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureDemoDatabase } from '../data/seed.ts';
import { startService } from '../server.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_DB = resolve(REPO, '.data/demo.db');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      db: { type: 'string' },
      keys: { type: 'string' },
      'rate-limit': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: npm run service -- [--port 8787] [--host 127.0.0.1] [--db FILE] [--keys FILE] [--rate-limit N] [--verbose]',
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got '${values.port}'`);
  const rate = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
  if (rate !== undefined && !(Number.isFinite(rate) && rate > 0))
    throw new Error(`--rate-limit must be a positive number of requests per second, got '${values['rate-limit']}'`);
  let db = values.db;
  if (db === undefined) {
    mkdirSync(dirname(DEMO_DB), { recursive: true });
    await ensureDemoDatabase(DEMO_DB);
    db = DEMO_DB;
  }
  const service = await startService({
    db,
    port,
    host: values.host,
    ...(values.keys ? { keys: values.keys } : {}),
    ...(rate !== undefined ? { rateLimit: { perSecond: rate } } : {}),
    ...(values.verbose ? { log: (line: string) => console.error(line) } : {}),
  });
  console.log(`Hockey Data Service: ${service.baseUrl}`);
  if (service.demoKey) console.log(`Demo API key (full access, this run only): ${service.demoKey}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`service: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
