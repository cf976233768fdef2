import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type RunningService, startService } from '../../service/server.ts';
import { seedDatabaseOnce } from '../unit/service-data/database-once.ts';

/**
 * A real local service for contract tests: a `small` synthetic database seeded into a temp folder,
 * a keys file the test writes, and the server on 127.0.0.1 with an ephemeral port. `sql` reads the
 * same file directly (node:sqlite), so tests derive expectations from the data, not from the server.
 */
export interface Fixture {
  service: RunningService;
  base: string;
  dir: string;
  dbFile: string;
  keys: { full: string; limited: string; noArena: string };
  /** The limited key's scope. */
  limited: { league: string; otherLeague: string; from: string; to: string };
  sql: <T = Record<string, unknown>>(query: string, ...params: (string | number | null)[]) => T[];
  /** GET `path` (relative to /v1) with `apiKey` in the query; returns status and JSON body. */
  // biome-ignore lint/suspicious/noExplicitAny: bodies are read along deep spec paths in many suites, host tests included; typing them is a follow-up
  get: (path: string, key?: string | null) => Promise<{ status: number; body: any; headers: Headers }>;
  close: () => Promise<void>;
}

/** A list response body as the spec's "Pagination envelope" gives it; records are plain JSON objects. */
export interface ListBody {
  _meta: { offset: number; limit: number; totalRecords: number; generatedAt: string };
  _links: { first: string; last: string; prev: string | null; next: string | null };
  data: Record<string, unknown>[];
}

export async function startFixture(seed = 11): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-contract-'));
  const dbFile = join(dir, 'small.db');
  await seedDatabaseOnce(dbFile, { size: 'small', seed });
  const raw = new DatabaseSync(dbFile, { readOnly: true });
  const sql = <T>(query: string, ...params: (string | number | null)[]): T[] =>
    raw.prepare(query).all(...params) as T[];

  // The limited key: the league with the most goalie rows, the middle of its seasons.
  const [top, second] = sql<{ leagueSlug: string }>(
    'SELECT leagueSlug FROM player_stats WHERE isGoalie = 1 GROUP BY leagueSlug ORDER BY COUNT(*) DESC, leagueSlug LIMIT 2',
  );
  if (!top || !second) throw new Error('the small data set has fewer than two leagues with goalie stats');
  const seasons = sql<{ s: string }>(
    'SELECT DISTINCT seasonSlug AS s FROM player_stats WHERE leagueSlug = ? ORDER BY s',
    top.leagueSlug,
  ).map((r) => r.s);
  const from = seasons[Math.floor(seasons.length / 4)] ?? (seasons[0] as string);
  const to = seasons[Math.floor((3 * seasons.length) / 4)] ?? (seasons.at(-1) as string);
  const keys = {
    full: 'contract-full-key-123',
    limited: 'contract-limited-key-456',
    noArena: 'contract-noarena-key-789',
  };
  const keysFile = join(dir, 'keys.json');
  writeFileSync(
    keysFile,
    JSON.stringify({
      keys: [
        { key: keys.full, organisation: 'Full Org', leagues: '*', seasons: '*', categories: '*' },
        {
          key: keys.limited,
          organisation: 'Limited Org',
          leagues: [top.leagueSlug],
          seasons: { from, to },
          categories: ['team', 'league'],
        },
        { key: keys.noArena, organisation: 'No Arena Org', leagues: '*', seasons: '*', categories: ['team', 'league'] },
      ],
    }),
  );
  const service = await startService({ db: dbFile, port: 0, keys: keysFile });
  const get = async (path: string, key: string | null = keys.full) => {
    const url = new URL(`${service.baseUrl}${path}`);
    if (key !== null) url.searchParams.set('apiKey', key);
    const res = await fetch(url);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    service,
    base: service.baseUrl,
    dir,
    dbFile,
    keys,
    limited: { league: top.leagueSlug, otherLeague: second.leagueSlug, from, to },
    sql,
    get,
    close: async () => {
      await service.close();
      raw.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SQLite BINARY order for text (UTF-8 bytes), numeric order for numbers; null handled by the caller. */
export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** SQLite NOCASE order: ASCII letters folded to lower case, then BINARY. */
export function foldAscii(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The order the service must return, computed here: by `key` (nulls last in both directions), then
 * ascending id. Returns the ids.
 */
export function expectedOrder<T extends { id: number }>(
  records: T[],
  key: (r: T) => string | number | null | undefined,
  desc: boolean,
): number[] {
  return [...records]
    .sort((x, y) => {
      const a = key(x) ?? null;
      const b = key(y) ?? null;
      if (a === null && b === null) return x.id - y.id;
      if (a === null) return 1;
      if (b === null) return -1;
      const c = compareValues(a, b);
      if (c !== 0) return desc ? -c : c;
      return x.id - y.id;
    })
    .map((r) => r.id);
}
