import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BoardDetail } from '../../../shared/domain/boards.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { call, toServiceError } from '../../bridge/client.ts';
import { useScoutingLists } from '../../entities/lists/useLists.ts';
import { scoutingKeys } from '../../entities/reports/useReports.ts';

/**
 * "Add a list's players…": every player of a scouting list who is of the data in use and not on the board
 * yet goes to the bottom of the board's last tier, to be placed from there. Players the list keeps from
 * other data are left out (a board ranks the data in use's players), and the status line says how many.
 */
export function AddFromList({ detail }: { detail: BoardDetail }) {
  const lists = useScoutingLists();
  const client = useQueryClient();
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (listId: number) => {
    setBusy(true);
    setSaid(null);
    try {
      const page = await call('scoutingListEntries', { id: listId, query: { offset: 0, limit: 1000 } });
      const on = new Set(detail.entries.map((e) => `${e.source}\u0000${e.playerId}`));
      const fresh = page.data.filter((e) => e.linked && !on.has(`${e.source}\u0000${e.id}`));
      for (const e of fresh) {
        await call('draftBoardAdd', {
          boardId: detail.board.id,
          playerId: e.id,
          player: { name: e.name, position: e.position, dateOfBirth: e.dateOfBirth },
        });
      }
      const other = page.data.filter((e) => !e.linked).length;
      setSaid(
        `Added ${fresh.length} of “${quoteText(page.list.name)}” to tier ${quoteText(detail.board.tiers.at(-1) ?? '')}` +
          (other > 0 ? `; ${other} of other data left out.` : '.'),
      );
    } catch (err) {
      setSaid(`Not all were added: ${toServiceError(err).message}`);
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: scoutingKeys.all });
    }
  };
  if ((lists.data?.length ?? 0) === 0) return null;
  return (
    <span className="row">
      <select
        aria-label="Add the players of a scouting list"
        value=""
        disabled={busy}
        onChange={(e) => e.target.value && void add(Number(e.target.value))}
      >
        <option value="">Add a list’s players…</option>
        {(lists.data ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {quoteText(l.name)} ({l.entryCount})
          </option>
        ))}
      </select>
      {said ? (
        <span className="muted small" role="status">
          {said}
        </span>
      ) : null}
    </span>
  );
}
