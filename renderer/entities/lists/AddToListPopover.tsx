import { useMergeRefs } from '@floating-ui/react';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { LIST_NAME_MAX, NOTE_MAX } from '../../../shared/domain/list-limits.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { useViewportFloat } from '../../components/useViewportFloat.ts';
import { RatingStars } from './RatingStars.tsx';
import { type EntryForm, NEW, type StarPlayer, useEntryForm } from './useEntryForm.ts';
import './list-popover.css';

/**
 * The "Add to list" popover of a star: pick a list or name a new one, a rating (1-5) and a private note,
 * then Save; "Remove from list" when the player is in the list picked. Esc, Cancel or a save closes it
 * and focus goes back to the star; a click or Tab outside closes it and leaves the focus there. Rendered into
 * `document.body` and placed by Floating UI (useViewportFloat), so neither a table's scroll box nor the
 * window's edge clips it; its events do not reach the table row it was opened from.
 */
export function AddToListPopover(props: {
  player: StarPlayer;
  anchor: RefObject<HTMLElement | null>;
  /** Closes it; `returnFocus` false when the scout clicked or tabbed elsewhere (the focus stays there). */
  onClose: (returnFocus?: boolean) => void;
}) {
  const { player, onClose } = props;
  const form = useEntryForm(player, onClose);
  const panel = useRef<HTMLFormElement>(null);
  // Under the star, or above it when there is no room below; inside the window (useViewportFloat).
  const float = useViewportFloat(true);
  const { setReference } = float.refs;
  useLayoutEffect(() => setReference(props.anchor.current), [setReference, props.anchor]);
  const panelRef = useMergeRefs([panel, float.refs.setFloating]);
  const titleId = useId();
  const { ready, choice, inLists } = form;

  // Focus the first control once the form is filled; close on a press outside.
  const focused = useRef(false);
  useEffect(() => {
    if (!ready || choice === null || focused.current) return;
    focused.current = true;
    panel.current?.querySelector<HTMLElement>('select, input:not([type="radio"])')?.focus();
  }, [ready, choice]);
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !props.anchor.current?.contains(t)) onClose(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [onClose, props.anchor]);

  return createPortal(
    // The form stops its events from reaching the table row it was opened from (React bubbles through portals).
    <form
      ref={panelRef}
      className="list-popover"
      role="dialog"
      aria-labelledby={titleId}
      style={float.floatingStyles}
      onSubmit={(e) => void form.submit(e)}
      onClick={(e) => e.stopPropagation()}
      onMouseDown={(e) => e.stopPropagation()}
      onBlur={(e) => {
        // Tab out of the popover (to the page behind it, not to its star) closes it, as a click outside does.
        const to = e.relatedTarget as Node | null;
        if (to !== null && !e.currentTarget.contains(to) && !props.anchor.current?.contains(to)) onClose(false);
      }}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="list-popover-title">
        Add <bdi className="strong">{player.name}</bdi> to a list
      </h2>
      {inLists.length > 0 ? (
        <p className="small muted list-popover-in">In: {inLists.map((l) => quoteText(l.listName)).join(', ')}</p>
      ) : null}
      {!ready ? (
        <p className="small muted">Loading lists…</p>
      ) : (
        <EntryFields form={form} playerName={player.name} onCancel={() => onClose()} />
      )}
    </form>,
    document.body,
  );
}

/** The form's fields: the list (or a new list's name), the rating, the private note, and its buttons. */
function EntryFields(props: { form: EntryForm; playerName: string; onCancel: () => void }) {
  const f = props.form;
  return (
    <>
      <label className="field">
        <span className="field-label">List</span>
        <select value={f.choice ?? NEW} onChange={(e) => f.setChoice(e.currentTarget.value)}>
          {f.lists.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {quoteText(l.name)}
              {f.inLists.some((x) => x.listId === l.id) ? ' ✓' : ''}
            </option>
          ))}
          <option value={NEW}>New list…</option>
        </select>
      </label>
      {f.choice === NEW ? (
        <label className="field">
          <span className="field-label">New list name</span>
          <input
            type="text"
            value={f.newName}
            maxLength={LIST_NAME_MAX}
            placeholder="e.g. Top prospects"
            onChange={(e) => f.setNewName(e.currentTarget.value)}
          />
        </label>
      ) : null}
      <div className="field">
        <span className="field-label">Rating</span>
        <span className="list-popover-rating">
          <RatingStars value={f.rating} onChange={f.setRating} label={`Rating of ${props.playerName}`} />
          <span className="small muted">{f.rating === null ? 'Not rated' : `${f.rating} of 5`}</span>
        </span>
      </div>
      <label className="field">
        <span className="field-label">Private note</span>
        <textarea
          rows={3}
          value={f.note}
          maxLength={NOTE_MAX}
          placeholder="Only on this computer; never sent to the service"
          onChange={(e) => f.setNote(e.currentTarget.value)}
        />
      </label>
      {f.error ? (
        <p className="notice error small" role="alert">
          {f.error}
        </p>
      ) : null}
      <div className="list-popover-actions">
        {f.entry !== null ? (
          <button
            type="button"
            className="btn ghost danger-text"
            onClick={() => void f.removeFromList()}
            disabled={f.busy}
          >
            Remove from list
          </button>
        ) : null}
        <span className="grow" />
        <button type="button" className="btn ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={f.busy}>
          {f.entry !== null ? 'Save' : 'Add'}
        </button>
      </div>
    </>
  );
}
