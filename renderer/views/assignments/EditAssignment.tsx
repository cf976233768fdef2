import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Assignment } from '../../../shared/department/desk.ts';
import { toServiceError } from '../../bridge/client.ts';
import { useEditAssignment } from '../../entities/department/useAssignments.ts';
import { checkedFields, type FieldProblem, fieldsOf, GameFieldset } from './AssignmentFields.tsx';

/**
 * A director's edit of one assignment, in place under its row: its due date, game and note (its scout and
 * player stay: taking it back and assigning anew moves it). The first box takes the focus; Escape or Cancel
 * closes it unchanged, Save (or Enter in a box) sends the change with the next sync.
 */
export function EditAssignment(props: { a: Assignment; onClose: () => void }) {
  const { a, onClose } = props;
  const id = useId();
  const edit = useEditAssignment();
  const [f, setF] = useState(() => fieldsOf(a));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkedFields(f);
    if (!checked.ok) return setProblem(checked);
    setProblem(null);
    edit.mutate(
      { uid: a.uid, dueDate: checked.dueDate, note: checked.note, game: checked.game },
      { onSuccess: onClose },
    );
  };
  const error = problem?.problem ?? (edit.isError ? `Could not change it: ${toServiceError(edit.error).message}` : '');
  return (
    <form
      ref={form}
      className="assign-form assign-edit"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <h3 id={`${id}-title`} className="assign-edit-title">
        Change {a.player.name}’s assignment to {a.assigneeName}
      </h3>
      <GameFieldset f={f} set={setF} bad={problem?.field} onTyped={() => setProblem(null)} />
      <div className="assign-actions">
        <button type="submit" className="btn primary small" disabled={edit.isPending}>
          Save
        </button>
        <button type="button" className="btn ghost small" onClick={onClose}>
          Cancel
        </button>
        {error ? (
          <span className="notice error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}
