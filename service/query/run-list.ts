import type { SQLInputValue } from 'node:sqlite';
import { LRUCache } from 'lru-cache';
import { badParameter } from './errors.ts';
import { parseFields, project } from './fields.ts';
import { parsePaging } from './paging.ts';
import { orderBy } from './sort.ts';
import type { ListOp, Projection, RequestContext, SqlPart } from './types.ts';

/** Query parameters every list op takes besides its filters. */
export const COMMON_LIST_PARAMS = ['fields', 'sort', 'offset', 'limit'] as const;

/** The names of every query parameter an op accepts (for the 400 on an unknown name). */
export function listParamNames(op: ListOp<never>): string[] {
  return [...COMMON_LIST_PARAMS, ...Object.keys(op.filters)];
}

/** The SQL a list request runs: its COUNT and page statements and their bound values. */
export interface ListPlan {
  countSql: string;
  /** The page query; with `op.pageKey`, it selects only the key column. */
  pageSql: string;
  /** With `op.pageKey`: reads the page's rows by key (one JSON array of keys bound). */
  rowsSql: string | null;
  params: SQLInputValue[];
  offset: number;
  limit: number;
  fields: Projection;
  state: unknown;
}

/**
 * Validates every parameter of a list request and builds its SQL: WHERE from scope + filters,
 * ORDER BY from `sort` + tie-break, LIMIT/OFFSET. Throws `ServiceError`s (query/errors.ts). Exported so the
 * query-plan test can EXPLAIN exactly what the server runs.
 */
export function planList(op: ListOp<never>, ctx: RequestContext): ListPlan {
  const allowed = listParamNames(op);
  for (const name of ctx.query.keys()) {
    if (!allowed.includes(name)) {
      throw badParameter(name, `Unknown query parameter '${name}' for ${op.path}`, [...allowed, 'apiKey']);
    }
  }
  const fields = parseFields(ctx.query.get('fields'), op.fields);
  const { offset, limit } = parsePaging(ctx.query);
  const order = orderBy(ctx.query.get('sort') ?? op.defaultSort, op.sorts, op.tieBreak);

  const { where: scoped, state } = op.scope(ctx);
  const parts: SqlPart[] = scoped.filter((p): p is SqlPart => p !== null);
  const given = new Map(ctx.query);
  for (const [name, value] of Object.entries(op.defaultFilters?.(ctx, state) ?? {})) {
    if (!given.has(name)) given.set(name, value);
  }
  for (const [name, raw] of given) {
    const filter = Object.hasOwn(op.filters, name) ? op.filters[name] : undefined;
    if (filter) parts.push(filter(raw, name, ctx));
  }
  const where = parts.length ? ` WHERE ${parts.map((p) => p.sql).join(' AND ')}` : '';
  // Aggregate lists count their groups, not their rows.
  const group = op.groupBy ? ` GROUP BY ${op.groupBy}` : '';
  const byKey = op.pageKey !== undefined && !op.groupBy;
  return {
    countSql: group
      ? `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${op.from}${where}${group})`
      : `SELECT COUNT(*) AS n FROM ${op.from}${where}`,
    pageSql: `SELECT ${byKey ? op.pageKey : (op.select ?? '*')} FROM ${op.from}${where}${group} ORDER BY ${order} LIMIT ? OFFSET ?`,
    rowsSql: byKey
      ? `SELECT ${op.columnsFor?.(fields)?.join(', ') ?? op.select ?? '*'} FROM ${op.from} WHERE ${op.pageKey} IN (SELECT value FROM json_each(?))`
      : null,
    params: parts.flatMap((p) => p.params),
    offset,
    limit,
    fields,
    state,
  };
}

/** Most recent results kept per connection and kind (see {@link countOf} and {@link groupRowsOf}). */
const CACHE_MAX = 2000;
const caches = new WeakMap<object, Map<string, LRUCache<string, { value: unknown }>>>();

/**
 * The result of `compute` for `sql` with `params`, kept per connection (LRU of {@link CACHE_MAX} per
 * kind). Sound because the service's database is opened read-only: the same statement with the same
 * values always gives the same result while it is served.
 */
function cached<T>(ctx: RequestContext, kind: string, sql: string, params: SQLInputValue[], compute: () => T): T {
  let byKind = caches.get(ctx.db);
  if (!byKind) {
    byKind = new Map();
    caches.set(ctx.db, byKind);
  }
  let cache = byKind.get(kind);
  if (!cache) {
    cache = new LRUCache({ max: CACHE_MAX });
    byKind.set(kind, cache);
  }
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  const hit = cache.get(key);
  if (hit) return hit.value as T;
  const value = compute();
  cache.set(key, { value });
  return value;
}

