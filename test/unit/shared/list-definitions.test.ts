import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { teams } from '../../../service/ops/team/teams.ts';
import { orderBy } from '../../../service/query/sort.ts';
import { parseSortTokens } from '../../../shared/query/list-engine.ts';
import type { FilterDefinition, ListDefinition } from '../../../shared/query/lists/definition.ts';
import { LIST_DEFINITIONS } from '../../../shared/query/lists/index.ts';
import { checkListParams } from '../../../shared/query/lists/params.ts';
import { checkLeaderQuery, leaderOrderBy, leaderSorts } from '../../../store/cache/leaders/query.ts';
import { checkPlayerQuery, PLAYER_SORTS, playerSql } from '../../../store/cache/players/query.ts';

/**
 * The list-query engine against every list definition (shared/query/lists/): each filter kind parsed and
 * bounded, each sort key allowed by the planner that answers the list (and no other key), the tie-break
 * applied and stable over pages of rows that tie on every sort key, the defaults valid.
 */

/** How one planner orders a list: for a sort token, its ORDER BY terms, or null when it refuses the token. */
interface Planner {
  /** The planner's variants (the leaders' blocks and modes), each with its sort keys and ORDER BY. */
  variants: {
    name: string;
    keys: readonly string[];
    orderBy(token: string): string | null;
    /** The column that tells any two rows apart (this test's own knowledge of each table). */
    unique: string;
  }[];
}

const strip = (sql: string) => sql.replace(/^ORDER BY /, '');

const PLANNERS: Readonly<Record<string, Planner>> = {
  players: {
    variants: [
      {
        name: 'store',
        keys: Object.keys(PLAYER_SORTS),
        orderBy: (sort) => {
          const q = checkPlayerQuery({ sort });
          return q.ok ? strip(playerSql(q.value, new Date()).orderBy) : null;
        },
        unique: 'p.id',
      },
    ],
  },
  leaders: {
    variants: (['regularStats', 'postseasonStats', 'totalStats'] as const).flatMap((block) =>
      (['seasons', 'totals'] as const).map((mode) => ({
        name: `${block} ${mode}`,
        keys: Object.keys(leaderSorts(block, mode)),
        orderBy: (sort: string) => {
          const q = checkLeaderQuery({ block, mode, sort });
          return q.ok ? leaderOrderBy(q.value) : null;
        },
        unique: mode === 'seasons' ? 'ps.id' : 't.playerId',
      })),
    ),
  },
  teams: {
    variants: [
      {
        name: 'service',
        keys: Object.keys(teams.sorts),
        orderBy: (sort) => {
          try {
            return orderBy(sort, teams.sorts, teams.tieBreak);
          } catch {
            return null;
          }
        },
        unique: 't.id',
      },
    ],
  },
};

/** A value each kind takes and one it refuses (out of its bounds or malformed), made here from the kind. */
function samples(f: FilterDefinition): { good: string[]; bad: string[] } {
  switch (f.kind) {
    case 'text':
      return { good: ['a', 'x'.repeat(f.maxLength)], bad: ['x'.repeat(f.maxLength + 1)] };
    case 'choice':
      return { good: [...f.values], bad: ['not-a-value', f.values.join(',')] };
    case 'list': {
      const one = f.values?.find((v) => v !== f.alone?.value) ?? sampleItem(f.item);
      const bad = ['not a value;', 'x'.repeat(f.maxLength + 1)];
      if (f.alone !== undefined) bad.push(`${f.alone.value},${one}`);
      return { good: [one, ` ${one} , `], bad };
    }
    case 'whole':
      return {
        good: [String(f.min), String(f.max)],
        bad: [String(f.max + 1), '-1', '1.5', 'ten', ...(f.min === 1 ? ['0'] : [])],
      };
    case 'measure':
      return { good: ['0', '85.5', String(f.max)], bad: [String(f.max + 1), '85.25', '-1', 'tall'] };
    case 'season':
      return { good: ['1992-1993'], bad: ['1992', '1992-93'] };
    case 'dateTime':
      return { good: ['2024-01-31T00:00:00Z'], bad: ['yesterday', '2024-01-31'] };
  }
}

/** An item the pattern takes, tried from a few shapes (slugs, countries, numbers). */
function sampleItem(item: RegExp): string {
  const found = ['nhl', 'can', '12', 'active'].find((v) => item.test(v));
  if (found === undefined) throw new Error(`no sample for ${item}`);
  return found;
}

/**
 * Pages through rows that tie on every column but `unique` (inserted in a shuffled order), ordered by
 * `order`: the pages, joined, must hold each row once, in ascending `unique` (the tie-break's last word).
 */
