import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { SortColumn } from '../../shared/query/list-engine.ts';
import type { ListDefinition } from '../../shared/query/lists/definition.ts';
import type { Category } from '../auth/categories.ts';
import type { SqlPart, Subscription } from '../auth/subscription.ts';
import type { Statements } from './statements.ts';

export type { SqlPart };

/** How records link back to the service: absolute base (ends in `/v1`) and the caller's query `apiKey`. */
export interface LinkContext {
  /** `http://host:port` of the service as the caller reached it. */
  origin: string;
  /** `{origin}/v1`. */
  base: string;
  /** The caller's key when it came as the `apiKey` query parameter (echoed in links, as the real service does). */
  apiKey: string | null;
}

/** Everything a handler sees for one request. */
export interface RequestContext {
  db: DatabaseSync;
  stmts: Statements;
  sub: Subscription;
  links: LinkContext;
  /** Path parameters by name, raw (validated by the op's path kinds before the handler runs). */
  path: Record<string, string>;
  /** The query parameters (no `apiKey`), each given once. */
  query: Map<string, string>;
  /** The request URL (for envelope links). */
  url: URL;
}

/** Kinds of path parameter: integer id, league slug, season slug. */
export type PathParamKind = 'id' | 'slug' | 'season';

/**
 * Parses one filter's raw value (a query string value) and returns its SQL condition.
 * Throws a `ServiceError` (query/errors.ts): `bad-parameter` naming the parameter for a malformed value,
 * `forbidden` for data outside the subscription.
 */
export type FilterDef = (raw: string, name: string, ctx: RequestContext) => SqlPart;

/** One sort key: the SQL expression it orders by; `nullable` adds `NULLS LAST` in both directions. */
export type SortDef = SortColumn;

/**
 * The `fields` parameter of an operation (spec, "Common conventions"): the allowed top-level names,
 * the object fields that also take the `name.*` form, and the default set.
 */
export interface FieldsDef {
  allowed: readonly string[];
  objects: readonly string[];
  /** Default: all of `allowed`. */
  defaults?: readonly string[];
  /**
   * Object fields whose subfields may be named one by one in `fields` (`player.position`), with the
   * subfield names each takes. Absent: only `obj` and `obj.*`.
   */
  subfields?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The selected fields of a response record: top-level names, plus `obj.*` for an object asked with all
 * its subfields and `obj.sub` for each subfield named one by one (query/fields.ts).
 */
export type Projection = ReadonlySet<string>;

/**
 * A list operation (spec, "Pagination envelope"): everything the engine needs to answer it in SQL.
 * `R` is the row type `select` returns.
 */
export interface ListOp<R = Record<string, SQLInputValue>> {
  kind: 'list';
  /** Path template relative to `/v1`, e.g. `/teams/{id}/goaltending-leaders`. */
  path: string;
  category: Category;
  /** One-line description for the README and logs. */
  summary: string;
  pathParams?: Record<string, PathParamKind>;
  /** `FROM` clause with the table alias, e.g. `teams t`. */
  from: string;
  /** Columns to select for the page (default `*` of the FROM). */
  select?: string;
  /**
   * The key column of a one-table list (e.g. `ps.id`, unique). With it, the page query selects and
   * sorts only the keys, and the page's rows are then read by key: SQLite's sorter then holds keys,
   * not whole wide rows (so a team's goalie rows over all seasons sort faster). Not with `groupBy`.
   */
  pageKey?: string;
  /**
   * With `pageKey`: the columns (with the FROM alias) the page's rows must hold for a projection, when
   * fewer than all of them: each column read is turned into a JS value, and a wide row has many.
   * Absent, or null for a projection: `select`.
   */
  columnsFor?: (fields: Projection) => readonly string[] | null;
  /**
   * Deterministic tie-break, appended to every ORDER BY: the id column, or a list of ORDER BY terms ending
   * in it (standings end with the league's tie-breakers: `s.W DESC, s.GD DESC, s.id`).
   */
  tieBreak: string;
  /**
   * For aggregate lists (one record per group, e.g. counts per team): the GROUP BY expression.
   * Scope and filters apply to the rows before grouping; `select` and sort keys may use aggregates;
   * `totalRecords` counts the groups.
   */
  groupBy?: string;
  /**
   * Conditions that always apply: the path entity (throw 404/403 here) and the subscription's
   * league/season scope. Runs before filters; may return extra values for `build` in `state`.
   */
  scope: (ctx: RequestContext) => { where: (SqlPart | null)[]; state?: unknown };
  fields: FieldsDef;
  /**
   * The list's definition (shared/query/lists/) when its sorts, default sort, filters and tie-break come
   * from one (query/declared.ts): the list-definitions test finds the op that answers a definition by it.
   */
  definition?: ListDefinition;
  sorts: Record<string, SortDef>;
  defaultSort: string;
  filters: Record<string, FilterDef>;
  /** Filters applied when the caller did not give them (e.g. `statsType=default`). */
  defaultFilters?: (ctx: RequestContext, state: unknown) => Record<string, string>;
  /**
   * Builds the page's records (batch-loading what they reference); projection is applied after to
   * object records. A list of bare values (e.g. transfer years, spec: `data` an array of integers)
   * returns numbers, which are served as they are.
   */
  build: (rows: R[], ctx: RequestContext, fields: Projection, state: unknown) => ListRecord[];
}

/** One element of a list's `data`: a record, or a bare value. */
export type ListRecord = Record<string, unknown> | number;

/** A single-item operation: `{_meta, data}` with `data` an object. */
export interface ItemOp {
  kind: 'item';
  path: string;
  category: Category;
  summary: string;
  pathParams?: Record<string, PathParamKind>;
  fields: FieldsDef;
  /** Loads and builds the record; throws 404/403. */
  load: (ctx: RequestContext, fields: Projection) => Record<string, unknown>;
}

/** An operation that needs no key and returns its own JSON (e.g. `/about`). */
export interface PublicOp {
  kind: 'public';
  path: string;
  summary: string;
  handle: (db: DatabaseSync) => unknown;
}

/** Any operation of the route table. `ListOp<never>` admits a list op of every row type (its `build` is the only use of the row type). */
export type Operation = ListOp<never> | ItemOp | PublicOp;
