import { access } from 'node:fs/promises';
import { ensureDemoDatabase } from '../../service/data/seed.ts';
import { startService } from '../../service/server.ts';
import { demoDatabaseFile } from './paths.ts';

/**
 * The embedded default of `npm start` and of the Electron app (issue 3, item 4): the local Hockey Data
 * Service (service/) on 127.0.0.1 in this process, on the demo database (created on first run in the
 * user data folder) or on a database the scout names (`--db`, e.g. one made by `npm run service:import`).
 */
export interface EmbeddedService {
  /** `http://127.0.0.1:PORT/v1` */
  baseUrl: string;
  /** The service's built-in demo key, or null when its key file has none (`--keys`). */
  demoKey: string | null;
  /** The database file in use. */
  db: string;
  close(): Promise<void>;
}

export interface EmbeddedServiceOptions {
  dataDir: string;
  /** Another database; it must exist (nothing is created or seeded). */
  db?: string;
  /** A key/subscription file for the service (tests with restricted keys). */
  keys?: string;
  log?: (line: string) => void;
}

/** Ensures the demo database (unless `db` is given) and starts the service. Rejects with a plain message. */
export async function startEmbeddedService(opts: EmbeddedServiceOptions): Promise<EmbeddedService> {
  let db: string;
  if (opts.db !== undefined) {
    db = opts.db;
    try {
      await access(db);
    } catch {
      throw new Error(`The database ${db} does not exist.`);
    }
  } else {
    db = demoDatabaseFile(opts.dataDir);
    await ensureDemoDatabase(db);
  }
  const svcOpts: Parameters<typeof startService>[0] = { db, host: '127.0.0.1', port: 0 };
  if (opts.keys !== undefined) svcOpts.keys = opts.keys;
  if (opts.log !== undefined) svcOpts.log = opts.log;
  const svc = await startService(svcOpts);
  return { baseUrl: svc.baseUrl.replace(/\/+$/, ''), demoKey: svc.demoKey, db, close: () => svc.close() };
}
