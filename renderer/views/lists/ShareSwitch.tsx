import type { ScoutingList } from '../../../shared/domain/lists.ts';
import { toServiceError } from '../../bridge/client.ts';
import { useShareList } from '../../entities/department/useDepartment.ts';

/**
 * "Shared with the department" on one of the scout's lists: on, its players, ratings and notes are read by
 * every scout of the department (written by him only); off, the list is private again and colleagues'
 * copies are withdrawn at their next sync. Shown only while a department is set up.
 */
export function ShareSwitch({ list }: { list: ScoutingList }) {
  const share = useShareList();
  const on = share.isPending ? (share.variables?.shared ?? list.shared) : list.shared;
  return (
    <span className="share-switch">
      <label className="share-switch-label">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={share.isPending}
          onChange={(e) => share.mutate({ id: list.id, shared: e.currentTarget.checked })}
        />
        <span className="share-switch-track" aria-hidden="true" />
        Shared with the department
      </label>
      {share.isError ? (
        <span className="danger-text small" role="alert">
          {toServiceError(share.error).message}
        </span>
      ) : null}
    </span>
  );
}
