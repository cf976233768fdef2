import type { Method } from '../common/rpc/protocol.ts';
import type { ListsApi } from './api.ts';
import type { ListsRecord } from './safety/opening.ts';

/** The lists worker's calls (worker.ts answers them, client.ts makes them), over store/rpc's protocol. */
export type ListsMethod = Method<ListsApi>;

/** Every call the lists worker answers, in one list (checked against {@link ListsApi} both ways). */
export const LISTS_METHODS = [
  'lists',
  'createList',
  'renameList',
  'setListShared',
  'deleteList',
  'listEntries',
  'saveEntry',
  'editEntry',
  'removeEntry',
  'listsOfPlayer',
  'listedPlayers',
  'playersInUse',
  'pinnedFactors',
  'pinFactor',
  'unpinFactor',
  'bindLegacySource',
  'reports',
  'saveReport',
  'deleteReport',
  'scoutingPrefs',
  'setScoutingPrefs',
  'boards',
  'board',
  'createBoard',
  'saveBoard',
  'addToBoard',
  'deleteBoard',
  'saveBoardVersion',
  'exportLists',
  'importLists',
  'safety',
  'dismissNotice',
  'backupNow',
  'restoreBackup',
  'departmentConfigure',
  'departmentStatus',
  'departmentOutbox',
  'departmentAcknowledge',
  'departmentApply',
  'departmentRecordSync',
  'departmentConflicts',
  'departmentResolveConflict',
  'departmentResolutions',
  'departmentResolutionsSent',
  'departmentOwnRevs',
  'departmentResend',
  'departmentReportHistory',
  'departmentPlayerReports',
  'departmentAssignments',
  'departmentAssign',
  'departmentUnassign',
  'departmentEditAssignment',
  'departmentScouts',
  'departmentSetRoster',
  'departmentThreshold',
  'departmentSetThreshold',
  'departmentCoverage',
  'departmentCoverageJson',
  'departmentBoardFacts',
  'departmentWhatsNew',
  'departmentMarkSeen',
  'departmentViewingLog',
] as const satisfies readonly ListsMethod[];

/** A call of {@link ListsApi} missing from {@link LISTS_METHODS} makes this a type error. */
const everyMethodListed: Exclude<ListsMethod, (typeof LISTS_METHODS)[number]> extends never ? true : never = true;
void everyMethodListed;

/** The lists worker's `workerData`. */
export interface ListsWorkerData {
  /** The lists file (created when absent and no lists existed). */
  file: string;
  /** Its backups folder (created when absent). */
  backupsDir: string;
  /** The player cache's file: read for the players' latest stats, and the earlier version's lists. */
  cacheFile: string;
  /** What the settings file says of the lists, or null when it says nothing (no lists yet, or an older version). */
  record: ListsRecord | null;
  /** Backup timing in ms (tests pass short ones); default store/lists/safety/scheduler.ts's. */
  backupDelayMs?: number;
  backupMaxDelayMs?: number;
}
