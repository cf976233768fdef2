import { describe, expect, it } from 'vitest';
import { noGamesIn } from '../../../renderer/views/goaltending/GoaltendingLeaders.tsx';
import type { GoalieStatsRecord } from '../../../shared/records/index.ts';

const row = (id: number, post: Record<string, unknown> | null): GoalieStatsRecord => ({
  id,
  regularStats: { GP: 40 },
  postseasonStats: post,
});

describe('noGamesIn (a team-season without playoff games gets an empty state, not rows of dashes)', () => {
  it('is true when every goalie of the whole list has no playoff GP (null, missing block or 0)', () => {
    const rows = [row(1, { GP: null, SVP: null }), row(2, null), row(3, { GP: 0 })];
    expect(noGamesIn(rows, 'postseasonStats', true)).toBe(true);
  });

  it('is false as soon as one goalie played a playoff game', () => {
    expect(noGamesIn([row(1, { GP: null }), row(2, { GP: 3 })], 'postseasonStats', true)).toBe(false);
  });

  it('says nothing about part of a list, or an empty one', () => {
    expect(noGamesIn([row(1, { GP: null })], 'postseasonStats', false)).toBe(false);
    expect(noGamesIn([], 'postseasonStats', true)).toBe(false);
    expect(noGamesIn(undefined, 'postseasonStats', true)).toBe(false);
  });
});
