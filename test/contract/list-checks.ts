import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type RunningService, startService } from '../../service/server.ts';
import { compareValues, type Fixture, type ListBody } from './service-fixture.ts';

/**
 * Checks shared by the contract tests of the operations added after the first ones: the envelope and
 * paging of any list, sort orders computed here, and a second server on the fixture's database with a
 * key the fixture does not have (every category, but limited leagues and seasons).
 */

type Rec = Record<string, unknown>;
export type SortValue = string | number | null | undefined;

/** `path` with `extra` query parameters appended. */
export const withQuery = (path: string, extra: string): string => `${path}${path.includes('?') ? '&' : '?'}${extra}`;

/**
 * The envelope of a list (spec, "Pagination envelope"): `_meta`, `_links`, `data`, the true
 * `totalRecords`, `prev`/`next` null at the ends, links absolute under `/v1`.
 */
export async function expectEnvelope(f: Fixture, path: string, total: number, limit = 3): Promise<Rec[]> {
  const { status, body } = await f.get(withQuery(path, `limit=${limit}`));
  expect(status, path).toBe(200);
  expect(Object.keys(body).sort(), path).toEqual(['_links', '_meta', 'data']);
  expect(Object.keys(body._meta).sort()).toEqual(['generatedAt', 'limit', 'offset', 'totalRecords']);
  expect(body._meta).toMatchObject({ offset: 0, limit, totalRecords: total });
  expect(Number.isNaN(Date.parse(body._meta.generatedAt))).toBe(false);
  expect(body.data, path).toHaveLength(Math.min(limit, total));
  expect(body._links.prev).toBeNull();
  expect(body._links.next === null, path).toBe(total <= limit);
  for (const k of ['first', 'last']) expect(body._links[k]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\//);
  return body.data;
}

/**
 * Paging at the edges: following `_links.next` with a small page visits every record once (by `idOf`),
 * the last page ends the links, an offset past the end returns no data and `prev` leads to the last
 * page, `limit=0` returns no data and the true total.
 */
export async function expectPaging(
  f: Fixture,
  path: string,
  total: number,
  idOf: (r: Rec) => unknown,
  page = 4,
): Promise<void> {
  const seen: unknown[] = [];
  let url: string | null = `${f.base}${withQuery(path, `limit=${page}&apiKey=${f.keys.full}`)}`;
  let pages = 0;
  while (url) {
    const body = (await (await fetch(url)).json()) as ListBody;
    expect(body._meta.totalRecords, path).toBe(total);
    seen.push(...body.data.map(idOf));
    url = body._links.next;
    pages++;
    expect(pages).toBeLessThan(300);
  }
  expect(seen.length, path).toBe(total);
  expect(new Set(seen).size, path).toBe(total);

  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / page) * page;
  const last = (await f.get(withQuery(path, `limit=${page}&offset=${lastOffset}`))).body;
  expect(last.data).toHaveLength(total - lastOffset);
  expect(last._links.next).toBeNull();
  expect(new URL(last._links.last).searchParams.get('offset')).toBe(String(lastOffset));

  const past = (await f.get(withQuery(path, `limit=${page}&offset=${total + 3}`))).body;
  expect(past.data).toEqual([]);
  expect(past._meta.totalRecords).toBe(total);
  expect(past._links.next).toBeNull();
  if (total > 0) expect(new URL(past._links.prev).searchParams.get('offset')).toBe(String(lastOffset));

  const zero = (await f.get(withQuery(path, 'limit=0'))).body;
  expect(zero.data).toEqual([]);
  expect(zero._meta).toMatchObject({ limit: 0, totalRecords: total });
  expect(zero._links.next).toBeNull();
  expect(zero._links.prev).toBeNull();
}

/**
 * The order the service must return, computed here: by `key` (nulls last in both directions), then
 * ascending by `tie` (the op's tie-break). Returns the `idOf` of each record.
 */
export function orderOf<T>(
  records: T[],
  key: (r: T) => SortValue,
  desc: boolean,
  tie: (r: T) => string | number,
  idOf: (r: T) => string | number = tie,
): (string | number)[] {
  return [...records]
    .sort((x, y) => {
      const a = key(x) ?? null;
      const b = key(y) ?? null;
      if (a !== null || b !== null) {
        if (a === null) return 1;
        if (b === null) return -1;
        const c = compareValues(a, b);
        if (c !== 0) return desc ? -c : c;
      }
      return compareValues(tie(x), tie(y));
    })
    .map(idOf);
}

