import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { playerKey, rankedOf } from '../../../shared/domain/board-order.ts';
import type { BoardEntry } from '../../../shared/domain/boards.ts';
import { type BoardItem, moveItem, unflatten } from './boardModel.ts';

/**
 * What a screen reader says while a player is moved on a board by drag and drop (dnd-kit's live region):
 * the player by name, and where he is or would be, as rank and tier (`rank 3, in tier B`, or `in No
 * interest` for the unranked), never the list's internal ids. Pure, from the board's items as shown.
 */

/** How a player is placed: his rank (null when not ranked) and his tier's name, or No interest. */
export function placeWords(entries: readonly BoardEntry[], tiers: readonly string[], key: string): string {
  const e = entries.find((x) => playerKey(x) === key);
  if (e === undefined) return '';
  if (e.noInterest) return 'in No interest (not ranked)';
  const rank = rankedOf(entries).find((x) => playerKey(x) === key)?.rank;
  return `rank ${rank}, in tier ${tiers[e.tier] ?? ''}`;
}

/** The player of an item id, by name. */
function nameOf(items: readonly BoardItem[], id: UniqueIdentifier): string {
  const it = items.find((i) => i.id === id);
  return it?.kind === 'player' ? it.entry.name : 'The player';
}

/** Where the player `active` would be if dropped on `over`: his place words after that move. */
function placeIfDropped(
  items: readonly BoardItem[],
  tiers: readonly string[],
  active: UniqueIdentifier,
  over: UniqueIdentifier,
): string {
  const from = items.findIndex((i) => i.id === active);
  const to = items.findIndex((i) => i.id === over);
  const next = from < 0 || to < 0 ? unflatten(items) : unflatten(moveItem(items, from, to));
  return placeWords(next, tiers, String(active));
}

/** The announcements of a board's drag and drop, for its items as shown and its tiers. */
export function boardAnnouncements(items: readonly BoardItem[], tiers: readonly string[]): Announcements {
  const now = (id: UniqueIdentifier) => placeWords(unflatten(items), tiers, String(id));
  // A pick-up is followed at once by "over" his own place: that one says nothing, so the pick-up is heard.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up ${nameOf(items, active.id)}, ${now(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved) return undefined;
      moved = true;
      return over
        ? `${nameOf(items, active.id)} would be ${placeIfDropped(items, tiers, active.id, over.id)}.`
        : `${nameOf(items, active.id)} is over no place on the board.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(items, active.id)} dropped: now ${placeIfDropped(items, tiers, active.id, over.id)}.`
        : `${nameOf(items, active.id)} dropped where he was: ${now(active.id)}.`,
    onDragCancel: ({ active }) => `Move cancelled: ${nameOf(items, active.id)} stays ${now(active.id)}.`,
  };
}

/** What a screen reader says on a drag handle before a move. */
export const BOARD_DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this player, press Space or Enter. Then the up and down arrows move him, across tiers too, and ' +
    'Space or Enter drops him; Escape puts him back.',
};
