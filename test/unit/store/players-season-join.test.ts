import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { seasonJoin } from '../../../store/cache/players/season.ts';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';

// The players list joins each player to his line of the chosen season. Without a season the join must
// find nothing at the cost of a lookup: a join SQLite answers by scanning player_seasons once per player
// made a sort without an index (latest team, hand) take seconds on a store of a few thousand players.

const dir = mkdtempSync(join(tmpdir(), 'rinkside-season-join-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The query plan's lines for the players list's SELECT with `join`, sorted by latest team (no index). */
function plan(join_: string): string[] {
  const db = new DatabaseSync(join(dir, `plan-${Math.random()}.sqlite`));
  try {
    for (const m of MIGRATIONS) db.exec(m.sql);
    const sql = `SELECT p.*, ss.seasonSlug FROM players p ${join_} ORDER BY (p.latestTeamName IS NULL), p.latestTeamName, p.id LIMIT 100`;
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
  } finally {
    db.close();
  }
}

describe('the players list without a season', () => {
  it('looks up no season line by scanning: player_seasons is searched by its key, if at all', () => {
    const { sql, params } = seasonJoin(null, null);
    expect(params).toEqual([]);
    const lines = plan(sql);
    expect(
      lines.some((l) => /^SCAN ss\b/.test(l)),
      lines.join(' | '),
    ).toBe(false);
  });

  it('the plan check itself catches a join that scans', () => {
    expect(plan('LEFT JOIN player_seasons ss ON 0').some((l) => /^SCAN ss\b/.test(l))).toBe(true);
  });
});
