import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { leadersStatement } from '../../../store/index.ts';
import { MIGRATIONS } from '../../../store/schema/migrations/index.ts';

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

function plan(query: Record<string, string>, which: 'rows' | 'keys'): string[] {
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
});