function pagedKeys(order: string, unique: string): number[] {
  const refs = [...new Set([...order.matchAll(/\b([a-z]{1,2})\.([A-Za-z_]+)\b/g)].map((m) => `${m[1]}.${m[2]}`))];
  const [mainAlias] = unique.split('.') as [string];
  const db = new DatabaseSync(':memory:');
  const tables = new Map<string, string[]>();
  for (const ref of [...refs, unique]) {
    const [alias, column] = ref.split('.') as [string, string];
    const cols = tables.get(alias) ?? [];
    if (!cols.includes(column)) cols.push(column);
    tables.set(alias, cols);
  }
  for (const [alias, cols] of tables) {
    db.exec(`CREATE TABLE tab_${alias} (${cols.map((c) => `"${c}"`).join(', ')})`);
    const rows = alias === mainAlias ? 30 : 1;
    const ids = Array.from({ length: rows }, (_, i) => (i * 17) % rows);
    for (const id of ids) {
      const values = cols.map((c) => (`${alias}.${c}` === unique ? id : 1));
      db.prepare(`INSERT INTO tab_${alias} VALUES (${cols.map(() => '?').join(', ')})`).run(...values);
    }
  }
  const from = [...tables.keys()].map((a) => `tab_${a} ${a}`).join(' CROSS JOIN ');
  const keys: number[] = [];
  for (let offset = 0; offset < 30; offset += 7) {
    const page = db.prepare(`SELECT ${unique} AS k FROM ${from} ORDER BY ${order} LIMIT 7 OFFSET ?`).all(offset);
    keys.push(...page.map((r) => Number(r.k)));
  }
  db.close();
  return keys;
}

describe.each(LIST_DEFINITIONS.map((d) => [d.id, d] as const))('the %s list', (_id, def: ListDefinition) => {
  const planner = PLANNERS[def.id];

  it('has a planner here (a new definition is added to this test with its planner)', () => {
    expect(planner).toBeDefined();
  });

  it.each(Object.entries(def.filters))('parses filter %s by its kind and refuses what is out of bounds', (name, f) => {
    const { good, bad } = samples(f);
    for (const v of good) expect(checkListParams(def, { [name]: v }).ok, `${name}=${v}`).toBe(true);
    for (const v of bad) {
      const r = checkListParams(def, { [name]: v });
      expect(r.ok, `${name}=${v}`).toBe(false);
      if (!r.ok) expect(r.issue.parameter).toBe(name);
    }
  });

  it('refuses a parameter it does not declare, naming it', () => {
    const r = checkListParams(def, { notAFilter: '1' });
    expect(!r.ok && r.issue.parameter).toBe('notAFilter');
  });

  it('allows every sort key it declares both ways, and its planner no other key', () => {
    const keys = new Set(planner?.variants.flatMap((v) => v.keys));
    expect([...keys].sort()).toEqual([...def.sorts].sort());
    for (const key of def.sorts) {
      for (const token of [key, `-${key}`]) {
        expect(parseSortTokens(token, def.sorts).ok).toBe(true);
        const answered = planner?.variants.filter((v) => v.keys.includes(key)) ?? [];
        for (const v of answered) expect(v.orderBy(token), `${v.name} ${token}`).not.toBeNull();
      }
    }
  });

  it('ends every order in its tie-break, whose last key is the row key, so pages of ties are stable', () => {
    expect(def.tieBreak.at(-1)).toBe(def.rowKey);
    for (const v of planner?.variants ?? []) {
      for (const key of v.keys) {
        for (const token of [key, `-${key}`]) {
          const order = v.orderBy(token);
          if (order === null) throw new Error(`${v.name} refused ${token}`);
          expect(order.endsWith(`${v.unique} ASC`), `${v.name} ${token}: ${order}`).toBe(true);
          const all = Array.from({ length: 30 }, (_, i) => i);
          const keys = pagedKeys(order, v.unique);
          // Each row once; in the tie-break's ascending order, but where the sort is the row key itself, descending.
          expect(keys, `${v.name} ${token}`).toEqual(token === `-${def.rowKey}` ? all.reverse() : all);
        }
      }
    }
  });

  it('has valid defaults: its default sorts are its own keys, its planner answers them', () => {
    for (const sort of [def.defaultSort, ...Object.values(def.defaultSorts ?? {})]) {
      expect(parseSortTokens(sort, def.sorts).ok, sort).toBe(true);
      expect(
        planner?.variants.some((v) => v.orderBy(sort) !== null),
        sort,
      ).toBe(true);
    }
    expect(checkListParams(def, {}).ok).toBe(true);
  });

  it('declares its filter bar: labels, both bounds of each range, labels for each value of a select', () => {
    const ranges = new Map<string, string[]>();
    for (const [name, f] of Object.entries(def.filters)) {
      if (f.ui === undefined) continue;
      expect(f.ui.label, name).not.toBe('');
      if (f.ui.control === 'range') ranges.set(f.ui.range, [...(ranges.get(f.ui.range) ?? []), name]);
      if (f.ui.control === 'select' && f.ui.labels !== undefined && (f.kind === 'choice' || f.kind === 'list'))
        for (const v of f.values ?? []) expect(f.ui.labels[v], `${name} ${v}`).toBeTruthy();
    }
    for (const [range, names] of ranges) expect(names.sort(), range).toEqual([`${range}:max`, `${range}:min`]);
  });

  it('exports columns of its catalog: each column of the table is exportable', () => {
    const exported = new Set(def.exported.map((c) => c.id));
    for (const c of def.columns) expect(exported.has(c.id), c.id).toBe(true);
  });
});
