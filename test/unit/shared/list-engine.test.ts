import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  allowedSortValues,
  compareByTerms,
  orderByTerms,
  parsePaging,
  parseSortTokens,
  type SortColumns,
  sortOrderSql,
} from '../../../shared/query/list-engine.ts';

/**
 * The one list-query engine (shared/query/list-engine.ts), tested once against a table of sort values, hostile
 * ones included, and of paging values; then its ORDER BY and its in-memory order against a real SQLite
 * table, each checked against an order the test computes itself.
 */

const COLUMNS: SortColumns = {
  id: { sql: 't.id' },
  name: { sql: 't.name' },
  'regularStats.SVP': { sql: 't.svp', nullable: true },
  age: { sql: 't.born', nullable: true, inverted: true },
};
const ALLOWED = 'id, -id, name, -name, regularStats.SVP, -regularStats.SVP, age, -age';
const TIE = 't.id ASC';

type Want = { terms: [string, boolean][] } | 'refused';

/** Each `sort` value and what the engine must make of it: terms (key, descending), or a refusal naming `sort`. */
const SORT_TABLE: [label: string, raw: string, want: Want][] = [
  ['one key', 'name', { terms: [['name', false]] }],
  ['descending dotted key', '-regularStats.SVP', { terms: [['regularStats.SVP', true]] }],
  [
    'several keys, spaces trimmed',
    ' -regularStats.SVP , name ',
    {
      terms: [
        ['regularStats.SVP', true],
        ['name', false],
      ],
    },
  ],
  [
    'a key named twice keeps its first direction',
    'name,-id,-name',
    {
      terms: [
        ['name', false],
        ['id', true],
      ],
    },
  ],
  ['inherited: constructor', 'constructor', 'refused'],
  ['inherited: __proto__', '__proto__', 'refused'],
  ['inherited: toString', 'toString', 'refused'],
  ['inherited, descending: -hasOwnProperty', '-hasOwnProperty', 'refused'],
  ['inherited after a good key', 'name,valueOf', 'refused'],
  ['SQL after a key', 'name;DROP TABLE t', 'refused'],
  ['a;DROP', 'a;DROP', 'refused'],
  ['SQL comment', '--x', 'refused'],
  ['double minus on a good key', '--name', 'refused'],
  ['a minus alone', '-', 'refused'],
  ['empty', '', 'refused'],
  ['an empty item', 'name,,id', 'refused'],
  ['a trailing comma', 'name,', 'refused'],
  ['the SQL of a column, not its key', 't.name', 'refused'],
  ['a direction word', 'name DESC', 'refused'],
  ['case differs', 'Name', 'refused'],
  ['unicode look-alike (Cyrillic а)', 'nаme', 'refused'],
  ['unicode key', 'Selänne', 'refused'],
  ['very long', 'n'.repeat(100_000), 'refused'],
  ['quotes', '"name"', 'refused'],
  ['null byte', 'name\u0000', 'refused'],
];

