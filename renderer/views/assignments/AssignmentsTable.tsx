import { Fragment, useId, useState } from 'react';
import type { Assignment } from '../../../shared/department/desk.ts';
import { toServiceError } from '../../bridge/client.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { assignedGameText } from '../../entities/department/games.ts';
import { useUnassign } from '../../entities/department/useAssignments.ts';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import { formatDay } from '../../format/index.ts';
import { EditAssignment } from './EditAssignment.tsx';

/** Done (the day of the report that did it) or open; a director's new one may still wait for the sync. */
function StateCell({ a }: { a: Assignment }) {
  return (
    <td>
      {a.doneOn ? (
        <span className="assign-state done">Done {formatDay(a.doneOn)}</span>
      ) : (
        <span className="assign-state open">Open</span>
      )}
      {a.waiting ? <span className="muted small"> · waiting to sync</span> : null}
    </td>
  );
}

/**
 * The assignments in the order given (date order), one row each: player (a link to his page), due date,
 * game, note, done or open; for a director also the scout, "Edit" (its due date, game and note, in place
 * under the row; the focus goes back to its Edit button when it closes) and "Take back".
 */
export function AssignmentsTable({ rows, director }: { rows: Assignment[]; director: boolean }) {
  const unassign = useUnassign();
  const base = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const editId = (uid: string) => `${base}-edit-${uid}`;
  const close = (uid: string) => {
    setEditing(null);
    requestAnimationFrame(() => document.getElementById(editId(uid))?.focus());
  };
  const columns = director ? 7 : 5;
  return (
    <>
      <table className="plain-table assign-table">
        <thead>
          <tr>
            <th scope="col">Player</th>
            {director ? <th scope="col">Scout</th> : null}
            <th scope="col">Due</th>
            <th scope="col">Game</th>
            <th scope="col">Note</th>
            <th scope="col">State</th>
            {director ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <Fragment key={a.uid}>
              <tr>
                <td>
                  <RecordPlayerName player={a.player} />
                </td>
                {director ? (
                  <td>
                    <bdi>{a.assigneeName}</bdi>
                  </td>
                ) : null}
                <td>{formatDay(a.dueDate)}</td>
                <td className="assign-wrap">
                  <bdi>{assignedGameText(a.game)}</bdi>
                </td>
                <td className="assign-wrap">
                  <bdi>{a.note || '—'}</bdi>
                </td>
                <StateCell a={a} />
                {director ? (
                  <td>
                    <div className="assign-row-actions">
                      <button
                        type="button"
                        id={editId(a.uid)}
                        className="btn ghost small"
                        aria-expanded={editing === a.uid}
                        aria-label={`Edit ${a.player.name}’s assignment to ${a.assigneeName}`}
                        onClick={() => (editing === a.uid ? close(a.uid) : setEditing(a.uid))}
                      >
                        Edit
                      </button>
                      <ConfirmAction
                        verb="Take back"
                        busy={unassign.isPending}
                        onConfirm={() => unassign.mutate(a.uid)}
                        askLabel={`Take back ${a.player.name} from ${a.assigneeName}…`}
                        confirmLabel={`Take back ${a.player.name} from ${a.assigneeName}`}
                      />
                    </div>
                  </td>
                ) : null}
              </tr>
              {editing === a.uid ? (
                <tr className="assign-edit-row">
                  <td colSpan={columns}>
                    <EditAssignment a={a} onClose={() => close(a.uid)} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
      {unassign.isError ? (
        <p className="notice error" role="alert">
          Could not take it back: {toServiceError(unassign.error).message}
        </p>
      ) : null}
    </>
  );
}
