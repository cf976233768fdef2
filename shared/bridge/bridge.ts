import { z } from 'zod';
import { type About, AboutSchema } from '../contract/about.ts';
import {
  type EndpointName,
  type EndpointRecord,
  type ItemEndpointName,
  type ListEndpointName,
  type ServiceRequest,
  ServiceRequestSchema,
} from '../contract/endpoints.ts';
import type { EndpointResponse, ItemEnvelope, ListEnvelope } from '../contract/envelope.ts';
import type { Result } from '../contract/errors.ts';
import { DEPARTMENT_ARGS, DepartmentConfigSchema, type DepartmentResults } from '../department/bridge.ts';
import { DESK_ARGS, type DeskResults } from '../department/desk-bridge.ts';
import { BOARD_FACTS_ARGS, type BoardFactsResults } from './board-facts-bridge.ts';
import type { BridgeOp } from './bridge-ops.ts';
import {
  BRIDGE_BODY_LIMIT,
  ExportId,
  ExportSpecSchema,
  type ExportStatus,
  ListExportSpecSchema,
  RowsTableSchema,
  StoreExportSpecSchema,
  withinBodyLimit,
} from './export-bridge.ts';
import { LISTS_ARGS, type ListsResults } from './lists-bridge.ts';
import { ListsRecordSchema } from './lists-safety.ts';
import { NHLE_ARGS, type NhleResults } from './nhle-bridge.ts';
import { CacheRecordSchema, OFFLINE_ARGS, type OfflineResults } from './offline-bridge.ts';
import { SCOUTING_ARGS, type ScoutingResults } from './scouting-bridge.ts';
import { PAGE_SIZES } from './settings-defaults.ts';

export * from './bridge-ops.ts';
export * from './export-bridge.ts';
export * from './settings-defaults.ts';

/**
 * The bridge between the page and the host (DESIGN.md, "The data path"): one typed
 * map of operations, from which the IPC handlers (electron/main.ts), the preload,
 * the browser shell's HTTP routes and the renderer's client are all typed. It is
 * narrow on purpose: one operation per capability, never "invoke any channel".
 *
 * Each operation has a zod schema for its argument (the host parses every argument
 * from the page, which is untrusted) and a TypeScript result type. Results travel
 * as {@link Result} values; the renderer turns errors back into exceptions.
 */

/** Where the key lives: the OS keychain, this session's memory only, nowhere, or the built-in demo key. */
export type KeySource = 'keychain' | 'session' | 'none' | 'demo';

/** What the page may know about the key: never the key itself. */
export interface KeyStatus {
  source: KeySource;
  /** Whether an OS keychain (Secret Service on Linux) answered. */
  keychainAvailable: boolean;
  /** Why the keychain is unavailable, in plain words, when it is. */
  keychainMessage?: string;
  /** Whether the service in use has a built-in key (the embedded local service): `clearKey` goes back to it. */
  builtInAvailable: boolean;
}

/**
 * A service the scout saved a key for in the OS keychain (never the key): its scope, the base URL or
 * `embedded` (the local service that ships with the app); when the key was saved (ISO 8601, null when
 * not known: a key saved by an earlier version); whether it is the service in use.
 */
export interface SavedKey {
  scope: string;
  savedAt: string | null;
  inUse: boolean;
}

/** Whether `hostname` (as `URL.hostname` gives it) is this machine: 127.0.0.0/8, `::1` or `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h === '[::1]' || h === '::1' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(h);
}

/**
 * Why a service base URL is refused, or null when it is acceptable: `https:` anywhere, `http:` only on
 * loopback (a key sent in clear over a network could be read on the way), no credentials in it.
 */
export function baseUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (u.username !== '' || u.password !== '') return 'a base URL may not carry a user name or password';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:')
    return isLoopbackHost(u.hostname) ? null : 'http is allowed only for this machine; use https';
  return 'only https (or http on this machine) is allowed';
}

