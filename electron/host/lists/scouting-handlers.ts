import type { BridgeHandlers, ExportStatus } from '../../../shared/bridge/bridge.ts';
import type { ScoutingResults } from '../../../shared/bridge/scouting-bridge.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import { summarizeReports } from '../../../shared/domain/reports.ts';
import { listsAccess, run } from './handlers.ts';
import type { ListsHost } from './lists-host.ts';
import { playerPdf } from './player-pdf.ts';

/**
 * The scouting reports' and draft boards' bridge operations (shared/bridge/scouting-bridge.ts), answered by the
 * lists' worker (store/lists/reports.ts, boards.ts), whose errors become the page's error values as the
 * lists' do (handlers.ts `run`: bad input a `bad-request` naming the field, a missing board `not-found`,
 * a refused write its plain sentence). The host adds the data in use's source to what the page sends.
 */
export type ScoutingOp = keyof ScoutingResults;

export interface ScoutingHandlerDeps {
  lists: ListsHost | undefined;
  /** Saves a document made here as exports are saved (export/export-handlers.ts `saveFile`); absent: refused. */
  saveFile?: (context: Record<string, string>, data: Uint8Array, ext: 'pdf') => Promise<Result<ExportStatus>>;
  /** The attribution the data in use requires on a file made of it (the Hockey Databank's); absent or undefined: none. */
  attribution?: () => Promise<string | undefined>;
}

export function createScoutingHandlers(deps: ScoutingHandlerDeps): Pick<BridgeHandlers, ScoutingOp> {
  const { host, lists, write, nothing } = listsAccess(deps.lists);
  return {
    scoutingReports: ({ query }) => run(async () => (await lists()).reports(query, host().source())),
    scoutingReportSave: (report) => write(async () => (await lists()).saveReport(report, host().source())),
    scoutingReportDelete: ({ id }) => write(async () => (await lists()).deleteReport(id).then(nothing)),
    scoutingPrefs: () => run(async () => (await lists()).scoutingPrefs()),
    scoutingPrefsSave: (prefs) => write(async () => (await lists()).setScoutingPrefs(prefs)),
    draftBoards: () => run(async () => (await lists()).boards()),
    draftBoard: ({ id }) => run(async () => (await lists()).board(id)),
    draftBoardCreate: ({ name, kind }) => write(async () => (await lists()).createBoard(name, kind)),
    draftBoardSave: (save) => write(async () => (await lists()).saveBoard(save)),
    draftBoardAdd: (add) => write(async () => (await lists()).addToBoard(add, host().source())),
    draftBoardDelete: ({ id }) => write(async () => (await lists()).deleteBoard(id).then(nothing)),
    draftBoardVersionSave: ({ id, label }) => write(async () => (await lists()).saveBoardVersion(id, label)),
    async playerFilePdf(input) {
      const made = await run(async () => {
        const l = await lists();
        const reports = await l.reports({ playerId: input.playerId }, host().source());
        const prefs = await l.scoutingPrefs();
        const attribution = await deps.attribution?.();
        return playerPdf(input, reports, summarizeReports(reports, prefs.minViewings), new Date(), attribution);
      });
      if (!made.ok) return made;
      if (deps.saveFile === undefined)
        return run(() => Promise.reject(new Error('files cannot be saved in this shell.')));
      return deps.saveFile({ view: 'player file', list: input.name }, made.value, 'pdf');
    },
  };
}
