import type { BridgeHandlers } from '../../../shared/bridge/bridge.ts';
import type {
  BoardDepartment,
  BoardFacts,
  BoardPlayerLine,
  BoardRowFacts,
} from '../../../shared/domain/board-facts.ts';
import { playerKey } from '../../../shared/domain/board-order.ts';
import { samePlayer } from '../../../shared/domain/same-player.ts';
import type { OfflineHost } from '../offline/offline-host.ts';
import { listsAccess, run } from './handlers.ts';
import type { ListsHost } from './lists-host.ts';

/**
 * The boards' facts (`draftBoardFacts`, shared/domain/board-facts.ts): the lists' worker names the boards'
 * players with the department's viewings of them (one call), the offline store gives the latest season of
 * those of its source (one call, one statement), and they are joined here: a player's store facts only when
 * the store holds the board's source and its player of that id is the one kept (same-player.ts), as list
 * entries are joined.
 */

/** Why the department's columns are empty on a computer that has none set up. */
export const NO_DEPARTMENT =
  'No department is set up on this computer (Settings → Department): viewings, grades and projections come from its reports.';

const DAY_MS = 86_400_000;

/** Whole days from `day` (`YYYY-MM-DD`) to `today` (`YYYY-MM-DD`), or null. */
export function daysBetween(day: string | null, today: string): number | null {
  if (day === null) return null;
  const a = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${today}T00:00:00Z`);
  return Number.isNaN(a) || Number.isNaN(b) ? null : Math.round((b - a) / DAY_MS);
}

/**
 * The rows' facts from the department's side `dept` and the store's lines `lines` (of source `storeSource`,
 * null: no store), dated `today` (`YYYY-MM-DD`, UTC).
 */
export function joinBoardFacts(
  dept: BoardDepartment,
  lines: readonly BoardPlayerLine[],
  storeSource: string | null,
  today: string,
): BoardFacts {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const rows: Record<string, BoardRowFacts> = {};
  for (const p of dept.players) {
    const held = p.source === storeSource ? byId.get(p.playerId) : undefined;
    const line = held !== undefined && samePlayer(p, held) ? held : undefined;
    rows[playerKey(p)] = {
      position: line?.position ?? p.position,
      team: line?.team ?? null,
      league: line?.league ?? null,
      season: line?.season ?? null,
      draftAge: line?.draftAge ?? null,
      GP: line?.GP ?? null,
      G: line?.G ?? null,
      A: line?.A ?? null,
      PTS: line?.PTS ?? null,
      PTSperGP: line?.PTSperGP ?? null,
      nhlePTSperGP: line?.nhlePTSperGP ?? null,
      viewings: dept.configured ? p.viewings : null,
      meanGrade: dept.configured ? p.meanGrade : null,
      projection: dept.configured ? p.projection : null,
      daysSinceSeen: dept.configured ? daysBetween(p.lastSeen, today) : null,
    };
  }
  return { departmentMissing: dept.configured ? null : NO_DEPARTMENT, rows };
}

export interface BoardFactsDeps {
  lists: ListsHost | undefined;
  /** The offline store; absent: the rows carry the department's facts alone. */
  offline: OfflineHost | undefined;
  /** Now (tests pass a fixed day). */
  now?: () => Date;
}

/** The `draftBoardFacts` operation. */
export function createBoardFactsHandlers(deps: BoardFactsDeps): Pick<BridgeHandlers, 'draftBoardFacts'> {
  const { lists } = listsAccess(deps.lists);
  return {
    draftBoardFacts: ({ ids }) =>
      run(async () => {
        const dept = await (await lists()).departmentBoardFacts(ids);
        const offline = deps.offline;
        const source = offline === undefined ? null : await offline.source().catch(() => null);
        const wanted = dept.players.filter((p) => p.source === source).map((p) => p.playerId);
        // A store that cannot answer leaves the store's columns empty, never the board.
        const lines =
          offline === undefined || wanted.length === 0 ? [] : await offline.boardLines(wanted).catch(() => []);
        const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
        return joinBoardFacts(dept, lines, source, today);
      }),
  };
}