/** A service base URL as the page may give it (see {@link baseUrlProblem}). */
export const BaseUrlSchema = z.string().superRefine((url, ctx) => {
  const problem = baseUrlProblem(url);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

/** User settings, kept in a JSON file in the user data folder (written atomically by the host). */
export const SettingsSchema = z.object({
  /** The service base URL ending in `/v1`; null means the embedded local service. */
  baseUrl: BaseUrlSchema.nullable(),
  /** Default rows per page in tables. */
  pageSize: z.union(PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<25>, ...z.ZodLiteral<number>[]]),
  /** The folder the last export was saved in (Electron's save dialog opens there). */
  exportDir: z.string().min(1).max(4096).optional(),
  /** That scouting lists exist and when they last changed (shared/bridge/lists-safety.ts); the host's own. */
  lists: ListsRecordSchema.nullable().optional(),
  /** The league-seasons in the offline player cache (shared/bridge/offline-bridge.ts); the host's own. */
  offline: CacheRecordSchema.nullable().optional(),
  /**
   * The scouting department this computer syncs with (shared/department/bridge.ts), never its password
   * (the OS keychain's); the host's own: written by `departmentSave` after the set-up was tried.
   */
  department: DepartmentConfigSchema.nullable().optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;
/** The settings the page may change (`updateSettings`): all but what the host records itself. */
export const PageSettingsSchema = SettingsSchema.omit({ lists: true, offline: true, department: true });

/** Where the service's data comes from (its `GET /about`): shared/contract/about.ts. */
export { type About, AboutSchema };

/**
 * What the `about` operation answers: the service's `/about`; or, while the service in use cannot be
 * reached, the last answer the host kept with the store, with `kept.reason` saying why it is not fresh
 * (the page then knows it is offline, and still shows the data's attribution).
 */
export type AboutAnswer = About & { kept?: { reason: string } };

/** Facts about the running app for the page. */
export interface AppInfo {
  version: string;
  shell: 'electron' | 'browser';
  /** The base URL in use, without any key. */
  baseUrl: string;
  /** True when connected to the embedded local service with its built-in demo key. */
  demo: boolean;
}

/**
 * The app's own local service, for the page's one notice after it stopped unexpectedly: `running`,
 * `restarting` (a new one is starting), `failed` (the restarts gave up; `message` says why), or `none`
 * when it is not the service in use (a base URL is set).
 */
export interface LocalServiceStatus {
  state: 'running' | 'restarting' | 'failed' | 'none';
  /** Times it was started again after it stopped unexpectedly, this launch. */
  restarts: number;
  /** When it last stopped unexpectedly (ISO 8601), or null. */
  lastStopAt: string | null;
  /** A plain sentence while it restarts or after it gave up, else null. */
  message: string | null;
}

/** The result of "Test connection". */
export interface ConnectionTest {
  baseUrl: string;
  latencyMs: number;
  about: About | null;
}

const Empty = z.object({}).strict().default({});

/** An API key as the scout types it: printable ASCII without spaces. */
const KeySchema = z
  .string()
  .trim()
  .min(1, 'the key is empty')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'the key has spaces or unusual characters');

/** Arguments of each bridge operation. */
export const BRIDGE_ARGS = {
  /** One GET of an allow-listed endpoint; the result is the envelope with `apiKey` stripped from links. */
  request: ServiceRequestSchema,
  keyStatus: Empty,
  /** Stores the key in the keychain (`persist: 'keychain'`) or for this session only. */
  setKey: z.object({
    key: KeySchema,
    persist: z.enum(['keychain', 'session']),
  }),
  clearKey: Empty,
  /** The services with a key in the keychain (never a key). */
  savedKeys: Empty,
  /** Removes the keychain's key of one service (`scope` as {@link SavedKey} gives it); the others stay. */
  removeSavedKey: z.object({ scope: z.string().min(1).max(4096) }).strict(),
  getSettings: Empty,
  updateSettings: PageSettingsSchema.partial(),
  appInfo: Empty,
  /** Whether the app's own local service runs, restarts or gave up (polled by the page's notice). */
  localServiceStatus: Empty,
  /** GET /about of the service in use (or of `baseUrl`, to try it before saving). */
  about: z.object({ baseUrl: BaseUrlSchema.optional() }).default({}),
  /**
   * Tries a service: one keyed `limit=1` request and its /about. `key` (typed for this test, never stored)
   * is the only key sent to a base URL other than the one in use.
   */
  testConnection: z.object({ baseUrl: BaseUrlSchema.optional(), key: KeySchema.optional() }).default({}),
  /** Opens an https link in the OS browser. */
  openExternal: z.object({ url: z.url({ protocol: /^https$/ }) }),
  ...OFFLINE_ARGS,
  ...NHLE_ARGS,
  ...LISTS_ARGS,
  ...SCOUTING_ARGS,
  ...DEPARTMENT_ARGS,
  ...DESK_ARGS,
  ...BOARD_FACTS_ARGS,
  /**
   * Starts an export of a table to CSV or XLSX: the page shown (`page`) or every record (`all`). In
   * Electron the host asks where to save first (state `cancelled` when the scout closes the dialog).
   */
  exportTable: z.object({
    spec: z.discriminatedUnion('source', [ExportSpecSchema, ListExportSpecSchema, StoreExportSpecSchema]),
    format: z.enum(['csv', 'xlsx']),
    scope: z.enum(['page', 'all']),
  }),
  /** Writes a table computed in the page to CSV or XLSX, as {@link exportTable} does (dialog, job, file). */
  exportRows: withinBodyLimit(
    z.object({ table: RowsTableSchema, format: z.enum(['csv', 'xlsx']) }).strict(),
    'the table',
    ['table'],
  ),
  exportStatus: ExportId,
  /** Stops the paging and deletes the temp file; no file is left. */
  exportCancel: ExportId,
  /** Electron: TSV and an HTML table on the clipboard at once (the browser shell uses navigator.clipboard). */
  writeClipboard: withinBodyLimit(
    z.object({ text: z.string().max(BRIDGE_BODY_LIMIT), html: z.string().max(BRIDGE_BODY_LIMIT) }).strict(),
    'the copied table',
  ),
} as const satisfies Record<BridgeOp, z.ZodType>;

/** Result types of each bridge operation. */
export interface BridgeResults extends Record<BridgeOp, unknown> {
  /** Some endpoint's answer; the page's {@link BridgeRequest} narrows it to the endpoint it named. */
  request: EndpointResponse<EndpointName>;
  keyStatus: KeyStatus;
  setKey: KeyStatus;
  clearKey: KeyStatus;
  savedKeys: SavedKey[];
  removeSavedKey: SavedKey[];
  getSettings: Settings;
  updateSettings: Settings;
  appInfo: AppInfo;
  localServiceStatus: LocalServiceStatus;
  about: AboutAnswer;
  testConnection: ConnectionTest;
  openExternal: null;
  offlineSync: OfflineResults['offlineSync'];
  offlineSyncEstimate: OfflineResults['offlineSyncEstimate'];
  offlineSyncStatus: OfflineResults['offlineSyncStatus'];
  offlineSyncCancel: OfflineResults['offlineSyncCancel'];
  offlineClear: OfflineResults['offlineClear'];
  offlineNoticeDismiss: OfflineResults['offlineNoticeDismiss'];
  offlinePlayers: OfflineResults['offlinePlayers'];
  offlinePlayer: OfflineResults['offlinePlayer'];
  offlineLeaders: OfflineResults['offlineLeaders'];
  leagueFactors: NhleResults['leagueFactors'];
  leagueFactorPin: NhleResults['leagueFactorPin'];
  leagueFactorUnpin: NhleResults['leagueFactorUnpin'];
  offlineComparables: NhleResults['offlineComparables'];
  offlineCareerArcs: NhleResults['offlineCareerArcs'];
  scoutingLists: ListsResults['scoutingLists'];
  scoutingListCreate: ListsResults['scoutingListCreate'];
  scoutingListRename: ListsResults['scoutingListRename'];
  scoutingListDelete: ListsResults['scoutingListDelete'];
  scoutingListEntries: ListsResults['scoutingListEntries'];
  scoutingListEntrySave: ListsResults['scoutingListEntrySave'];
  scoutingListEntryEdit: ListsResults['scoutingListEntryEdit'];
  scoutingListEntryRemove: ListsResults['scoutingListEntryRemove'];
  scoutingListsOfPlayer: ListsResults['scoutingListsOfPlayer'];
  scoutingListedPlayers: ListsResults['scoutingListedPlayers'];
  scoutingPlayersInUse: ListsResults['scoutingPlayersInUse'];
  scoutingListsExport: ListsResults['scoutingListsExport'];
  scoutingListsImport: ListsResults['scoutingListsImport'];
  listsSafety: ListsResults['listsSafety'];
  listsRestore: ListsResults['listsRestore'];
  listsNoticeDismiss: ListsResults['listsNoticeDismiss'];
  scoutingReports: ScoutingResults['scoutingReports'];
  scoutingReportSave: ScoutingResults['scoutingReportSave'];
  scoutingReportDelete: ScoutingResults['scoutingReportDelete'];
  scoutingPrefs: ScoutingResults['scoutingPrefs'];
  scoutingPrefsSave: ScoutingResults['scoutingPrefsSave'];
  draftBoards: ScoutingResults['draftBoards'];
  draftBoard: ScoutingResults['draftBoard'];
  draftBoardCreate: ScoutingResults['draftBoardCreate'];
  draftBoardSave: ScoutingResults['draftBoardSave'];
  draftBoardAdd: ScoutingResults['draftBoardAdd'];
  draftBoardDelete: ScoutingResults['draftBoardDelete'];
  draftBoardVersionSave: ScoutingResults['draftBoardVersionSave'];
  playerFilePdf: ScoutingResults['playerFilePdf'];
  departmentSettings: DepartmentResults['departmentSettings'];
  departmentSave: DepartmentResults['departmentSave'];
  departmentForget: DepartmentResults['departmentForget'];
  departmentStatus: DepartmentResults['departmentStatus'];
  departmentSyncNow: DepartmentResults['departmentSyncNow'];
  departmentConflicts: DepartmentResults['departmentConflicts'];
  departmentResolveConflict: DepartmentResults['departmentResolveConflict'];
  departmentReports: DepartmentResults['departmentReports'];
  departmentReportHistory: DepartmentResults['departmentReportHistory'];
  scoutingListShare: DepartmentResults['scoutingListShare'];
  departmentCoverage: DeskResults['departmentCoverage'];
  departmentAssignments: DeskResults['departmentAssignments'];
  departmentAssign: DeskResults['departmentAssign'];
  departmentEditAssignment: DeskResults['departmentEditAssignment'];
  departmentScouts: DeskResults['departmentScouts'];
  departmentThreshold: DeskResults['departmentThreshold'];
  departmentUnassign: DeskResults['departmentUnassign'];
  departmentSetThreshold: DeskResults['departmentSetThreshold'];
  departmentWhatsNew: DeskResults['departmentWhatsNew'];
  departmentMarkSeen: DeskResults['departmentMarkSeen'];
  departmentViewingLog: DeskResults['departmentViewingLog'];
  draftBoardFacts: BoardFactsResults['draftBoardFacts'];
  exportTable: ExportStatus;
  exportRows: ExportStatus;
  exportStatus: ExportStatus;
  exportCancel: ExportStatus;
  writeClipboard: null;
}

export type BridgeArgs<K extends BridgeOp> = z.input<(typeof BRIDGE_ARGS)[K]>;
export type BridgeParsedArgs<K extends BridgeOp> = z.output<(typeof BRIDGE_ARGS)[K]>;

/** One request of endpoint `E` as the page sends it: its path parameters (`{id}`, `{slug}` …) and query. */
export type EndpointRequest<E extends EndpointName> = Omit<ServiceRequest, 'endpoint'> & { endpoint: E };

/**
 * The bridge's `request`, typed by the endpoint it names: a list endpoint answers a page of its records
 * (`ListEnvelope<Team>` for `teams`), an item endpoint its one record (`ItemEnvelope<Team>` for `team`).
 * The host has validated the answer against that envelope and record schema before it crosses.
 */
export interface BridgeRequest {
  <E extends ListEndpointName>(args: EndpointRequest<E>): Promise<Result<ListEnvelope<EndpointRecord<E>>>>;
  <E extends ItemEndpointName>(args: EndpointRequest<E>): Promise<Result<ItemEnvelope<EndpointRecord<E>>>>;
  /** Any endpoint (the name known only at run time): the answer of whichever it is. */
  <E extends EndpointName>(args: EndpointRequest<E>): Promise<Result<EndpointResponse<E>>>;
}

/** The bridge operations other than `request`: each answers one result type whatever its arguments. */
export type PlainBridgeOp = Exclude<BridgeOp, 'request'>;

/** The page's view of the bridge: each operation is an async function returning a Result value. */
export type Bridge = { [K in PlainBridgeOp]: (args: BridgeArgs<K>) => Promise<Result<BridgeResults[K]>> } & {
  request: BridgeRequest;
};

/** The host's side: handlers take parsed arguments and return results or throw/return errors as values. */
export type BridgeHandlers = { [K in BridgeOp]: (args: BridgeParsedArgs<K>) => Promise<Result<BridgeResults[K]>> };
