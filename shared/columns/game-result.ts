/**
 * A game's result from the team's side, read from a game log aggregate record's scores (spec, "Other
 * record shapes": `teamScore`, `opponentScore`, `teamScoreSo`, `opponentScoreSo`): `W`, `L`, a shootout
 * win or loss (`SOW`, `SOL`: level after play, the shootout scores decide), `T` (level, no shootout), or
 * null when a score is missing. The record does not say whether a game went to overtime.
 */
export type GameResult = 'W' | 'L' | 'T' | 'SOW' | 'SOL';

interface Scores {
  teamScore?: number | null;
  opponentScore?: number | null;
  teamScoreSo?: number | null;
  opponentScoreSo?: number | null;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The result of one game (see {@link GameResult}). */
export function gameResult(r: Scores | null | undefined): GameResult | null {
  if (!r || !isNum(r.teamScore) || !isNum(r.opponentScore)) return null;
  if (r.teamScore > r.opponentScore) return 'W';
  if (r.teamScore < r.opponentScore) return 'L';
  if (isNum(r.teamScoreSo) && isNum(r.opponentScoreSo) && r.teamScoreSo !== r.opponentScoreSo) {
    return r.teamScoreSo > r.opponentScoreSo ? 'SOW' : 'SOL';
  }
  return 'T';
}

/** Whether a result counts as a win for the team (a shootout win does). */
export function isWin(result: GameResult | null): boolean {
  return result === 'W' || result === 'SOW';
}

/** The score as a scout writes it, the team's goals first: `4–2`, `3–3 (SO 1–0)`; null when unknown. */
export function scoreText(r: Scores | null | undefined): string | null {
  if (!r || !isNum(r.teamScore) || !isNum(r.opponentScore)) return null;
  const so = isNum(r.teamScoreSo) && isNum(r.opponentScoreSo) ? ` (SO ${r.teamScoreSo}–${r.opponentScoreSo})` : '';
  return `${r.teamScore}–${r.opponentScore}${so}`;
}

/** Words of each result, for titles and screen readers. */
export const RESULT_WORDS: Readonly<Record<GameResult, string>> = {
  W: 'Win',
  L: 'Loss',
  T: 'Tie',
  SOW: 'Shootout win',
  SOL: 'Shootout loss',
};
