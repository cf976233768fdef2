import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NOTE_MAX } from '../../../shared/domain/list-limits.ts';
import type { ListEntryRecord } from '../../../shared/domain/lists.ts';
import { sourceInWords } from '../../../shared/domain/sources.ts';
import { toServiceError } from '../../bridge/client.ts';
import { initials } from '../../components/labels.ts';
import { useViewportFloat } from '../../components/useViewportFloat.ts';
import { RATING_WORDS, RatingStars } from '../../entities/lists/RatingStars.tsx';
import { useEditEntry, useRemoveEntry } from '../../entities/lists/useLists.ts';

/**
 * The player's name with his initials: a link to his page when he is the data in use's player; else his
 * name as kept with where he was starred from (another database or service), never a link to whoever has
 * his id here.
 */
export function NameCell({ row }: { row: ListEntryRecord }) {
  const face = (
    <>
      <span className="avatar sm" aria-hidden="true">
        {initials(row.name)}
      </span>
      <bdi className="strong">{row.name}</bdi>
    </>
  );
  if (row.linked) {
    return (
      <a className="team-cell" href={`#/players/${row.id}`}>
        {face}
      </a>
    );
  }
  const born = row.dateOfBirth ? `, born ${row.dateOfBirth}` : '';
  return (
    <span
      className="team-cell unlinked"
      title={`Starred from ${sourceInWords(row.source)}${born}: his stats are not in the data in use`}
    >
      {face}
      <span className="pill small">other data</span>
    </span>
  );
}

/** The rating, editable in place: a click on a star saves it, a click on the chosen star clears it. */
export function RatingCell({ row }: { row: ListEntryRecord }) {
  const save = useEditEntry();
  return (
    <span className="rating-cell">
      <RatingStars
        small
        value={row.rating}
        label={`Rating of ${row.name}`}
        disabled={save.isPending}
        onChange={(rating) => save.mutate({ entryId: row.entryId, rating })}
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
 * saves, Esc puts the note back as it was. A save that fails (a full disk, a folder that cannot be
 * written) keeps what was typed on screen, marked unsaved with the reason; a click opens it again to retry.
 */
export function NoteCell({ row }: { row: ListEntryRecord }) {
  const save = useEditEntry();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(row.note);
  const box = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cell = useRef<HTMLSpanElement>(null);
  // Enter (or Esc) ends the edit before the box goes; its blur then must not save a second time.
  const ended = useRef(false);
  const failed = save.isError;
  const pending = save.isPending;
  // Back to the note as kept once nothing of the scout's is on its way or refused.
  useEffect(() => {
    if (!editing && !failed && !pending) setText(row.note);
  }, [row.note, editing, failed, pending]);
  useEffect(() => {
    if (!editing) return;
    ended.current = false;
    box.current?.focus();
  }, [editing]);

  const finish = (keep: boolean) => {
    if (ended.current) return;
    ended.current = true;
    setEditing(false);
    if (keep && text !== row.note) save.mutate({ entryId: row.entryId, note: text });
    else save.reset();
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
  const shown = pending || failed ? text : row.note;
  const previous = previousNoteText(row);
  return (
    <span className="note-cell" ref={cell}>
      <button
        ref={opener}
        type="button"
        className={['note-btn', shown ? '' : 'empty', failed ? 'unsaved' : ''].join(' ').trim()}
        title={shown ? `${shown}\n(click to edit)` : 'Add a note'}
        aria-label={shown ? `Note on ${row.name}: ${shown}. Edit` : `Add a note on ${row.name}`}
        onClick={() => setEditing(true)}
      >
        {shown ? <bdi>{shown}</bdi> : 'Add a note…'}
      </button>
      {failed ? <NoteError anchor={cell} message={toServiceError(save.error).message} /> : null}
      {previous ? (
        <span className="pill small prev-note" title={previous}>
          earlier note
          <span className="visually-hidden">: {previous}</span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * Why a note was not saved, in full, floating under its cell (useViewportFloat: the table's cells clip,
 * and a refusal such as a hidden control in the text takes a sentence to say).
 */
function NoteError(props: { anchor: RefObject<HTMLElement | null>; message: string }) {
  const float = useViewportFloat(true);
  const { setReference } = float.refs;
  useLayoutEffect(() => setReference(props.anchor.current), [setReference, props.anchor]);
  return (
    <span ref={float.refs.setFloating} style={float.floatingStyles} className="small note-error" role="alert">
      Not saved: {props.message}
    </span>
  );
}

/** The note an import kept beside the newer one, with its date, or null. */
function previousNoteText(row: ListEntryRecord): string | null {
  if (row.previousNote === null || row.previousNote === '') return null;
  const at = row.previousNoteAt ? ` (${row.previousNoteAt.slice(0, 10)})` : '';
  return `Earlier note${at}: ${row.previousNote}`;
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
      onClick={() => remove.mutate({ entryId: row.entryId })}
    >
      <span aria-hidden="true">✕</span>
    </button>
  );
}

/** A colleague's rating, shown and not editable: filled and hollow stars, with the words for screen readers. */
export function ReadOnlyRatingCell({ row }: { row: ListEntryRecord }) {
  const n = row.rating ?? 0;
  const words = row.rating === null ? 'not rated' : `${n} of 5 (${RATING_WORDS[n]})`;
  return (
    <span className="rating-readonly" role="img" aria-label={`Rating of ${row.name}: ${words}`} title={words}>
      {'★'.repeat(n)}
      <span className="muted">{'☆'.repeat(5 - n)}</span>
    </span>
  );
}

/** A colleague's note, as written. */
export function ReadOnlyNoteCell({ row }: { row: ListEntryRecord }) {
  return (
    <span className="clip-cell" title={row.note || undefined}>
      <bdi>{row.note || '—'}</bdi>
    </span>
  );
}
