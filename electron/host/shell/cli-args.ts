import { parseArgs } from 'node:util';

/**
 * The command line of `npm start` and of the Electron main process. Unknown flags are
 * refused by `npm start` and ignored by Electron (which adds Chromium switches of its own).
 */
export interface CliArgs {
  /** Headless: open no window (the e2e tests' webServer). */
  noOpen: boolean;
  /** The local service on this database instead of the demo one. */
  db?: string;
  /** Another Hockey Data Service instead of the local one (ends in `/v1`). */
  baseUrl?: string;
  /** The browser shell's port; default 0 (a free one). */
  port: number;
  /** The local service's key/subscription file. */
  keys?: string;
  /** The local service answers 429 past this many requests per second per key (tests of backing off). */
  rateLimit?: number;
  /** User data folder; default {@link defaultDataDir}. */
  dataDir?: string;
  /** Logs every (redacted) service request to stderr. */
  verbose: boolean;
  /** Skip Electron and use the browser shell. */
  browser: boolean;
}

export const USAGE = `Usage: npm start -- [--no-open] [--port N] [--db FILE] [--base-url URL] [--keys FILE] [--rate-limit N] [--data-dir DIR] [--browser] [--verbose]`;

/** Parses argv (without the node/script entries). Throws an Error with a plain message on bad input. */
export function parseCliArgs(argv: readonly string[], strict = true): CliArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict,
    allowPositionals: !strict,
    options: {
      'no-open': { type: 'boolean', default: false },
      db: { type: 'string' },
      'base-url': { type: 'string' },
      port: { type: 'string' },
      keys: { type: 'string' },
      'rate-limit': { type: 'string' },
      'data-dir': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      browser: { type: 'boolean', default: false },
    },
  });
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  let port = 0;
  const rawPort = str(values.port);
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 0 || port > 65535) throw new Error(`--port ${rawPort} is not a port number.`);
  }
  const out: CliArgs = {
    noOpen: values['no-open'] === true,
    port,
    verbose: values.verbose === true,
    browser: values.browser === true,
  };
  const db = str(values.db);
  const baseUrl = str(values['base-url']);
  const keys = str(values.keys);
  const dataDir = str(values['data-dir']);
  if (db !== undefined) out.db = db;
  if (baseUrl !== undefined) out.baseUrl = baseUrl;
  if (keys !== undefined) out.keys = keys;
  const rate = str(values['rate-limit']);
  if (rate !== undefined) {
    out.rateLimit = Number(rate);
    if (!(out.rateLimit > 0 && Number.isFinite(out.rateLimit)))
      throw new Error(`--rate-limit ${rate} is not a number of requests per second.`);
  }
  if (dataDir !== undefined) out.dataDir = dataDir;
  if (out.db !== undefined && out.baseUrl !== undefined) throw new Error('Use --db or --base-url, not both.');
  return out;
}
