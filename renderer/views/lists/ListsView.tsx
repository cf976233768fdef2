import { type ReactNode, useState } from 'react';
import { Navigate, NavLink, useNavigate, useParams } from 'react-router';
import { formatCount } from '../../../shared/columns/index.ts';
import { LIST_NAME_MAX } from '../../../shared/domain/list-limits.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';
import { SharedMark } from '../../entities/department/SharedMark.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { useCreateList, useScoutingLists } from '../../entities/lists/useLists.ts';
import { ListDetail } from './ListDetail.tsx';
import './lists.css';
import { toServiceError } from '../../bridge/client.ts';

/** "New list": a name box and Create; the new list opens. */
function NewListForm() {
  const create = useCreateList();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  return (
    <form
      className="new-list"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name },
          {
            onSuccess: (l) => {
              setName('');
              navigate(`/lists/${l.id}`);
            },
          },
        );
      }}
    >
      <label className="field">
        <span className="field-label">New list</span>
        <input
          type="text"
          value={name}
          maxLength={LIST_NAME_MAX}
          placeholder="e.g. Top prospects"
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <button type="submit" className="btn" disabled={create.isPending}>
        Create
      </button>
      {create.isError ? (
        <span className="danger-text small new-list-error" role="alert">
          {toServiceError(create.error).message}
        </span>
      ) : null}
    </form>
  );
}

/**
 * Scouting lists (`#/lists`, `#/lists/{id}`): the scout's named lists, kept only on this computer, and
 * for the list picked its players with their latest stats, rating and note. `#/lists` opens the first list.
 */
export function ListsView() {
  const params = useParams();
  const lists = useScoutingLists();
  const department = useDepartmentSettings().data?.config ?? null;
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const all = lists.data ?? [];
  const first = all[0];

  let body: ReactNode;
  if (lists.isError) {
    body = <ErrorPanel error={lists.error} what="your scouting lists" onRetry={() => void lists.refetch()} />;
  } else if (lists.data === undefined) {
    body = <p className="muted">Loading lists…</p>;
  } else if (all.length === 0) {
    body = (
      <div className="card lists-empty">
        <EmptyState title="No lists yet: star a player in Players">
          <span className="muted">
            The ☆ beside a player’s name in <a href="#/players">Players</a> adds him to a list, with your rating and a
            private note.
          </span>
        </EmptyState>
      </div>
    );
  } else if (id === null && first !== undefined) {
    return <Navigate to={`/lists/${first.id}`} replace />;
  } else {
    body = (
      <div className="lists-layout">
        <nav className="lists-tabs" aria-label="Scouting lists">
          <ul>
            {all.map((l) => (
              <li key={l.id}>
                <NavLink
                  to={`/lists/${l.id}`}
                  className={({ isActive }) => (isActive ? 'list-link active' : 'list-link')}
                  title={`${quoteText(l.name)}: ${formatCount(l.entryCount, 'player')}${l.readOnly ? `, by ${quoteText(l.scout || l.owner)}` : ''}`}
                >
                  <bdi className="list-link-name">{l.name}</bdi>
                  {l.readOnly ? (
                    <SharedMark compact scout={l.scout || l.owner} />
                  ) : l.shared ? (
                    <SharedMark compact />
                  ) : null}
                  <span className="list-link-count">{l.entryCount}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {id !== null ? <ListDetail key={id} id={id} /> : null}
      </div>
    );
  }

  return (
    <section className="view" aria-labelledby="lists-title">
      <header className="view-head">
        <div>
          <h1 id="lists-title">Scouting lists</h1>
          <p className="muted">
            {lists.data ? `${formatCount(all.length, 'list')} · ` : ''}
            {department
              ? 'private unless shared with your department, never sent to the data service'
              : 'private to this computer, never sent to the service'}{' '}
            · backed up as you work; backups, export and import in <a href="#/settings">Settings</a>
          </p>
        </div>
        <span className="grow" />
        <NewListForm />
      </header>
      {body}
    </section>
  );
}