describe('sort values against the allow-list', () => {
  for (const [label, raw, want] of SORT_TABLE) {
    it(`${label}: ${want === 'refused' ? 'refused' : 'read'}`, () => {
      const got = parseSortTokens(raw, COLUMNS);
      if (want === 'refused') {
        expect(got.ok).toBe(false);
        if (got.ok) return;
        expect(got.issue.parameter).toBe('sort');
        expect(got.issue.message).toBe(`Unknown value in 'sort'; allowed: ${ALLOWED}`);
        expect(got.issue.allowed).toEqual(ALLOWED.split(', '));
        // The answer never repeats what was sent (unless the list of allowed values happens to contain it).
        if (raw.length > 2 && !ALLOWED.includes(raw)) expect(got.issue.message).not.toContain(raw);
        const sql = sortOrderSql(raw, COLUMNS, TIE);
        expect(sql.ok).toBe(false);
      } else {
        expect(got).toEqual({ ok: true, value: want.terms.map(([key, descending]) => ({ key, descending })) });
      }
    });
  }

  it('a list of names is an allow-list of its items only', () => {
    const keys = ['name', 'rating'];
    expect(parseSortTokens('-rating,name', keys).ok).toBe(true);
    for (const hostile of ['constructor', 'length', '0', 'push', '__proto__']) {
      expect(parseSortTokens(hostile, keys).ok).toBe(false);
    }
    expect(allowedSortValues(keys)).toEqual(['name', '-name', 'rating', '-rating']);
  });

  it('an allow-list object with no prototype, or one that names a prototype key itself, is read by own keys', () => {
    const bare: SortColumns = Object.assign(Object.create(null), { name: { sql: 't.name' } });
    expect(parseSortTokens('name', bare).ok).toBe(true);
    expect(parseSortTokens('toString', bare).ok).toBe(false);
    const own: SortColumns = { constructor: { sql: 't.name' } };
    expect(parseSortTokens('-constructor', own)).toEqual({
      ok: true,
      value: [{ key: 'constructor', descending: true }],
    });
  });
});

describe('ORDER BY text', () => {
  it('is built from the allow-listed expressions only, with NULLS LAST, inversion and the tie-break last', () => {
    const sql = sortOrderSql('-regularStats.SVP,age,name', COLUMNS, TIE);
    expect(sql).toEqual({ ok: true, value: 't.svp DESC NULLS LAST, t.born DESC NULLS LAST, t.name ASC, t.id ASC' });
    expect(sortOrderSql('-age', COLUMNS, TIE)).toEqual({ ok: true, value: 't.born ASC NULLS LAST, t.id ASC' });
  });

  it('refuses terms whose key has no column (never writes it into the SQL)', () => {
    expect(() => orderByTerms([{ key: 'constructor', descending: false }], COLUMNS, TIE)).toThrow(/no column/);
  });

  it('orders a real table as the test computes it: NULLs last both ways, ties by id', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, svp REAL, born TEXT)');
    const rows: { id: number; name: string; svp: number | null; born: string | null }[] = [];
    for (let id = 1; id <= 60; id++) {
      const svp = id % 7 === 0 ? null : ([0.9, 0.91, 0.905, 0.92][id % 4] ?? null);
      const born = id % 5 === 0 ? null : `19${70 + (id % 9)}-0${1 + (id % 3)}-1${id % 10}`;
      rows.push({ id, name: `P${id % 6}`, svp, born });
    }
    const ins = db.prepare('INSERT INTO t VALUES (?, ?, ?, ?)');
    for (const r of rows) ins.run(r.id, r.name, r.svp, r.born);
    const cases: [string, (a: (typeof rows)[number], b: (typeof rows)[number]) => number][] = [
      ['-regularStats.SVP', (a, b) => nullsLast(a.svp, b.svp, true) || a.id - b.id],
      ['regularStats.SVP,-name', (a, b) => nullsLast(a.svp, b.svp, false) || cmp(b.name, a.name) || a.id - b.id],
      // Age ascending: youngest first, i.e. the latest date of birth first.
      ['age', (a, b) => nullsLast(a.born, b.born, true) || a.id - b.id],
      ['-age,name', (a, b) => nullsLast(a.born, b.born, false) || cmp(a.name, b.name) || a.id - b.id],
    ];
    for (const [sort, compare] of cases) {
      const order = sortOrderSql(sort, COLUMNS, TIE);
      if (!order.ok) throw new Error(order.issue.message);
      const got = (db.prepare(`SELECT id FROM t ORDER BY ${order.value}`).all() as { id: number }[]).map((r) => r.id);
      expect(got, sort).toEqual([...rows].sort(compare).map((r) => r.id));
    }
    db.close();
  });
});

