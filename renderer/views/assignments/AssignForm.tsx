import { type FormEvent, useId, useState } from 'react';
import { toServiceError } from '../../bridge/client.ts';
import { Field } from '../../components/Field.tsx';
import { useAssign, useAssignments, useDepartmentPlayers } from '../../entities/department/useAssignments.ts';
import { useReports } from '../../entities/reports/useReports.ts';

const EMPTY = {
  player: '',
  assignee: '',
  assignedOn: '',
  dueDate: '',
  note: '',
  gameDate: '',
  homeTeam: '',
  awayTeam: '',
};

/** The scouts a director can name: logins of the department's report writers and of earlier assignments. */
function useScoutChoices(): { login: string; name: string }[] {
  const reports = useReports({});
  const assignments = useAssignments('all');
  const out = new Map<string, string>();
  for (const a of assignments.data ?? []) out.set(a.assignee, a.assigneeName);
  for (const r of reports.data ?? []) if (r.owner && !out.has(r.owner)) out.set(r.owner, r.scout || r.owner);
  return [...out].map(([login, name]) => ({ login, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A director's form to assign a player to a scout: the player (one the department has reports on), the
 * scout's login, the day it is assigned on (today when left empty), the due date, a note, and optionally the game (its date and two teams). Sent with the next
 * sync; the scout sees it after his.
 */
export function AssignForm() {
  const id = useId();
  const players = useDepartmentPlayers();
  const scouts = useScoutChoices();
  const assign = useAssign();
  const [f, setF] = useState(EMPTY);
  const [done, setDone] = useState('');
  const set = (k: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) =>
    setF({ ...f, [k]: e.currentTarget.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const player = (players.data ?? []).find((p) => `${p.source} ${p.playerId}` === f.player);
    if (!player) return;
    assign.mutate(
      {
        assignee: f.assignee,
        player,
        ...(f.assignedOn ? { assignedOn: f.assignedOn } : {}),
        dueDate: f.dueDate,
        note: f.note,
        game: f.gameDate ? { date: f.gameDate, homeTeam: f.homeTeam, awayTeam: f.awayTeam } : null,
      },
      {
        onSuccess: (a) => {
          setDone(`${a.player.name} assigned to ${a.assigneeName}.`);
          setF(EMPTY);
        },
      },
    );
  };
  return (
    <section className="card assign-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Assign a player</h2>
      <form className="assign-form" onSubmit={submit}>
        <Field label="Player">
          <select required value={f.player} onChange={set('player')}>
            <option value="">{players.isLoading ? 'Loading…' : 'Choose a player'}</option>
            {(players.data ?? []).map((p) => (
              <option key={`${p.source} ${p.playerId}`} value={`${p.source} ${p.playerId}`}>
                {p.name}
                {p.dateOfBirth ? ` (${p.dateOfBirth.slice(0, 4)})` : ''}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Scout (login)">
          <input required list={`${id}-scouts`} value={f.assignee} onChange={set('assignee')} autoComplete="off" />
        </Field>
        <datalist id={`${id}-scouts`}>
          {scouts.map((s) => (
            <option key={s.login} value={s.login}>
              {s.name}
            </option>
          ))}
        </datalist>
        <Field label="Assigned on (empty: today)">
          <input type="date" value={f.assignedOn} onChange={set('assignedOn')} />
        </Field>
        <Field label="Due date">
          <input type="date" required value={f.dueDate} onChange={set('dueDate')} />
        </Field>
        <Field label="Game date (optional)">
          <input type="date" value={f.gameDate} onChange={set('gameDate')} />
        </Field>
        <Field label="Home team">
          <input value={f.homeTeam} onChange={set('homeTeam')} required={f.gameDate !== ''} maxLength={80} />
        </Field>
        <Field label="Away team">
          <input value={f.awayTeam} onChange={set('awayTeam')} required={f.gameDate !== ''} maxLength={80} />
        </Field>
        <Field label="Note" grow>
          <textarea rows={2} value={f.note} onChange={set('note')} maxLength={2000} />
        </Field>
        <div className="assign-actions">
          <button type="submit" className="btn primary" disabled={assign.isPending}>
            Assign
          </button>
          <span className="muted small" role="status">
            {assign.isError ? '' : done}
          </span>
        </div>
      </form>
      {assign.isError ? (
        <p className="notice error" role="alert">
          Could not assign: {toServiceError(assign.error).message}
        </p>
      ) : null}
      {players.data?.length === 0 ? (
        <p className="muted small">
          No player yet: a player can be assigned once the department has a final report on him.
        </p>
      ) : null}
    </section>
  );
}
