/**
 * The names of the bridge operations and how each is addressed, with no dependency at all, so the
 * sandboxed preload and the page can import it without bundling zod. `shared/bridge/bridge.ts` types each
 * operation (arguments and results) and checks that it covers exactly these names.
 */
export const BRIDGE_OPS = [
  'request',
  'keyStatus',
  'setKey',
  'clearKey',
  'savedKeys',
  'removeSavedKey',
  'getSettings',
  'updateSettings',
  'appInfo',
  'localServiceStatus',
  'about',
  'testConnection',
  'openExternal',
  'offlineSync',
  'offlineSyncEstimate',
  'offlineSyncStatus',
  'offlineSyncCancel',
  'offlineClear',
  'offlineNoticeDismiss',
  'offlinePlayers',
  'offlinePlayer',
  'offlineLeaders',
  'leagueFactors',
  'leagueFactorPin',
  'leagueFactorUnpin',
  'offlineComparables',
  'offlineCareerArcs',
  'scoutingLists',
  'scoutingListCreate',
  'scoutingListRename',
  'scoutingListDelete',
  'scoutingListEntries',
  'scoutingListEntrySave',
  'scoutingListEntryEdit',
  'scoutingListEntryRemove',
  'scoutingListsOfPlayer',
  'scoutingListedPlayers',
  'scoutingPlayersInUse',
  'scoutingListsExport',
  'scoutingListsImport',
  'listsSafety',
  'listsRestore',
  'listsNoticeDismiss',
  'scoutingReports',
  'scoutingReportSave',
  'scoutingReportDelete',
  'scoutingPrefs',
  'scoutingPrefsSave',
  'draftBoards',
  'draftBoard',
  'draftBoardCreate',
  'draftBoardSave',
  'draftBoardAdd',
  'draftBoardDelete',
  'draftBoardVersionSave',
  'playerFilePdf',
  'departmentSettings',
  'departmentSave',
  'departmentForget',
  'departmentStatus',
  'departmentSyncNow',
  'departmentConflicts',
  'departmentResolveConflict',
  'departmentReports',
  'departmentReportHistory',
  'scoutingListShare',
  'departmentCoverage',
  'departmentAssignments',
  'departmentAssign',
  'departmentEditAssignment',
  'departmentScouts',
  'departmentThreshold',
  'departmentUnassign',
  'departmentSetThreshold',
  'departmentWhatsNew',
  'departmentMarkSeen',
  'departmentViewingLog',
  'draftBoardFacts',
  'exportTable',
  'exportRows',
  'exportStatus',
  'exportCancel',
  'writeClipboard',
] as const;
export type BridgeOp = (typeof BRIDGE_OPS)[number];

/** The IPC channel of an operation, derived so no channel string is written twice. */
export function bridgeChannel(op: BridgeOp): string {
  return `rinkside:${op}`;
}

/** The browser shell's HTTP route of an operation (POST, JSON body, per-launch token header). */
export function bridgeRoute(op: BridgeOp): string {
  return `/bridge/${op}`;
}

/** Header that carries the browser shell's per-launch token. */
export const BRIDGE_TOKEN_HEADER = 'x-rinkside-token';

/** The global name under which the preload exposes the bridge (`window.rinkside`). */
export const BRIDGE_GLOBAL = 'rinkside';

/** The browser shell's GET route of a finished export's file (per-launch token header required). */
export function exportDownloadRoute(id: string): string {
  return `/export/${id}`;
}