/** NULLs last whatever the direction; otherwise ascending or descending. */
function nullsLast<T extends number | string>(a: T | null, b: T | null, desc: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return desc ? cmp(b, a) : cmp(a, b);
}
function cmp<T extends number | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

describe('ordering in memory', () => {
  it('sorts by the same rules: missing values last both ways, numbers by value, text by collator, tie-break last', () => {
    const recs = [
      { id: 3, name: 'b', rating: 4 },
      { id: 1, name: 'a', rating: null },
      { id: 2, name: 'B', rating: 4 },
      { id: 4, name: 'c', rating: 5 },
      { id: 5, name: '', rating: 2 },
    ];
    const by = (raw: string) => {
      const terms = parseSortTokens(raw, ['name', 'rating']);
      if (!terms.ok) throw new Error(terms.issue.message);
      return [...recs]
        .sort(
          compareByTerms(
            terms.value,
            (r, k) => (k === 'name' ? r.name : r.rating),
            (a, b) => a.id - b.id,
          ),
        )
        .map((r) => r.id);
    };
    expect(by('-rating')).toEqual([4, 2, 3, 5, 1]);
    expect(by('rating')).toEqual([5, 2, 3, 4, 1]);
    // 'b' and 'B' are one name to the collator: the tie-break (id) orders them.
    expect(by('name')).toEqual([1, 2, 3, 4, 5]);
    expect(by('-name')).toEqual([4, 2, 3, 1, 5]);
  });
});

describe('paging', () => {
  const TABLE: [label: string, raw: { offset?: string | number; limit?: string | number }, want: string][] = [
    ['absent: the defaults', {}, '0/100'],
    ['strings', { offset: '50', limit: '25' }, '50/25'],
    ['numbers', { offset: 50, limit: 25 }, '50/25'],
    ['limit 0 (count only)', { limit: '0' }, '0/0'],
    ['limit 1000', { limit: '1000' }, '0/1000'],
    ['leading zeros', { offset: '0000000010' }, '10/100'],
    ['largest offset', { offset: String(2 ** 31 - 1) }, `${2 ** 31 - 1}/100`],
    ['limit 1001', { limit: '1001' }, 'limit'],
    ['negative offset', { offset: '-1' }, 'offset'],
    ['negative number', { offset: -1 }, 'offset'],
    ['fraction', { limit: '2.5' }, 'limit'],
    ['fraction number', { limit: 2.5 }, 'limit'],
    ['exponent', { offset: '1e3' }, 'offset'],
    ['hex', { offset: '0x10' }, 'offset'],
    ['spaces', { limit: ' 10' }, 'limit'],
    ['empty', { offset: '' }, 'offset'],
    ['offset past 32 bits', { offset: String(2 ** 31) }, 'offset'],
    ['eleven digits', { offset: '00000000001' }, 'offset'],
    ['very long', { offset: '9'.repeat(10_000) }, 'offset'],
    ['unicode digits', { limit: '١٠' }, 'limit'],
    ['injection', { limit: '10;DROP' }, 'limit'],
  ];
  for (const [label, raw, want] of TABLE) {
    it(`${label} → ${want}`, () => {
      const got = parsePaging(raw);
      if (want.includes('/')) {
        expect(got.ok && `${got.value.offset}/${got.value.limit}`).toBe(want);
      } else {
        expect(got.ok).toBe(false);
        if (got.ok) return;
        expect(got.issue.parameter).toBe(want);
        const range = want === 'limit' ? '0 to 1000' : `0 to ${2 ** 31 - 1}`;
        expect(got.issue.message).toBe(`Parameter '${want}' must be an integer from ${range}`);
      }
    });
  }

  it('takes its own bounds: a smaller largest offset and another default limit', () => {
    expect(parsePaging({ offset: '1000001' }, { offsetMax: 1_000_000 }).ok).toBe(false);
    expect(parsePaging({}, { limitDefault: 25 })).toEqual({ ok: true, value: { offset: 0, limit: 25 } });
  });
});
