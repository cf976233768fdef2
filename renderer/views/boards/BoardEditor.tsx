import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import type { ColumnSpec } from '../../../shared/columns/index.ts';
import type { BoardFacts } from '../../../shared/domain/board-facts.ts';
import { rankedOf } from '../../../shared/domain/board-order.ts';
import type { BoardDetail, BoardEntry } from '../../../shared/domain/boards.ts';
import { toServiceError } from '../../bridge/client.ts';
import { boardEditable, useSaveBoard } from '../../entities/reports/useBoards.ts';
import { BoardFrame } from './BoardFrame.tsx';
import { FactCells, PlayerRow, TierHeader } from './BoardRows.tsx';
import { type BoardSort, factTracks, sortedWithinTiers } from './boardFacts.ts';
import {
  flatten,
  moveBy,
  moveToTier,
  NONE_ID,
  newTierName,
  renamedTiers,
  saveEntries,
  withoutTier,
} from './boardModel.ts';
import { useBoardDrag } from './useBoardDrag.ts';

/** The board, the filter of names, and the chosen columns of the rows with their facts and the view's sort. */
interface BoardEditorProps {
  detail: BoardDetail;
  filter: string;
  /** The chosen columns (shared/columns/boards.ts), their facts, and the view's sort within tiers. */
  columns?: readonly ColumnSpec[];
  facts?: BoardFacts | undefined;
  sort?: BoardSort | null;
  onSort?: (s: BoardSort) => void;
}

/**
 * A board's players in tiers, reordered by drag and drop or by keyboard (dnd-kit's sortable list over
 * tier headers and players: see boardModel.ts), renamed tiers, a tier added or an empty one removed. Each
 * change is shown at once and saved whole (`draftBoardSave`); a refused save puts the saved order back and
 * says why. `filter` shows only players whose name matches (moves are by button then, not by drag). A
 * screen reader hears each move as the player's name, rank and tier (boardAnnouncements.ts).
 */
export function BoardEditor(props: BoardEditorProps) {
  const { detail, filter, columns = [], facts, sort = null } = props;
  const readOnly = !boardEditable(detail.board);
  // Sorted for viewing: the rows are not in the saved order, so no move is offered until the sort is cleared.
  const locked = sort !== null;
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
  const shownItems = useMemo(() => sortedWithinTiers(items, facts?.rows ?? {}, sort), [items, facts, sort]);
  const ranks = useMemo(
    () => new Map(rankedOf(entries).map((e) => [`${e.source}\u0000${e.playerId}`, e.rank])),
    [entries],
  );
  const { accessibility, sensors, onDragEnd } = useBoardDrag(items, tiers, commit);
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
    <div
      className={columns.length > 0 ? 'board-editor with-facts' : 'board-editor'}
      style={{ '--board-facts': factTracks(columns) } as CSSProperties}
    >
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
        <SortableContext items={shownItems.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <BoardFrame columns={columns} sort={sort} onSort={(x) => props.onSort?.(x)} readOnly={readOnly}>
            <ol
              className="board-list"
              aria-label={
                locked ? `${detail.board.name}, each tier sorted for viewing` : `${detail.board.name}, in order`
              }
            >
              {shownItems.map((it) =>
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
                    dragDisabled={needle !== '' || locked}
                    readOnly={readOnly}
                    locked={locked}
                    cells={columns.length > 0 ? <FactCells columns={columns} facts={facts?.rows[it.id]} /> : null}
                    onMove={(d) => commit(moveBy(entries, tiers, it.id, d))}
                    onTier={(t) => commit(moveToTier(entries, it.id, t))}
                  />
                ) : null,
              )}
            </ol>
          </BoardFrame>
        </SortableContext>
      </DndContext>
      {!readOnly && !locked && tiers.length < 12 ? (
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
