import { type FormEvent, useId, useState } from 'react';
import { toServiceError } from '../../bridge/client.ts';
import { DayInput } from '../../components/DayInput.tsx';
import { Field } from '../../components/Field.tsx';
import { useAssign, useDepartmentScouts } from '../../entities/department/useAssignments.ts';
import { parseDay } from '../../format/index.ts';
import { checkedFields, dayLabel, type FieldProblem, GameFieldset, NO_GAME_FIELDS } from './AssignmentFields.tsx';
import { type PickedPlayer, PlayerPicker } from './PlayerPicker.tsx';

const EMPTY = { ...NO_GAME_FIELDS, assignee: '', assignedOn: '' };

/**
 * A director's form to assign a player to a scout: the player (searched in the offline store, or one the
 * department's reports name), the scout (from the department's roster), the day it is assigned on (today
 * when left empty), the due date, a note, and optionally the game (its date and two teams). Days are typed
 * as the app writes them and read strictly; a problem is said before anything is sent. Sent with the next
 * sync; the scout sees it after his.
 */
export function AssignForm() {
  const id = useId();
  const scouts = useDepartmentScouts();
  const assign = useAssign();
  const [f, setF] = useState(EMPTY);
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [problem, setProblem] = useState<Omit<FieldProblem, 'ok'> | null>(null);
  const [done, setDone] = useState('');
  // A new picker after each assignment: its search box starts empty again.
  const [round, setRound] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const checked = checkedFields(f);
    const assignedOn = f.assignedOn.trim() === '' ? undefined : parseDay(f.assignedOn);
    if (player === null) return setProblem({ field: null, problem: 'Player: search a player and pick him.' });
    if (f.assignee === '') return setProblem({ field: null, problem: 'Scout: choose the scout who goes.' });
    if (assignedOn === null) return setProblem({ field: null, problem: 'Assigned on: type a day as YYYY-MM-DD.' });
    if (!checked.ok) return setProblem(checked);
    setProblem(null);
    assign.mutate(
      {
        assignee: f.assignee,
        player,
        ...(assignedOn ? { assignedOn } : {}),
        dueDate: checked.dueDate,
        note: checked.note,
        game: checked.game,
      },
      {
        onSuccess: (a) => {
          setDone(`${a.player.name} assigned to ${a.assigneeName}.`);
          setF(EMPTY);
          setPlayer(null);
          setRound((r) => r + 1);
        },
      },
    );
  };
  const error = problem?.problem ?? (assign.isError ? `Could not assign: ${toServiceError(assign.error).message}` : '');
  return (
    <section className="card assign-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Assign a player</h2>
      <form className="assign-form" onSubmit={submit} noValidate>
        <PlayerPicker key={round} value={player} onChange={setPlayer} />
        <Field label="Scout">
          <select required value={f.assignee} onChange={(e) => setF({ ...f, assignee: e.currentTarget.value })}>
            <option value="">{scouts.isLoading ? 'Loading…' : 'Choose a scout'}</option>
            {(scouts.data ?? []).map((s) => (
              <option key={s.login} value={s.login}>
                {s.name === s.login ? s.login : `${s.name} (${s.login})`}
              </option>
            ))}
          </select>
        </Field>
        <Field label={dayLabel('Assigned on')}>
          <DayInput value={f.assignedOn} onChange={(v) => setF({ ...f, assignedOn: v })} placeholder="empty: today" />
        </Field>
        <GameFieldset f={f} set={(g) => setF({ ...f, ...g })} bad={problem?.field} onTyped={() => setProblem(null)} />
        <div className="assign-actions">
          <button type="submit" className="btn primary" disabled={assign.isPending}>
            Assign
          </button>
          <span className="muted small" role="status">
            {error ? '' : done}
          </span>
        </div>
      </form>
      {error ? (
        <p className="notice error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
