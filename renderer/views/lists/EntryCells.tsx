import { useEffect, useRef, useState } from 'react';
import type { ListEntryRecord } from '../../../shared/lists.ts';
import { NOTE_MAX } from '../../../shared/lists.ts';
import { toServiceError } from '../../bridge/client.ts';
import { initials } from '../../components/labels.ts';
import { RatingStars } from './RatingStars.tsx';
import { useRemoveEntry, useSaveEntry } from './useLists.ts';

/** The player's name with his initials; a link to his page. */
export function NameCell({ row }: { row: ListEntryRecord }) {
  return (
    <a className="team-cell" href={`#/players/${row.id}`}>
      <span className="avatar sm" aria-hidden="true">
        {initials(row.name)}
      </span>
      <span className="strong">{row.name}</span>
    </a>
  );
}

/** The rating, editable in place: a click on a star saves it, a click on the chosen star clears it. */
export function RatingCell({ row }: { row: ListEntryRecord }) {
  const save = useSaveEntry();
  return (
    <span className="rating-cell">
      <RatingStars
        small
        value={row.rating}
        label={`Rating of ${row.name}`}
        disabled={save.isPending}
        onChange={(rating) => save.mutate({ listId: row.listId, playerId: row.id, rating })}
      />
      {save.isError ? (
        <span className="danger-text small" role="alert">
          {toServiceError(save.error).message}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The private note, editable in place: a click (or Enter on it) opens a text box; Enter or leaving the box
 * saves, Esc puts the note back as it was.
 */
export function NoteCell({ row }: { row: ListEntryRecord }) {
  const save = useSaveEntry();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(row.note);
  const box = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Enter (or Esc) ends the edit before the box goes; its blur then must not save a second time.
  const ended = useRef(false);
  useEffect(() => {
    if (!editing) setText(row.note);
  }, [row.note, editing]);
  useEffect(() => {
    if (!editing) return;
    ended.current = false;
    box.current?.focus();
  }, [editing]);

  const finish = (keep: boolean) => {
    if (ended.current) return;
    ended.current = true;
    setEditing(false);
    if (keep && text !== row.note) save.mutate({ listId: row.listId, playerId: row.id, note: text });
    if (!keep) setText(row.note);
    // Back on the button, so the keyboard stays in the row.
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (editing) {
    return (
      <input
        ref={box}
        className="note-input"
        type="text"
        value={text}
        maxLength={NOTE_MAX}
        aria-label={`Note on ${row.name}`}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish(false);
          }
        }}
      />
    );
  }
  const shown = save.isPending ? text : row.note;
  return (
    <button
      ref={opener}
      type="button"
      className={shown ? 'note-btn' : 'note-btn empty'}
      title={shown ? `${shown}\n(click to edit)` : 'Add a note'}
      aria-label={shown ? `Note on ${row.name}: ${shown}. Edit` : `Add a note on ${row.name}`}
      onClick={() => setEditing(true)}
    >
      {shown || 'Add a note…'}
      {save.isError ? <span className="visually-hidden">The note could not be saved.</span> : null}
    </button>
  );
}

/** Removes the player from the list at once (the list keeps nothing of him). */
export function RemoveCell({ row }: { row: ListEntryRecord }) {
  const remove = useRemoveEntry();
  return (
    <button
      type="button"
      className="icon-btn remove-btn"
      aria-label={`Remove ${row.name} from this list`}
      title="Remove from this list"
      disabled={remove.isPending}
      onClick={() => remove.mutate({ listId: row.listId, playerId: row.id })}
    >
      <span aria-hidden="true">✕</span>
    </button>
  );
}
