import { z } from 'zod';
import {
  BoardAddSchema,
  type BoardDetail,
  BoardKindSchema,
  BoardSaveSchema,
  type DraftBoard,
  VersionLabelSchema,
} from '../domain/boards.ts';
import { IdSchema, ListNameSchema } from '../domain/lists.ts';
import {
  ReportQuerySchema,
  ReportSaveSchema,
  type ScoutingPrefs,
  ScoutingPrefsSchema,
  type ScoutingReport,
} from '../domain/reports.ts';
import type { ExportStatus } from './export-bridge.ts';

/** One season line of the player's career in a PDF file, as the player page shows it (regular season). */
const PdfSeasonSchema = z
  .object({
    season: z.string().max(9),
    team: z.string().max(120),
    league: z.string().max(40),
    GP: z.number().nullable(),
    G: z.number().nullable(),
    A: z.number().nullable(),
    PTS: z.number().nullable(),
    W: z.number().nullable(),
    GAA: z.number().nullable(),
    SVP: z.number().nullable(),
  })
  .strict();

/**
 * What the page sends for a player's PDF file: who he is and his bio facts as the page shows them, his
 * career's regular seasons (newest first), whether he is a goalie, and his latest season's NHLe in words. His reports and grades the host
 * reads from the lists itself.
 */
export const PlayerPdfSchema = z
  .object({
    playerId: IdSchema,
    name: z.string().trim().min(1).max(200),
    goalie: z.boolean(),
    facts: z.array(z.tuple([z.string().max(40), z.string().max(200)])).max(12),
    career: z.array(PdfSeasonSchema).max(80),
    /** His latest season's NHLe as the page's file shows it (`1.15 PTS/GP · 94 over 82 games …`); null: no factor. */
    nhle: z.string().trim().max(200).nullable().default(null),
  })
  .strict();
export type PlayerPdf = z.output<typeof PlayerPdfSchema>;

/**
 * Arguments and results of the scouting reports' and draft boards' bridge operations (merged into
 * shared/bridge/bridge.ts). They read and write the scouting lists' file on this computer only (store/lists/):
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
  /**
   * Makes a board: the scout's own, or (`kind: 'department'`, a director only) the department's; when the
   * department has its board already, that one is answered (one department board per department).
   */
  draftBoardCreate: z.object({ name: ListNameSchema, kind: BoardKindSchema.default('scout') }).strict(),
  /** A board's whole new order after a drag or a keyboard move; its tiers; its no-interest marks. */
  draftBoardSave: BoardSaveSchema,
  /** Adds a player of the data in use to a board. */
  draftBoardAdd: BoardAddSchema,
  draftBoardDelete: z.object({ id: IdSchema }).strict(),
  /** Keeps a dated version of a board's order. */
  draftBoardVersionSave: z.object({ id: IdSchema, label: VersionLabelSchema.default('') }).strict(),
  /** Writes the player's file as a PDF for a director (bio, career, grades, the last reports), saved like an export. */
  playerFilePdf: PlayerPdfSchema,
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
  playerFilePdf: ExportStatus;
}
