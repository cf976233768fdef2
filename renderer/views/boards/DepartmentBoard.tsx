import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DraftBoard } from '../../../shared/domain/boards.ts';
import { toServiceError } from '../../bridge/client.ts';
import { DepartmentMark } from '../../entities/department/SharedMark.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { useCreateBoard } from '../../entities/reports/useBoards.ts';
import { formatDateTime } from '../../format/index.ts';
import './department-board.css';

/**
 * The department's board in the Boards view: one ranking for the whole department, written by its
 * directors (any of them) and read by every scout (store/lists/department/department-board.ts). Here: the
 * way a director makes it, its mark in the index, and the line under its title saying whose it is.
 */

/**
 * The side card that makes the department board: a director names it and creates it; a scout reads that
 * the directors make it. Nothing without a department, or once the board is here (it heads the index).
 */
export function DepartmentBoardStart({ boards }: { boards: readonly DraftBoard[] | undefined }) {
  const settings = useDepartmentSettings();
  const create = useCreateBoard();
  const navigate = useNavigate();
  const [name, setName] = useState('Department board');
  const [error, setError] = useState<string | null>(null);
  const s = settings.data;
  if (!s?.config || boards === undefined || boards.some((b) => b.kind === 'department')) return null;
  if (s.director !== true)
    return (
      <p className="dept-board-start muted small">
        No department board yet: the department’s directors make it, and you will see it here after a sync.
      </p>
    );
  return (
    <section className="dept-board-start" aria-labelledby="dept-board-start-title">
      <h2 id="dept-board-start-title">Department board</h2>
      <p className="muted small">One ranking for the whole department: any director edits it, every scout reads it.</p>
      <form
        className="dept-board-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, kind: 'department' },
            {
              onSuccess: (b) => {
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
          aria-label="Department board name"
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn" disabled={name.trim() === '' || create.isPending}>
          Create department board
        </button>
      </form>
      {error ? (
        <p className="notice error small" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The department board's mark, beside its name in the index and under its title. */
export const DepartmentBoardTag = () => <DepartmentMark words="Department board" />;

/**
 * Under the department board's title: who wrote it last and when, and whether this computer's scout may
 * change it (a director) or reads it only (a scout).
 */
export function DepartmentBoardLine({ board }: { board: DraftBoard }) {
  return (
    <p className="dept-board-line small">
      <DepartmentBoardTag />
      <span className="dept-board-writer">
        Last written by <bdi>{board.lastWriter || 'you'}</bdi>, {formatDateTime(board.updatedAt)}
        {board.readOnly
          ? ' · read-only: the department’s directors write it'
          : ' · every director can edit it; scouts read it'}
      </span>
    </p>
  );
}
