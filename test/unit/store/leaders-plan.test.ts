import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLeaderQuery } from '../../../store/cache/leaders/query.ts';
import { SORT_INDEXED, totalsGroupSql } from '../../../store/cache/leaders/read.ts';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';
import { leadersStatement } from '../../../store/index.ts';

// The stats browser over every row: its first page must come from the sort's own index in order, not from
// the games index (for the min GP bound) and a sort of every qualifying row, which took a second and a half
// on a million rows. The plan is read from SQLite on the store's schema.

const dir = mkdtempSync(join(tmpdir(), 'rinkside-leaders-plan-'));
const db = new DatabaseSync(join(dir, 'plan.sqlite'));
for (const m of MIGRATIONS) db.exec(m.sql);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function plan(query: Record<string, string>, which: 'rows' | 'keys' | 'count'): string[] {
  const st = leadersStatement({ ...query, limit: '100' });
  if (!st.ok) throw new Error('refused');
  const values = which === 'rows' ? [...st.params, 100, 0] : st.params;
  return (db.prepare(`EXPLAIN QUERY PLAN ${st[which]}`).all(...values) as { detail: string }[]).map((r) => r.detail);
}

describe('the leaders over every row', () => {
  for (const [sort, index] of [
    ['-PTS', 'player_seasons_pts'],
    ['-G', 'player_seasons_goals'],
    ['-PTSperGP', 'player_seasons_ptsgp'],
    ['-A', 'player_seasons_assists'],
    ['-PIM', 'player_seasons_pim'],
    ['-PM', 'player_seasons_pm'],
    ['-adjPTS', 'player_seasons_adjpts'],
    ['-GperGP', 'player_seasons_gpergp'],
    ['-AperGP', 'player_seasons_apergp'],
  ] as const) {
    it(`by ${sort}: the first page and the keys come in ${index}'s order, unsorted`, () => {
      for (const which of ['rows', 'keys'] as const) {
        const lines = plan({ sort }, which);
        expect(lines.join(' | ')).toContain(index);
        expect(
          lines.some((l) => l.includes('TEMP B-TREE')),
          lines.join(' | '),
        ).toBe(false);
      }
      // The keys need nothing but the index (a rate's index holds a computed column: SQLite reads the row).
      if (!sort.endsWith('perGP')) expect(plan({ sort }, 'keys').join(' | ')).toContain('COVERING INDEX');
    });
  }

  it('an ascending sort reads the same index backwards and sorts only the ties', () => {
    for (const [sort, index] of [
      ['A', 'player_seasons_assists'],
      ['PIM', 'player_seasons_pim'],
      ['PTS', 'player_seasons_pts'],
    ] as const) {
      const lines = plan({ sort }, 'rows').join(' | ');
      expect(lines).toContain(index);
      // Only the terms after the stat (GP, name, id) are sorted, group by group of equal values.
      expect(lines).toContain('USE TEMP B-TREE FOR LAST 3 TERMS OF ORDER BY');
    }
  });

  it('a league filter still reads through the scope index', () => {
    expect(plan({ sort: '-PTS', league: 'nhl' }, 'rows').join(' | ')).toContain('player_seasons_scope');
  });

  for (const [block, games, points] of [
    ['postseasonStats', 'player_seasons_po_games', 'player_seasons_po_pts'],
    ['totalStats', 'player_seasons_tot_games', 'player_seasons_tot_pts'],
  ] as const) {
    it(`${block}: the count of a min GP from ${games} alone, the first page by PTS in ${points}'s order`, () => {
      for (const minGP of ['1', '20']) {
        const count = plan({ block, minGP, sort: '-PTS' }, 'count').join(' | ');
        expect(count).toContain(`COVERING INDEX ${games}`);
        for (const which of ['rows', 'keys'] as const) {
          const lines = plan({ block, minGP, sort: '-PTS' }, which);
          expect(lines.join(' | ')).toContain(points);
          expect(
            lines.some((l) => l.includes('TEMP B-TREE')),
            lines.join(' | '),
          ).toBe(false);
        }
      }
    });
  }

  it("the regular season's count of a min GP stays on its games index", () => {
    expect(plan({ sort: '-PTS', minGP: '20' }, 'count').join(' | ')).toContain('COVERING INDEX player_seasons_games');
  });

  it("a sort no index orders reads skaters' lines in the file's order, goalies' through their block's games index", () => {
    for (const [block, sort] of [
      ['postseasonStats', '-G'],
      ['postseasonStats', '-PTSperGP'],
      ['totalStats', '-A'],
      ['regularStats', 'name'],
    ] as const) {
      for (const which of ['rows', 'keys'] as const) {
        const lines = plan({ block, sort, minGP: '5' }, which);
        expect(lines[0], lines.join(' | ')).toBe('SCAN ps');
      }
    }
    for (const [block, sort, games] of [
      ['postseasonStats', '-W', 'player_seasons_po_games'],
      ['regularStats', '-SO', 'player_seasons_games'],
    ] as const) {
      const lines = plan({ block, sort, position: 'G', minGP: '5' }, 'rows').join(' | ');
      expect(lines).toContain(`${games} (goalieLine=? AND ${block}_GP>?)`);
    }
    // A league (or a season) still reads through its scope's index.
    expect(plan({ block: 'postseasonStats', sort: '-G', league: 'nhl' }, 'rows').join(' | ')).toContain(
      'player_seasons_scope',
    );
  });

  it("totals over every row group the skaters' lines in the file's order, and a scope through its index", () => {
    const grouped = (query: Record<string, string>) => {
      const checked = checkLeaderQuery({ mode: 'totals', ...query });
      if (!checked.ok) throw new Error('refused');
      const g = totalsGroupSql(checked.value);
      return (db.prepare(`EXPLAIN QUERY PLAN ${g.sql}`).all(...g.params) as { detail: string }[]).map((r) => r.detail);
    };
    expect(grouped({})[0]).toBe('SCAN ps');
    expect(grouped({ league: 'nhl' }).join(' | ')).toContain('player_seasons_scope');
  });

  it('SORT_INDEXED names exactly the sorts an index orders over every row (its first column after goalieLine)', () => {
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'player_seasons'")
      .all() as { name: string }[];
    const blocks = Object.keys(SORT_INDEXED);
    const found = new Set<string>();
    for (const { name } of indexes) {
      const cols = (db.prepare(`PRAGMA index_xinfo(${name})`).all() as { name: string | null; key: number }[])
        .filter((c) => c.key === 1)
        .map((c) => c.name ?? '');
      if (cols[0] !== 'goalieLine' || cols[1] === undefined) continue;
      const m = /^(\w+Stats)_(\w+)$/.exec(cols[1]);
      if (m) found.add(`${m[1]}.${m[2]}`);
      // A column of the row itself (draft age) orders that sort in every block.
      else for (const b of blocks) found.add(`${b}.${cols[1]}`);
    }
    const listed = Object.entries(SORT_INDEXED).flatMap(([block, keys]) => keys.map((k) => `${block}.${k}`));
    expect([...found].sort()).toEqual(listed.sort());
  });

  it('a sort an index orders keeps it over every row: draft age and GP read their index, unsorted', () => {
    for (const [query, index] of [
      [{ sort: 'draftAge' }, 'player_seasons_comparables'],
      [{ sort: '-GP' }, 'player_seasons_games'],
      [{ block: 'postseasonStats', sort: '-GP' }, 'player_seasons_po_games'],
    ] as const) {
      const lines = plan(query, 'rows').join(' | ');
      expect(lines).toContain(index);
      expect(lines).not.toContain('TEMP B-TREE FOR ORDER BY');
    }
  });
});
