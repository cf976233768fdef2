import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent, ReactNode } from 'react';
import { type ColumnSpec, isEmptyValue } from '../../../shared/columns/index.ts';
import type { BoardRowFacts } from '../../../shared/domain/board-facts.ts';
import type { BoardEntry } from '../../../shared/domain/boards.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import { formatInt } from '../../format/index.ts';
import { factText, factValue } from './boardFacts.ts';

/** A tier's header in the board's one sortable list: not draggable itself, but a place players drop past. */
export function TierHeader(props: {
  id: string;
  label: string;
  count: number;
  none?: boolean;
  onRename?: (name: string) => void;
  onRemove?: () => void;
}) {
  const { setNodeRef } = useSortable({ id: props.id, disabled: true });
  return (
    <li ref={setNodeRef} className={props.none ? 'tier-head none' : 'tier-head'}>
      {/* One piece, so that it stays at the left edge while a wide board scrolls sideways. */}
      <span className="tier-head-in">
        {props.onRename ? (
          <input
            className="tier-name"
            defaultValue={props.label}
            aria-label={`Tier ${props.label} name`}
            maxLength={40}
            onBlur={(e) => {
              const v = e.target.value.trim();
              if (v !== '' && v !== props.label) props.onRename?.(v);
              else e.target.value = props.label;
            }}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          />
        ) : (
          <bdi className="tier-name">{props.label}</bdi>
        )}
        <span className="muted small">{props.count === 1 ? '1 player' : `${props.count} players`}</span>
        {props.onRemove ? (
          <button
            type="button"
            className="btn ghost small"
            onClick={props.onRemove}
            aria-label={`Remove tier ${props.label}`}
          >
            Remove tier
          </button>
        ) : null}
      </span>
    </li>
  );
}

/**
 * One player on the board: a drag handle (dnd-kit: drag with the mouse, or focus it and press Space, the
 * arrows and Space again), his rank, his name and position, Move up / Move down (also Alt+↑ / Alt+↓ on the
 * row), and a "Move to" select of the tiers and No interest; then the chosen columns. The handle, rank,
 * name and moves are one block (`board-who`) that stays at the left edge while a wide board scrolls
 * sideways: the moves act on the player named beside them, and the right edge is left to the columns.
 */
export function PlayerRow(props: {
  id: string;
  entry: BoardEntry;
  rank: number | null;
  tiers: readonly string[];
  dragDisabled: boolean;
  /** Another scout's board: shown, never reordered here. */
  readOnly: boolean;
  /** Sorted for viewing: the moves wait until the sort is cleared (shown, but disabled). */
  locked?: boolean;
  /** The chosen columns' cells, after the name and the moves. */
  cells?: ReactNode;
  onMove: (delta: -1 | 1) => void;
  onTier: (tier: number | 'none') => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
    disabled: props.dragDisabled || props.readOnly,
  });
  const e = props.entry;
  const still = props.readOnly || props.locked === true;
  const onKey = (ev: KeyboardEvent) => {
    if (still || !ev.altKey || (ev.key !== 'ArrowUp' && ev.key !== 'ArrowDown')) return;
    ev.preventDefault();
    props.onMove(ev.key === 'ArrowUp' ? -1 : 1);
  };
  return (
    <li
      ref={setNodeRef}
      className={`board-row${isDragging ? ' dragging' : ''}${e.noInterest ? ' none' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      onKeyDown={onKey}
      data-player={e.name}
    >
      <span className="board-who">
        {props.readOnly ? (
          <span className="drag-handle" aria-hidden="true" />
        ) : (
          <button type="button" className="drag-handle" aria-label={`Drag ${e.name}`} {...attributes} {...listeners}>
            ⠿
          </button>
        )}
        <span className="board-rank">{props.rank === null ? '—' : formatInt(props.rank)}</span>
        <span className="board-name">
          <RecordPlayerName player={e} />
          {props.cells ? null : <span className="muted small"> {e.position ?? ''}</span>}
        </span>
        {props.readOnly ? null : <MoveControls {...props} />}
      </span>
      {props.cells}
    </li>
  );
}

/** Move up, Move down and Move to (a tier, or No interest) of a player's row; disabled while sorted for viewing. */
function MoveControls(props: {
  entry: BoardEntry;
  tiers: readonly string[];
  locked?: boolean;
  onMove: (delta: -1 | 1) => void;
  onTier: (tier: number | 'none') => void;
}) {
  const e = props.entry;
  return (
    <span className="board-moves">
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${e.name} up`}
        disabled={props.locked}
        onClick={() => props.onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${e.name} down`}
        disabled={props.locked}
        onClick={() => props.onMove(1)}
      >
        ↓
      </button>
      <select
        aria-label={`Move ${e.name} to tier`}
        disabled={props.locked}
        value={e.noInterest ? 'none' : String(e.tier)}
        onChange={(ev) => props.onTier(ev.target.value === 'none' ? 'none' : Number(ev.target.value))}
      >
        {props.tiers.map((t, i) => (
          <option key={t} value={i}>
            Tier {quoteText(t)}
          </option>
        ))}
        <option value="none">No interest</option>
      </select>
    </span>
  );
}

/**
 * A board row's cells of the chosen columns: `—` where a value is missing, centred and muted (`empty`), so
 * that two empty cells side by side never read as one dash.
 */
export function FactCells(props: { columns: readonly ColumnSpec[]; facts: BoardRowFacts | undefined }) {
  return (
    <>
      {props.columns.map((c) => {
        const empty = isEmptyValue(factValue(c, props.facts));
        return (
          <span
            key={c.id}
            className={`board-fact${c.numeric ? ' num' : ''}${empty ? ' empty' : ''}`}
            title={empty ? `${c.title}: none` : c.title}
          >
            <bdi>{factText(c, props.facts)}</bdi>
          </span>
        );
      })}
    </>
  );
}
