import { z } from 'zod';
import { BoardAddSchema, type BoardDetail, BoardSaveSchema, type DraftBoard, VersionLabelSchema } from './boards.ts';
import { IdSchema, ListNameSchema } from './lists.ts';
import {
  ReportQuerySchema,
  ReportSaveSchema,
  type ScoutingPrefs,
  ScoutingPrefsSchema,
  type ScoutingReport,
} from './reports.ts';

/**
 * Arguments and results of the scouting reports' and draft boards' bridge operations (merged into
 * shared/bridge.ts). They read and write the scouting lists' file on this computer only (store/lists/):
 * nothing of a report or a board is ever sent to the service.
 */
export const SCOUTING_ARGS = {
  /** Reports: one player's of the data in use (`playerId`), or all; searched and sorted. */
  scoutingReports: z.object({ query: ReportQuerySchema.prefault({}) }).strict(),
  /** Saves a report (a new one without `id`): a draft as the scout types, a final one when he finishes. */
  scoutingReportSave: ReportSaveSchema,
  scoutingReportDelete: z.object({ id: IdSchema }).strict(),
  /** The scout's name on exports and his "not seen enough" threshold. */
  scoutingPrefs: z.object({}).strict().default({}),
  scoutingPrefsSave: ScoutingPrefsSchema,
  /** Every draft board (this computer's first, then imported ones by scout). */
  draftBoards: z.object({}).strict().default({}),
  /** One board, its players in order and its dated versions. */
  draftBoard: z.object({ id: IdSchema }).strict(),
  draftBoardCreate: z.object({ name: ListNameSchema }).strict(),
  /** A board's whole new order after a drag or a keyboard move; its tiers; its no-interest marks. */
  draftBoardSave: BoardSaveSchema,
  /** Adds a player of the data in use to a board. */
  draftBoardAdd: BoardAddSchema,
  draftBoardDelete: z.object({ id: IdSchema }).strict(),
  /** Keeps a dated version of a board's order. */
  draftBoardVersionSave: z.object({ id: IdSchema, label: VersionLabelSchema.default('') }).strict(),
} as const;

/** Result types of the scouting reports' and boards' bridge operations. */
export interface ScoutingResults {
  scoutingReports: ScoutingReport[];
  scoutingReportSave: ScoutingReport;
  scoutingReportDelete: null;
  scoutingPrefs: ScoutingPrefs;
  scoutingPrefsSave: ScoutingPrefs;
  draftBoards: DraftBoard[];
  draftBoard: BoardDetail;
  draftBoardCreate: DraftBoard;
  draftBoardSave: BoardDetail;
  draftBoardAdd: BoardDetail;
  draftBoardDelete: null;
  draftBoardVersionSave: BoardDetail;
}
