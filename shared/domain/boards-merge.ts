import { playerKey, rankedOf } from './board-order.ts';
import type { BoardEntry } from './boards.ts';

/**
 * Several scouts' boards merged into one (the department's board): each player with his rank on each
 * board (null where that board lacks him), the mean of those ranks, the spread (highest rank minus lowest:
 * how much the scouts disagree), and the boards that lack him. Nothing of any board is changed.
 *
 * A board that has a player as "no interest" does not rank him but does not lack him either.
 *
 * One player is one row when the boards name him by the same source and id, or, across sources (two
 * scouts' local databases number players alike but are told apart), by the same name and birth date.
 */

/** One board as the merge takes it: its label (the scout's name and the board's) and its players in order. */
export interface MergeInput {
  label: string;
  entries: readonly BoardEntry[];
}

export interface MergedRow {
  name: string;
  /** The player's keys (board-order.ts `playerKey`) on the boards that rank him: his facts are found by them. */
  keys: string[];
  position: string | null;
  /** His rank on each input board (1 = top), null where the board lacks him or has him as no interest. */
  ranks: (number | null)[];
  /** Boards that rank him. */
  boards: number;
  mean: number;
  /** Highest rank minus lowest over the boards that rank him; 0 when one board does. */
  spread: number;
  /** The labels of the boards that do not have him at all. */
  missingFrom: string[];
  /** The labels of the boards that have him as "no interest" (not ranked, not missing either). */
  noInterest: string[];
}

const identity = (e: BoardEntry) =>
  e.dateOfBirth === null
    ? null
    : `${e.name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim()}|${e.dateOfBirth}`;

/** The merged board of `inputs`: by mean rank, then by how many boards rank him (more first), then name. */
export function mergeBoards(inputs: readonly MergeInput[]): MergedRow[] {
  const rowOf = new Map<string, number>();
  const rows: MergedRow[] = [];
  inputs.forEach((input, b) => {
    for (const e of rankedOf(input.entries)) {
      const keys = [playerKey(e), identity(e)].filter((k): k is string => k !== null);
      let at = keys.map((k) => rowOf.get(k)).find((i) => i !== undefined);
      // The same player twice on one board under two sources stays two rows rather than losing a rank.
      if (at !== undefined && rows[at]?.ranks[b] !== null) at = undefined;
      if (at === undefined) {
        at = rows.length;
        rows.push({
          name: e.name,
          keys: [],
          position: e.position,
          ranks: inputs.map(() => null),
          boards: 0,
          mean: 0,
          spread: 0,
          missingFrom: [],
          noInterest: [],
        });
      }
      for (const k of keys) if (!rowOf.has(k)) rowOf.set(k, at);
      const row = rows[at] as MergedRow;
      row.ranks[b] = e.rank;
      if (!row.keys.includes(playerKey(e))) row.keys.push(playerKey(e));
      row.position ??= e.position;
    }
  });
  // A player a board has as no interest: told apart from one it lacks (who has never ranked him, no row).
  const passed = inputs.map(() => new Set<number>());
  inputs.forEach((input, b) => {
    for (const e of input.entries) {
      if (!e.noInterest) continue;
      const at = [playerKey(e), identity(e)]
        .flatMap((k) => (k === null ? [] : [rowOf.get(k)]))
        .find((i) => i !== undefined);
      if (at !== undefined) passed[b]?.add(at);
    }
  });
  rows.forEach((row, r) => {
    const present = row.ranks.filter((k): k is number => k !== null);
    const passedBy = inputs.map((_, b) => row.ranks[b] === null && passed[b]?.has(r) === true);
    row.boards = present.length;
    row.mean = present.reduce((sum, k) => sum + k, 0) / present.length;
    row.spread = Math.max(...present) - Math.min(...present);
    row.noInterest = inputs.filter((_, b) => passedBy[b]).map((i) => i.label);
    row.missingFrom = inputs.filter((_, b) => row.ranks[b] === null && !passedBy[b]).map((i) => i.label);
  });
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return rows.sort((a, b) => a.mean - b.mean || b.boards - a.boards || collator.compare(a.name, b.name));
}
