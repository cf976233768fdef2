import type { SQLInputValue } from 'node:sqlite';
import { listEnvelope } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { parseFields, project } from './fields.ts';
import { parsePaging } from './paging.ts';
import { orderBy } from './sort.ts';
import type { ListOp, RequestContext, SqlPart } from './types.ts';

/** Query parameters every list op takes besides its filters. */
export const COMMON_LIST_PARAMS = ['fields', 'sort', 'offset', 'limit'] as const;

/** The names of every query parameter an op accepts (for the 400 on an unknown name). */
export function listParamNames(op: ListOp): string[] {
  return [...COMMON_LIST_PARAMS, ...Object.keys(op.filters)];
}

/**
 * Answers a list op: validates every parameter, then runs COUNT(*) and one page query in SQL
 * (WHERE from scope + filters, ORDER BY from `sort` + tie-break, LIMIT/OFFSET), and builds only the
 * page's records. Returns the envelope.
 */
export function runList(op: ListOp, ctx: RequestContext): unknown {
  const allowed = listParamNames(op);
  for (const name of ctx.query.keys()) {
    if (!allowed.includes(name)) {
      throw badRequest(name, `Unknown query parameter '${name}' for ${op.path}`, [...allowed, 'apiKey']);
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
  const params: SQLInputValue[] = parts.flatMap((p) => p.params);

  const countRow = ctx.stmts.get(`SELECT COUNT(*) AS n FROM ${op.from}${where}`).get(...params) as { n: number };
  const totalRecords = Number(countRow.n);
  let data: unknown[] = [];
  if (limit > 0 && offset < totalRecords) {
    const sql = `SELECT ${op.select ?? '*'} FROM ${op.from}${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const rows = ctx.stmts.get(sql).all(...params, limit, offset);
    data = op.build(rows as never[], ctx, fields, state).map((r) => project(r, fields));
  }
  return listEnvelope(ctx.url, ctx.links.origin, { offset, limit, totalRecords }, data);
}
