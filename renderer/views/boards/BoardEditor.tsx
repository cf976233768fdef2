import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef, useState } from 'react';
import { rankedOf } from '../../../shared/domain/board-order.ts';
import type { BoardDetail, BoardEntry } from '../../../shared/domain/boards.ts';
import { toServiceError } from '../../bridge/client.ts';
import { boardEditable, useSaveBoard } from '../../entities/reports/useBoards.ts';
import { PlayerRow, TierHeader } from './BoardRows.tsx';
import { BOARD_DRAG_INSTRUCTIONS, boardAnnouncements } from './boardAnnouncements.ts';
import {
  flatten,
  moveBy,
  moveItem,
  moveToTier,
  NONE_ID,
  newTierName,
  renamedTiers,
  saveEntries,
  unflatten,
  withoutTier,
} from './boardModel.ts';

/**
 * A board's players in tiers, reordered by drag and drop or by keyboard (dnd-kit's sortable list over
 * tier headers and players: see boardModel.ts), renamed tiers, a tier added or an empty one removed. Each
 * change is shown at once and saved whole (`draftBoardSave`); a refused save puts the saved order back and
 * says why. `filter` shows only players whose name matches (moves are by button then, not by drag). A
 * screen reader hears each move as the player's name, rank and tier (boardAnnouncements.ts).
 */
export function BoardEditor({ detail, filter }: { detail: BoardDetail; filter: string }) {
  const readOnly = !boardEditable(detail.board);
  const save = useSaveBoard();
  const [entries, setEntries] = useState<BoardEntry[]>(detail.entries);
  const [tiers, setTiers] = useState<string[]>(detail.board.tiers);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEntries(detail.entries);
    setTiers(detail.board.tiers);
  }, [detail]);

  // Saves go one after another, so quick moves reach the file in the order they were made.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const commit = (next: BoardEntry[], nextTiers: string[] = tiers) => {
    setEntries(next);
    setTiers(nextTiers);
    setError(null);
    const args = { id: detail.board.id, tiers: nextTiers, entries: saveEntries(next) };
    chain.current = chain.current.then(() =>
      save.mutateAsync(args).catch((err: unknown) => {
        setEntries(detail.entries);
        setTiers(detail.board.tiers);
        setError(`The new order was not saved: ${toServiceError(err).message}`);
      }),
    );
  };

  const items = useMemo(() => flatten(entries, tiers), [entries, tiers]);
  // A screen reader hears the player's name, rank and tier as he moves, not the list's ids.
  const accessibility = useMemo(
    () => ({ announcements: boardAnnouncements(items, tiers), screenReaderInstructions: BOARD_DRAG_INSTRUCTIONS }),
    [items, tiers],
  );
  const ranks = useMemo(
    () => new Map(rankedOf(entries).map((e) => [`${e.source}\u0000${e.playerId}`, e.rank])),
    [entries],
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
  const needle = filter.trim().toLocaleLowerCase('en');
  const shown = (e: BoardEntry) => needle === '' || e.name.toLocaleLowerCase('en').includes(needle);
  const count = (t: number | 'none') =>
    entries.filter((e) => (t === 'none' ? e.noInterest : !e.noInterest && e.tier === t)).length;

  /** A tier's header: renamed in place, removed when empty (never the last tier); fixed on another scout's board. */
  const tierHeader = (t: number, id: string) => {
    const edits = readOnly
      ? {}
      : {
          onRename: (name: string) => {
            const next = renamedTiers(tiers, t, name);
            if (next) commit(entries, next);
          },
          ...(tiers.length > 1 && count(t) === 0 ? { onRemove: () => commit(...withoutTier(entries, tiers, t)) } : {}),
        };
    return <TierHeader key={id} id={id} label={tiers[t] ?? ''} count={count(t)} {...edits} />;
  };

  return (
    <div className="board-editor">
      {error ? (
        <p className="notice error" role="alert">
          {error}
        </p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ol className="board-list" aria-label={`${detail.board.name}, in order`}>
            {items.map((it) =>
              it.kind === 'tier' ? (
                tierHeader(it.tier, it.id)
              ) : it.kind === 'none' ? (
                <TierHeader key={it.id} id={NONE_ID} label="No interest" count={count('none')} none />
              ) : shown(it.entry) ? (
                <PlayerRow
                  key={it.id}
                  id={it.id}
                  entry={it.entry}
                  rank={ranks.get(it.id) ?? null}
                  tiers={tiers}
                  dragDisabled={needle !== ''}
                  readOnly={readOnly}
                  onMove={(d) => commit(moveBy(entries, tiers, it.id, d))}
                  onTier={(t) => commit(moveToTier(entries, it.id, t))}
                />
              ) : null,
            )}
          </ol>
        </SortableContext>
      </DndContext>
      {!readOnly && tiers.length < 12 ? (
        <button
          type="button"
          className="btn ghost small"
          onClick={() => commit(entries, [...tiers, newTierName(tiers)])}
        >
          Add a tier
        </button>
      ) : null}
    </div>
  );
}
