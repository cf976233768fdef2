import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { toServiceError } from '../../bridge/client.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';
import {
  boardEditable,
  boardLabel,
  useBoard,
  useBoards,
  useCreateBoard,
  useDeleteBoard,
} from '../../entities/reports/useBoards.ts';
import { useSavePrefs, useScoutingPrefs } from '../../entities/reports/useReports.ts';
import { AddFromList } from './AddFromList.tsx';
import { BoardSheet } from './BoardSheet.tsx';
import { BoardVersions } from './BoardVersions.tsx';
import { boardCountsText, boardSizeText } from './boardModel.ts';
import { DepartmentBoardLine, DepartmentBoardStart, DepartmentBoardTag } from './DepartmentBoard.tsx';
import './boards.css';

/**
 * Draft boards (`#/boards`, `#/boards/:id`): the department's board first (DepartmentBoard.tsx), the
 * scout's boards and imported ones beside, one open.
 */
export function BoardsView() {
  const { id } = useParams();
  const boardId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const boards = useBoards();
  const create = useCreateBoard();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = boardId ?? boards.data?.[0]?.id ?? null;
  return (
    <section className="view scroll boards-view">
      <aside className="boards-side card">
        <h1>Draft boards</h1>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              { name },
              {
                onSuccess: (b) => {
                  setName('');
                  setError(null);
                  navigate(`/boards/${b.id}`);
                },
                onError: (err) => setError(toServiceError(err).message),
              },
            );
          }}
        >
          <input
            type="text"
            value={name}
            placeholder="e.g. 2027 draft"
            aria-label="New board name"
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn" disabled={name.trim() === ''}>
            Create
          </button>
        </form>
        {error ? <p className="notice error small">{error}</p> : null}
        <DepartmentBoardStart boards={boards.data} />
        <ul className="boards-index">
          {(boards.data ?? []).map((b) => (
            <li key={b.id}>
              <Link to={`/boards/${b.id}`} className={b.id === chosen ? 'active' : ''}>
                <bdi>{b.kind === 'department' ? quoteText(b.name) : boardLabel(b)}</bdi>
              </Link>
              <span className="muted small"> {boardSizeText(b.players)}</span>
              {b.kind === 'department' ? (
                <>
                  {' '}
                  <DepartmentBoardTag />
                </>
              ) : null}
            </li>
          ))}
        </ul>
        {(boards.data?.length ?? 0) >= 2 ? (
          <Link className="btn" to="/boards/merge">
            Merge boards…
          </Link>
        ) : null}
        <ScoutName />
      </aside>
      {boards.isError ? (
        <ErrorPanel error={boards.error} what="the draft boards" onRetry={() => void boards.refetch()} />
      ) : chosen === null ? (
        <div className="card">
          <EmptyState title="No draft board yet.">
            <p className="muted small">
              Create one, then add players from their page (“Add to board”). Colleagues’ boards come in with their lists
              files (Settings → Import lists).
            </p>
          </EmptyState>
        </div>
      ) : (
        <OpenBoard id={chosen} />
      )}
    </section>
  );
}

function OpenBoard({ id }: { id: number }) {
  const q = useBoard(id);
  const remove = useDeleteBoard();
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  if (q.isError) return <ErrorPanel error={q.error} what="the board" onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (!d) return <p className="muted small">Loading the board…</p>;
  const dept = d.board.kind === 'department';
  const editable = boardEditable(d.board);
  return (
    <div className="board-main">
      <header className="view-head">
        <div>
          <h2 className="board-title">
            <bdi>{dept ? quoteText(d.board.name) : boardLabel(d.board)}</bdi>
          </h2>
          {dept ? <DepartmentBoardLine board={d.board} /> : null}
          <p className="muted small">
            {boardCountsText(d.entries)}
            {editable
              ? ' · drag, or use ↑ ↓ and Alt+↑ / Alt+↓'
              : dept
                ? ''
                : ' · imported: shown as that scout ranked them'}
          </p>
        </div>
        <div className="row">
          <input
            type="search"
            value={filter}
            placeholder="Find a player"
            aria-label="Find a player on the board"
            onChange={(e) => setFilter(e.target.value)}
          />
          {d.board.readOnly ? null : (
            <button
              type="button"
              className="btn ghost danger"
              onClick={() => {
                if (window.confirm(`Delete the board “${boardLabel(d.board)}” and its versions?`))
                  remove.mutate({ id }, { onSuccess: () => navigate('/boards') });
              }}
            >
              Delete
            </button>
          )}
        </div>
      </header>
      {editable ? <AddFromList detail={d} /> : null}
      {d.entries.length === 0 ? (
        <p className="muted small">
          No player on this board yet: add a list’s players above, or open a player’s page and use “Add to board”.
        </p>
      ) : null}
      <div className="board-columns">
        <BoardSheet detail={d} filter={filter} />
        <BoardVersions detail={d} />
      </div>
    </div>
  );
}

/** The scout's name, written on the reports and boards he exports (so colleagues' merges tell him apart). */
function ScoutName() {
  const prefs = useScoutingPrefs();
  const save = useSavePrefs();
  if (!prefs.data) return null;
  const p = prefs.data;
  return (
    <label className="field scout-name">
      <span className="field-label">Your name on exports</span>
      <input
        type="text"
        defaultValue={p.scoutName}
        maxLength={80}
        placeholder="e.g. J. Smith"
        onBlur={(e) => e.target.value.trim() !== p.scoutName && save.mutate({ ...p, scoutName: e.target.value.trim() })}
      />
      {save.isError ? (
        <span className="danger-text small" role="alert">
          Not saved: {toServiceError(save.error).message}
        </span>
      ) : null}
    </label>
  );
}