/** `totalRecords` of a list: its COUNT, counted once per distinct query (paging counts it once, not per page). */
function countOf(ctx: RequestContext, sql: string, params: SQLInputValue[]): number {
  return cached(ctx, 'count', sql, params, () => Number((ctx.stmts.get(sql).get(...params) as { n: number }).n));
}

/**
 * The page rows of an aggregate list (`groupBy`): grouping reads every matching row however small the
 * page (e.g. 125,000 staff entries for one page of team counts), so each distinct page is computed once
 * per connection. The rows are only read by `build`, never changed.
 */
function groupRowsOf(ctx: RequestContext, sql: string, params: SQLInputValue[]): unknown[] {
  return cached(ctx, 'group-rows', sql, params, () => ctx.stmts.get(sql).all(...params));
}

type Row = Record<string, SQLInputValue>;
/** Rows of `pageKey` lists kept per connection and statement (a wide player_stats row is large as an object). */
const ROWS_MAX = 5000;
/** Statements whose rows are kept, per connection (one per list and column set read). */
const ROW_STATEMENTS_MAX = 32;
/** Per connection, per `rowsSql`: rows by their key (the key itself, so a look-up builds no string). */
const keptRows = new WeakMap<object, LRUCache<string, LRUCache<NonNullable<SQLInputValue>, Row>>>();

/**
 * The page's rows of a list with a `pageKey`: its keys in page order (`pageSql`), then the rows read by
 * key (`rowsSql`) and put back in that order. Rows are kept per connection (LRU of {@link ROWS_MAX} per
 * statement, of {@link ROW_STATEMENTS_MAX} statements): sound for the read-only database, as {@link groupRowsOf}.
 * The rows are only read by `build`, never changed.
 */
function rowsByKey(
  ctx: RequestContext,
  pageSql: string,
  pageParams: SQLInputValue[],
  rowsSql: string,
  pageKey: string,
): Row[] {
  const name = pageKey.slice(pageKey.indexOf('.') + 1);
  const keys = (ctx.stmts.get(pageSql).all(...pageParams) as Row[]).map((r) => r[name] as NonNullable<SQLInputValue>);
  if (keys.length === 0) return [];
  let byStatement = keptRows.get(ctx.db);
  if (!byStatement) {
    byStatement = new LRUCache({ max: ROW_STATEMENTS_MAX });
    keptRows.set(ctx.db, byStatement);
  }
  let kept = byStatement.get(rowsSql);
  if (!kept) {
    kept = new LRUCache({ max: ROWS_MAX });
    byStatement.set(rowsSql, kept);
  }
  // The page's rows are collected here first, so keeping the missing ones never evicts one of the page.
  const page = new Map<SQLInputValue, Row>();
  const missing: SQLInputValue[] = [];
  for (const k of keys) {
    const hit = kept.get(k);
    if (hit) page.set(k, hit);
    else missing.push(k);
  }
  if (missing.length) {
    for (const r of ctx.stmts.get(rowsSql).all(JSON.stringify(missing)) as Row[]) {
      const k = r[name] as NonNullable<SQLInputValue>;
      page.set(k, r);
      kept.set(k, r);
    }
  }
  const out: Row[] = [];
  for (const k of keys) {
    const row = page.get(k);
    if (row) out.push(row);
  }
  return out;
}

/** One page of a list: what the HTTP layer wraps in the list envelope (its envelope module). */
export interface ListPage {
  offset: number;
  limit: number;
  totalRecords: number;
  /** The page's records, projected on `fields` (numbers for a list of bare values). */
  data: unknown[];
}

/**
 * Answers a list op: runs one page query in SQL and builds only the page's records (nested objects
 * batch-loaded per page), and COUNT(*) for `totalRecords` unless the page itself shows where the list ends.
 * @throws ServiceError (query/errors.ts) for a bad parameter, an unknown path entity or data outside the key.
 */
export function runList(op: ListOp<never>, ctx: RequestContext): ListPage {
  const plan = planList(op, ctx);
  const { offset, limit, params } = plan;
  let rows: unknown[] = [];
  if (limit > 0) {
    const pageParams = [...params, limit, offset];
    rows = op.groupBy
      ? groupRowsOf(ctx, plan.pageSql, pageParams)
      : plan.rowsSql !== null && op.pageKey !== undefined
        ? rowsByKey(ctx, plan.pageSql, pageParams, plan.rowsSql, op.pageKey)
        : ctx.stmts.get(plan.pageSql).all(...pageParams);
  }
  // A page with rows that is not full is the list's last: the rows before it and on it are all there is.
  const totalRecords =
    rows.length > 0 && rows.length < limit ? offset + rows.length : countOf(ctx, plan.countSql, params);
  const data =
    rows.length === 0
      ? []
      : op
          .build(rows as never[], ctx, plan.fields, plan.state)
          .map((r) => (typeof r === 'number' ? r : project(r, plan.fields)));
  return { offset, limit, totalRecords, data };
}
