import { useState } from 'react';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { toServiceError } from '../../bridge/client.ts';
import { boardEditable, useAddToBoard, useBoards } from '../../entities/reports/useBoards.ts';

/**
 * "Add to board" on a player's file: a select of the scout's own boards (and the department's, for a
 * director); the player goes to the bottom of the board's last tier (to be placed there by drag or
 * keyboard) and the select says so.
 */
export function AddToBoard({
  player,
}: {
  player: { id: number; name: string; position: string | null; dateOfBirth: string | null };
}) {
  const boards = useBoards();
  const add = useAddToBoard();
  const [said, setSaid] = useState<string | null>(null);
  const own = (boards.data ?? []).filter(boardEditable);
  if (own.length === 0) return null;
  return (
    <label className="inline-field small">
      <select
        aria-label={`Add ${player.name} to a board`}
        value=""
        onChange={(e) => {
          const board = own.find((b) => String(b.id) === e.target.value);
          if (!board) return;
          add.mutate(
            {
              boardId: board.id,
              playerId: player.id,
              player: { name: player.name, position: player.position, dateOfBirth: player.dateOfBirth },
            },
            {
              onSuccess: () => setSaid(`On “${quoteText(board.name)}”`),
              onError: (err) => setSaid(toServiceError(err).message),
            },
          );
        }}
      >
        <option value="">Add to board…</option>
        {own.map((b) => (
          <option key={b.id} value={b.id}>
            {b.kind === 'department' ? `${b.name} (department)` : b.name}
          </option>
        ))}
      </select>
      {said ? (
        <span className="muted" role="status">
          {said}
        </span>
      ) : null}
    </label>
  );
}
