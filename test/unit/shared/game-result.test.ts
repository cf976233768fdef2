import { describe, expect, it } from 'vitest';
import { GAME_LOG_COLUMNS, gameResult, isWin, scoreText } from '../../../shared/columns/index.ts';

describe('a game log record’s result and score, from the team’s side', () => {
  it('more goals win, fewer lose; level scores go to the shootout’s, else a tie', () => {
    expect(gameResult({ teamScore: 4, opponentScore: 2 })).toBe('W');
    expect(gameResult({ teamScore: 1, opponentScore: 3 })).toBe('L');
    expect(gameResult({ teamScore: 3, opponentScore: 3, teamScoreSo: 1, opponentScoreSo: 0 })).toBe('SOW');
    expect(gameResult({ teamScore: 3, opponentScore: 3, teamScoreSo: 0, opponentScoreSo: 2 })).toBe('SOL');
    expect(gameResult({ teamScore: 2, opponentScore: 2, teamScoreSo: null, opponentScoreSo: null })).toBe('T');
    expect(gameResult({ teamScore: null, opponentScore: 2 })).toBeNull();
    expect(gameResult(null)).toBeNull();
  });

  it('a shootout win counts as a win, a shootout loss does not', () => {
    expect(['W', 'SOW', 'L', 'SOL', 'T', null].map((r) => isWin(r as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('writes the score with the team’s goals first and the shootout in brackets', () => {
    expect(scoreText({ teamScore: 4, opponentScore: 2 })).toBe('4–2');
    expect(scoreText({ teamScore: 3, opponentScore: 3, teamScoreSo: 1, opponentScoreSo: 0 })).toBe('3–3 (SO 1–0)');
    expect(scoreText({ teamScore: 3 })).toBeNull();
  });

  it('the catalog’s Score and Result columns compute their values from the record', () => {
    const rec = { teamScore: 2, opponentScore: 2, teamScoreSo: 0, opponentScoreSo: 1 };
    const col = (id: string) => GAME_LOG_COLUMNS.find((c) => c.id === id);
    expect(col('score')?.value?.(rec)).toBe('2–2 (SO 0–1)');
    expect(col('result')?.value?.(rec)).toBe('SOL');
  });
});
