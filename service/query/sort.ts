import type { SortDef } from './types.ts';
import { unknownValue } from './values.ts';

/** The values `sort` accepts: each key and its `-` form. */
export function allowedSortValues(sorts: Record<string, SortDef>): string[] {
  return Object.keys(sorts).flatMap((k) => [k, `-${k}`]);
}

/**
 * Turns `sort` (spec, "Common conventions": comma-separated keys, `-` for descending) into an
 * ORDER BY clause. NULLs sort last in both directions (for keys marked `nullable`), and the op's
 * tie-break (its id) always ends the clause, so paging is deterministic. 400 for an unknown key.
 */
export function orderBy(raw: string, sorts: Record<string, SortDef>, tieBreak: string): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const item of raw.split(',').map((s) => s.trim())) {
    const desc = item.startsWith('-');
    const key = desc ? item.slice(1) : item;
    const def = Object.hasOwn(sorts, key) ? sorts[key] : undefined;
    if (!def) throw unknownValue('sort', allowedSortValues(sorts));
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(`${def.sql} ${desc ? 'DESC' : 'ASC'}${def.nullable ? ' NULLS LAST' : ''}`);
  }
  parts.push(tieBreak);
  return parts.join(', ');
}
