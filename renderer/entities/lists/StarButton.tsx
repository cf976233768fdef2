import { useCallback, useRef, useState } from 'react';
import { AddToListPopover } from './AddToListPopover.tsx';
import type { StarPlayer } from './useEntryForm.ts';
import { useListedPlayers } from './useLists.ts';
import './star-button.css';

export type { StarPlayer };

/**
 * The "Add to list" star of a player, for any view (the Players rows, the player page): filled when he
 * is in a scouting list. It opens the {@link AddToListPopover}; Esc, Cancel or a save closes it and focus
 * returns here. Its clicks and keys never reach a table row around it (which might open the row).
 */
export function StarButton({
  player,
  className,
  inRow,
}: {
  player: StarPlayer;
  className?: string;
  /** In a table row, which is the table's one Tab stop: the star is clicked there, reached by keyboard on the player page. */
  inRow?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listed = useListedPlayers();
  const on = listed.data?.has(player.id) ?? false;
  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  const label = on ? `${player.name} is in a list: edit` : `Add ${player.name} to a list`;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={['star-btn', on ? 'on' : '', className ?? ''].join(' ').trim()}
        aria-label={label}
        title={on ? 'In a scouting list: edit rating and note' : 'Add to a scouting list'}
        aria-haspopup="dialog"
        tabIndex={inRow ? -1 : undefined}
        aria-expanded={open}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => e.stopPropagation()}
      >
        <span aria-hidden="true">{on ? '★' : '☆'}</span>
      </button>
      {open ? <AddToListPopover player={player} anchor={button} onClose={close} /> : null}
    </>
  );
}
