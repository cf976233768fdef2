import type { FilterDefinitions, ListDefinition, ListKind, SortSql } from '../../shared/query/lists/definition.ts';
import { tieBreakSql } from '../../shared/query/lists/definition.ts';
import { enumIn } from './filters.ts';
import type { FilterDef, ListOp, SortDef } from './types.ts';

/**
 * A list op's sorts, default sort, filters and tie-break from the list's definition (shared/query/lists/),
 * with the service's SQL source for each: the definition names the keys, the op gives their SQL. The types
 * ask for exactly the definition's sort keys and filter names; a definition and a source that still differ
 * (a key added to one only, read through a wider type) throw when the op is built, so the service never
 * starts with a list its definition does not describe.
 */
export function declaredList<F extends FilterDefinitions, S extends string>(
  def: ListDefinition<F, S>,
  sql: { sorts: SortSql<S, SortDef>; filters: Readonly<Record<keyof F & string, FilterDef>> },
): Pick<ListOp<never>, 'sorts' | 'defaultSort' | 'filters' | 'tieBreak'> {
  sameKeys(`${def.id} sorts`, def.sorts, Object.keys(sql.sorts));
  sameKeys(`${def.id} filters`, Object.keys(def.filters), Object.keys(sql.filters));
  const sorts: Record<string, SortDef> = sql.sorts;
  return {
    sorts,
    defaultSort: def.defaultSort,
    filters: sql.filters,
    tieBreak: tieBreakSql(def, (key) => (Object.hasOwn(sorts, key) ? sorts[key]?.sql : undefined)),
  };
}

function sameKeys(what: string, declared: readonly string[], given: readonly string[]): void {
  const missing = declared.filter((k) => !given.includes(k));
  const extra = given.filter((k) => !declared.includes(k));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(`${what} differ from the definition: missing ${missing.join(', ')}; extra ${extra.join(', ')}`);
}

/**
 * An enumeration filter of a definition's closed list (`values`; the value `null` among them matches a
 * NULL column): `column IN (…)` through {@link enumIn}, its values the definition's.
 */
export function declaredEnum(column: string, f: ListKind): FilterDef {
  const values = f.values ?? [];
  return enumIn(
    column,
    values.filter((v) => v !== 'null'),
    { nullable: values.includes('null') },
  );
}
