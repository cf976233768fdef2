import { type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import type { BoardEntry } from '../../../shared/domain/boards.ts';
import { BOARD_DRAG_INSTRUCTIONS, boardAnnouncements } from './boardAnnouncements.ts';
import { type BoardItem, moveItem, unflatten } from './boardModel.ts';

/**
 * The board's drag and drop (dnd-kit): the mouse after 4 px, the keyboard's Space and arrows, what a screen
 * reader hears (the player's name, rank and tier as he moves, not the list's ids), and the new order of a
 * drop given to `commit`.
 */
export function useBoardDrag(items: readonly BoardItem[], tiers: readonly string[], commit: (e: BoardEntry[]) => void) {
  const accessibility = useMemo(
    () => ({ announcements: boardAnnouncements(items, tiers), screenReaderInstructions: BOARD_DRAG_INSTRUCTIONS }),
    [items, tiers],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (ev: DragEndEvent) => {
    if (ev.over === null || ev.active.id === ev.over.id) return;
    const from = items.findIndex((i) => i.id === ev.active.id);
    const to = items.findIndex((i) => i.id === ev.over?.id);
    if (from < 0 || to < 0) return;
    commit(unflatten(moveItem(items, from, to)));
  };
  return { accessibility, sensors, onDragEnd };
}