/**
 * Every sort key of `keys` in both directions: the served order of `path` (all records on one page,
 * `fields` as given) equals the order computed here from `all` (the same records, read once).
 */
export async function expectSorts<T>(
  f: Fixture,
  path: string,
  all: T[],
  keys: Record<string, (r: T) => SortValue>,
  tie: (r: T) => string | number,
  idOf: (r: T) => string | number = tie,
): Promise<void> {
  for (const [key, read] of Object.entries(keys)) {
    for (const desc of [false, true]) {
      const sort = `${desc ? '-' : ''}${key}`;
      const { status, body } = await f.get(withQuery(path, `limit=1000&sort=${sort}`));
      expect(status, sort).toBe(200);
      expect(
        body.data.map((r: T) => idOf(r)),
        `sort=${sort}`,
      ).toEqual(orderOf(all, read, desc, tie, idOf));
    }
  }
}

/** `sort` values the op allows besides `keys` and their `-` forms: none (the 400 lists them all). */
export async function expectSortKeys(f: Fixture, path: string, keys: string[]): Promise<void> {
  const { status, body } = await f.get(withQuery(path, 'sort=nope'));
  expect(status).toBe(400);
  expect(body.parameter).toBe('sort');
  expect(new Set(body.allowed)).toEqual(new Set(keys.flatMap((k) => [k, `-${k}`])));
}

/**
 * `fields` (spec, "Common conventions"): the default set in order, `*`, a subset, each `obj.*`, and a
 * 400 naming `fields` with the allowed values for an unknown one (`named`: the `obj.sub` forms an op
 * also takes).
 */
export async function expectFields(
  f: Fixture,
  path: string,
  defaults: string[],
  objects: string[],
  all: string[] = defaults,
  named: string[] = [],
): Promise<void> {
  const first = async (q: string) => {
    const { status, body } = await f.get(withQuery(path, `limit=1${q ? `&${q}` : ''}`));
    expect(status, q).toBe(200);
    expect(body.data.length, `${path} needs a record`).toBe(1);
    return body.data[0];
  };
  expect(Object.keys(await first(''))).toEqual(defaults);
  expect(Object.keys(await first('fields=*'))).toEqual(all);
  const some = [all[all.length - 1], all[0]] as string[];
  expect(Object.keys(await first(`fields=${some.join(',')}`)).sort()).toEqual([...some].sort());
  for (const o of objects) {
    const r = await first(`fields=${o}.*`);
    expect(Object.keys(r)).toEqual([o]);
  }
  const bad = await f.get(withQuery(path, 'fields=nope'));
  expect(bad.status).toBe(400);
  expect(bad.body.parameter).toBe('fields');
  expect(new Set(bad.body.allowed)).toEqual(new Set([...all, ...objects.map((o) => `${o}.*`), ...named, '*']));
}

/** A second server on the fixture's database with one key: every category, limited leagues and seasons. */
export interface ScopedServer {
  key: string;
  scope: { league: string; from: string; to: string };
  // biome-ignore lint/suspicious/noExplicitAny: same body shape as the fixture's `get`, read along deep spec paths
  get: (path: string) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

export async function startScoped(f: Fixture, scope: ScopedServer['scope'] = f.limited): Promise<ScopedServer> {
  const key = 'contract-scoped-key-321';
  const file = join(f.dir, `scoped-keys-${scope.league}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      keys: [
        {
          key,
          organisation: 'Scoped Org',
          leagues: [scope.league],
          seasons: { from: scope.from, to: scope.to },
          categories: '*',
        },
      ],
    }),
  );
  const service: RunningService = await startService({ db: f.dbFile, port: 0, keys: file });
  return {
    key,
    scope,
    get: async (path) => {
      const res = await fetch(`${service.baseUrl}${withQuery(path, `apiKey=${key}`)}`);
      return { status: res.status, body: await res.json() };
    },
    close: () => service.close(),
  };
}

/** Fields the Player embedded in game-log, player-stats and where-are-they-now records leaves out (spec, "Player"). */
export const EMBEDDED_OMITTED = [
  'gender',
  'status',
  'playerType',
  'position',
  'shoots',
  'catches',
  'gameStatus',
  'photo',
];

/** The mean of the non-null values rounded to 0.1 (as the test computes it), or null. */
export function mean1(values: (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null);
  if (v.length === 0) return null;
  return Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10;
}
