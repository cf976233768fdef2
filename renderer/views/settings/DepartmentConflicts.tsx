import { useId } from 'react';
import type { ChangeKind } from '../../../shared/department/changes.ts';
import type { DepartmentConflict } from '../../../shared/department/laptop.ts';
import { toServiceError } from '../../bridge/client.ts';
import { SkeletonText } from '../../components/States.tsx';
import { useDepartmentConflicts, useResolveConflict } from '../../entities/department/useDepartment.ts';
import { formatDateTime } from '../../format/index.ts';

/** What a record is, in the scout's words. */
const KIND_WORDS: Readonly<Record<ChangeKind, string>> = {
  report: 'Report',
  list: 'List',
  entry: 'List entry',
  board: 'Board',
  assignment: 'Assignment',
  setting: "Department's settings",
};

function ConflictRow({
  c,
  busy,
  onResolve,
}: {
  c: DepartmentConflict;
  busy: boolean;
  onResolve: (choice: 'keep' | 'drop') => void;
}) {
  return (
    <li className="dept-conflict">
      <div className="dept-conflict-what">
        <span className="pill">{KIND_WORDS[c.kind]}</span> <bdi className="strong">{c.title}</bdi>
        <span className="muted small">
          Your version was replaced by another change on {formatDateTime(c.committedAt)}.
        </span>
      </div>
      <div className="dept-conflict-actions">
        <button
          type="button"
          className="btn small primary"
          disabled={busy}
          aria-label={`Keep mine: ${c.title}`}
          onClick={() => onResolve('keep')}
        >
          Keep mine
        </button>
        <button
          type="button"
          className="btn small"
          disabled={busy}
          aria-label={`Take theirs: ${c.title}`}
          onClick={() => onResolve('drop')}
        >
          Take theirs
        </button>
      </div>
    </li>
  );
}

/**
 * The conflicts kept for the scout: a record he changed while another change (his other computer, another
 * director) reached the server later, so the server shows that one. "Keep mine" sends his version again;
 * "Take theirs" drops his.
 */
export function DepartmentConflicts() {
  const id = useId();
  const conflicts = useDepartmentConflicts();
  const resolve = useResolveConflict();
  const open = (conflicts.data ?? []).filter((c) => c.resolution === null);
  return (
    <section className="dept-conflicts" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Conflicts</h3>
      {conflicts.isLoading ? <SkeletonText width="m" /> : null}
      {conflicts.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(conflicts.error).message}
        </p>
      ) : null}
      {conflicts.isSuccess && open.length === 0 ? (
        <p className="muted small">No conflicts: every change of yours is the one the department sees.</p>
      ) : null}
      {open.length > 0 ? (
        <ul className="dept-conflict-list">
          {open.map((c) => (
            <ConflictRow
              key={c.id}
              c={c}
              busy={resolve.isPending}
              onResolve={(choice) => resolve.mutate({ id: c.id, choice })}
            />
          ))}
        </ul>
      ) : null}
      {resolve.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(resolve.error).message}
        </p>
      ) : null}
    </section>
  );
}
