import { Link } from 'react-router';
import type { Assignment } from '../../../shared/department/desk.ts';
import { toServiceError } from '../../bridge/client.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { useUnassign } from '../../entities/department/useAssignments.ts';
import { formatDay } from '../../format/index.ts';

/** The game as written: `London Knights at Kitchener Rangers, 2026-11-14`, or `—`. */
function gameText(g: Assignment['game']): string {
  return g ? `${g.awayTeam} at ${g.homeTeam}, ${formatDay(g.date)}` : '—';
}

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
 * game, note, done or open; for a director also the scout and "Take back".
 */
export function AssignmentsTable({ rows, director }: { rows: Assignment[]; director: boolean }) {
  const unassign = useUnassign();
  return (
    <>
      <table className="assign-table">
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
            <tr key={a.uid}>
              <td>
                <Link to={`/players/${a.player.playerId}`}>
                  <bdi>{a.player.name}</bdi>
                </Link>
              </td>
              {director ? (
                <td>
                  <bdi>{a.assigneeName}</bdi>
                </td>
              ) : null}
              <td>{formatDay(a.dueDate)}</td>
              <td className="assign-wrap">
                <bdi>{gameText(a.game)}</bdi>
              </td>
              <td className="assign-wrap">
                <bdi>{a.note || '—'}</bdi>
              </td>
              <StateCell a={a} />
              {director ? (
                <td>
                  <ConfirmAction
                    verb="Take back"
                    busy={unassign.isPending}
                    onConfirm={() => unassign.mutate(a.uid)}
                    askLabel={`Take back ${a.player.name} from ${a.assigneeName}…`}
                    confirmLabel={`Take back ${a.player.name} from ${a.assigneeName}`}
                  />
                </td>
              ) : null}
            </tr>
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
