import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPlayerQuery, playerSql } from '../../../store/cache/players/query.ts';
import { SEASON_COLUMNS } from '../../../store/cache/players/season.ts';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';

// The players list over every player: the first page of each of its sorts must come from an index of
// `players` in order, not from a sort of every player (half a second a click on the bench's 155,000
// players for nationality, latest team and hand). The plan is read from SQLite on the store's schema.

const dir = mkdtempSync(join(tmpdir(), 'rinkside-players-plan-'));
const db = new DatabaseSync(join(dir, 'plan.sqlite'));
for (const m of MIGRATIONS) db.exec(m.sql);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The plan of the players list's first page (as store/cache/players/read.ts reads it) for `sort`. */
const plan = (sort: string): string => planOf({ sort }, 'where');

describe('the players list over every player', () => {
  for (const [sort, index] of [
    ['name', 'players_name'],
    ['nationality.name', 'players_nationality'],
    ['-nationality.name', 'players_nationality'],
    ['latestTeam.name', 'players_latest_team'],
    ['hand', 'players_hand'],
    ['-hand', 'players_hand_desc'],
    ['-latestSeason', 'players_latest_desc'],
    ['height.metrics', 'players_height'],
    ['age', 'players_dob'],
  ] as const) {
    it(`by ${sort}: the first page is read in ${index}'s order, not sorted`, () => {
      const lines = plan(sort);
      expect(lines).toContain(`SCAN p USING INDEX ${index}`);
      // A descending sort may sort the ties of one value by id; never every player.
      expect(lines).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    });
  }
});

/** The plan of a first page of `query` read with `which` (the query's own WHERE, or its walkWhere). */
function planOf(query: Record<string, string>, which: 'where' | 'walkWhere'): string {
  const checked = checkPlayerQuery({ ...query, limit: '100' });
  if (!checked.ok) throw new Error(checked.issue.message);
  const q = playerSql(checked.value, new Date(), null);
  const where = q[which];
  if (where === null) throw new Error(`no ${which}`);
  const sql = `SELECT p.*, ${SEASON_COLUMNS} FROM players p ${q.join} ${where} ${q.orderBy} LIMIT ? OFFSET ?`;
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...q.joinParams, ...q.params, 100, 0) as {
    detail: string;
  }[];
  return rows.map((r) => r.detail).join(' | ');
}

describe('a height or weight range', () => {
  const range = { 'height:min': '180', 'height:max': '190', 'weight:min': '85' };

  it("as written, is read from its measure's index and every player it keeps is sorted", () => {
    const lines = planOf({ ...range, sort: 'name' }, 'where');
    expect(lines).toMatch(/SEARCH p USING INDEX players_(height|weight)/);
    expect(lines).toContain('USE TEMP B-TREE FOR ORDER BY');
  });

  for (const [sort, index] of [
    ['name', 'players_name'],
    ['latestTeam.name', 'players_latest_team'],
    ['age', 'players_dob'],
  ] as const) {
    it(`for a range that keeps most players, by ${sort}: walks ${index} and sorts nothing`, () => {
      const lines = planOf({ ...range, sort }, 'walkWhere');
      expect(lines).toContain(`SCAN p USING INDEX ${index}`);
      expect(lines).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    });
  }

  it("sorted by the range's own measure, keeps that measure's index for both", () => {
    const checked = checkPlayerQuery({ 'height:min': '180', 'height:max': '190', sort: 'height.metrics' });
    if (!checked.ok) throw new Error(checked.issue.message);
    expect(playerSql(checked.value, new Date(), null).walkWhere).toBeNull();
    // With a weight range beside it, only the weight's is kept out of the index choice.
    const both = checkPlayerQuery({ ...range, sort: 'height.metrics' });
    if (!both.ok) throw new Error(both.issue.message);
    const walk = playerSql(both.value, new Date(), null).walkWhere ?? '';
    expect(walk).toContain('+p.weightKg >= ?');
    expect(walk).not.toContain('+p.heightCm');
  });
});
