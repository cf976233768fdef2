import { mkdir } from 'node:fs/promises';
import { type AppInfo, baseUrlProblem } from '../../shared/bridge/bridge.ts';
import { embeddedSource } from '../../shared/domain/sources.ts';
import {
  type Connection,
  createBridgeHandlers,
  createDispatcher,
  type Dispatch,
  keyRule,
  valueDispatch,
} from './bridge/handlers.ts';
import type { HostHandlers } from './bridge/host-handlers.ts';
import { defaultDataDir } from './common/paths.ts';
import { openSettings, type SettingsStore } from './common/settings.ts';
import { createDepartmentHost, type DepartmentHost } from './department/department-host.ts';
import type { SyncTimings } from './department/driver.ts';
import type { DepartmentTimeouts } from './department/transport.ts';
import {
  type EmbeddedService,
  embeddedServiceOptions,
  type ServiceStarter,
  startEmbeddedService,
} from './embedded/embedded-service.ts';
import { createExports, type ExportDeps, type Exports } from './export/export-handlers.ts';
import { openStaging } from './export/staging.ts';
import { createKeyStore, EMBEDDED_SCOPE, type KeyStore } from './keys/key-store.ts';
import { createOsKeyring, type Keyring, keychainServiceFor } from './keys/keychain.ts';
import { scoutingListPage } from './lists/handlers.ts';
import { createListsHost, type ListsHost } from './lists/lists-host.ts';
import { keptAbout } from './offline/about.ts';
import { storeExportRows } from './offline/handlers.ts';
import { createOfflineHost } from './offline/offline-host.ts';
import {
  createServiceClient,
  normaliseBaseUrl,
  type ServiceClient,
  type ServiceClientOptions,
} from './service-client/service-client.ts';

/**
 * Wires the host together, the same for Electron and the browser shell: settings, key store, the service
 * in use and the bridge handlers. The service in use is, first, `--base-url` when given (then no local
 * service runs); else the base URL saved in the settings; else the embedded local service on the demo
 * database (or `--db`).
 */

export interface HostOptions {
  shell: AppInfo['shell'];
  version: string;
  /** User data folder: settings.json, the demo database, the stores and the staging folders (staging.ts). */
  dataDir: string;
  /** `--base-url`: another service instead of the local one. */
  baseUrl?: string;
  /** `--db`: the local service on this database. */
  db?: string;
  /** `--keys`: the local service's key file. */
  keys?: string;
  /** `--rate-limit`: the local service answers 429 past this many requests per second per key. */
  rateLimit?: number;
  /** Opens a checked https URL in the OS browser. */
  openExternal(url: string): Promise<void>;
  log?: (line: string) => void;
  /** One (redacted) line per service request, from the client and the embedded service; default none. */
  requestLog?: (line: string) => void;
  /** Default: the OS keychain's entries of the data folder (keychain.ts keychainServiceFor). Tests pass a service name of their own. */
  keyring?: Keyring;
  /** The department sync's timings and timeouts (default: department/driver.ts, department/transport.ts); tests shorten them. */
  department?: { timings?: Partial<SyncTimings>; timeouts?: DepartmentTimeouts };
  client?: ServiceClientOptions;
  /** Electron's save dialog and clipboard for exports; absent: exports are served as downloads. */
  exports?: Pick<ExportDeps, 'chooseFile' | 'defaultDir' | 'writeClipboard'>;
  /** How the local service's process is started; default a Node child process (embedded-service.ts). */
  serviceStarter?: ServiceStarter;
  /**
   * The local service, already starting from {@link embeddedServiceOptions} of these options: `npm start`
   * starts it before loading the rest of the host, so that the child's boot and the host's loading
   * overlap. Ignored (and closed) when `baseUrl` is given.
   */
  embedded?: Promise<EmbeddedService>;
}

export interface Host {
  /** Every bridge call, its result as values (Electron's IPC, in-process callers). */
  dispatch: Dispatch;
  /**
   * The same calls, a service answer left as the JSON text it was checked into (json-text.ts): for the
   * browser shell, which sends it as it is and so never holds the answer as objects.
   */
  dispatchJson: Dispatch;
  handlers: HostHandlers;
  connection: Connection;
  keys: KeyStore;
  settings: SettingsStore;
  /** The local service, when one runs. */
  embedded: EmbeddedService | null;
  /** The scouting lists (their file, backups and worker). */
  lists: ListsHost;
  /** The scouting department's set-up and sync. */
  department: DepartmentHost;
  /** Exports in progress and finished downloads (browser shell). */
  exports: Exports;
  /**
   * Marks the host as shutting down, synchronously: the local service's child may end from now on
   * without being restarted or reported (service-keeper.ts `closing`). Call it as soon as a shutdown is
   * decided, before anything is awaited; {@link close} implies it.
   */
  closing(): void;
  close(): Promise<void>;
}

/** Starts the host. Rejects with a plain message when the base URL is malformed or the local service cannot start. */
export async function startHost(opts: HostOptions): Promise<Host> {
  const log = opts.log ?? (() => {});
  let cliBase: string | null = null;
  if (opts.baseUrl !== undefined) {
    void opts.embedded?.then((e) => e.close()).catch(() => {});
    const problem = baseUrlProblem(opts.baseUrl);
    cliBase = problem === null ? normaliseBaseUrl(opts.baseUrl) : null;
    if (cliBase === null) throw new Error(`--base-url ${opts.baseUrl} is refused: ${problem ?? 'not a URL'}.`);
  }
  await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });

  // The service's process starts first: its start-up overlaps with reading the settings and the keychain.
  let starting: Promise<EmbeddedService> | null = null;
  if (cliBase === null) {
    starting = opts.embedded ?? startEmbeddedService(embeddedServiceOptions(opts));
    // Observed here so a failure while settings are read is not an unhandled rejection; awaited below.
    starting.catch(() => {});
  }
  let settings: SettingsStore;
  try {
    settings = await openSettings(opts.dataDir);
  } catch (err) {
    await starting?.then((e) => e.close()).catch(() => {});
    throw err;
  }
  if (settings.notice) log(settings.notice);
  // Set once the service's process is ready (below); every use of it comes after that.
  let local: EmbeddedService | null = null;

  /** The chosen service's base URL, or null for the embedded one. */
  function chosenBaseUrl(): string | null {
    if (cliBase !== null) return cliBase;
    const saved = settings.get().baseUrl;
    // Settings say null (or something unusable): the embedded service, which runs whenever cliBase is null.
    return saved === null ? null : normaliseBaseUrl(saved);
  }
  const connection: Connection = {
    embeddedBaseUrl: () => local?.baseUrl() ?? null,
    baseUrl: () => chosenBaseUrl() ?? (local as EmbeddedService).baseUrl(),
    keyScope: () => chosenBaseUrl() ?? EMBEDDED_SCOPE,
    // The key is the local service's whatever database it serves; the data is the database's own.
    dataSource: () => chosenBaseUrl() ?? embeddedSource((local as EmbeddedService).databaseId()),
    async ensure() {
      if (local === null || chosenBaseUrl() !== null) return null;
      const problem = await local.ensure();
      return problem === null ? null : { kind: 'network', message: problem };
    },
    localService() {
      if (local === null || chosenBaseUrl() !== null) return null;
      const { state, ...rest } = local.health();
      return state === 'stopped' ? null : { state, ...rest };
    },
  };

  const keyring = opts.keyring ?? createOsKeyring(keychainServiceFor(opts.dataDir, defaultDataDir()));
  const keys = createKeyStore({
    keyring,
    scope: connection.keyScope,
    demoKey: () => (local !== null && chosenBaseUrl() === null ? local.demoKey() : null),
  });
  // The keychain read (a D-Bus round trip on Linux) and the sweep of staging folders a killed run left
  // behind overlap with the service's start-up.
  const [embedded, , stagingDir] = await Promise.all([
    starting,
    keys.init(),
    openStaging({ dataDir: opts.dataDir, log }),
  ]);
  local = embedded;

  const clientOpts: ServiceClientOptions = { ...opts.client };
  if (opts.requestLog !== undefined) clientOpts.log = opts.requestLog;
  // Requests addressed to a child of the local service that has stopped go to the one that replaced it.
  if (embedded !== null) clientOpts.route = (target, hint) => embedded.route(target, hint);
  const client = createServiceClient(clientOpts);
  const { offline, lists, department, handlers, dispatch, dispatchJson, exportsApi } = buildParts(opts, {
    settings,
    keys,
    keyring,
    connection,
    client,
    log,
    stagingDir,
  });

  return {
    dispatch,
    dispatchJson,
    handlers,
    connection,
    keys,
    settings,
    embedded,
    lists,
    department,
    exports: exportsApi,
    closing: () => embedded?.closing(),
    async close() {
      embedded?.closing();
      // The sync's round ends before the lists it writes to close.
      await department.close();
      await lists.close();
      await offline.close();
      await exportsApi.close();
      await embedded?.close();
    },
  };
}

/** What {@link buildParts} builds the host's parts on. */
interface PartDeps {
  settings: SettingsStore;
  keys: KeyStore;
  keyring: Keyring;
  connection: Connection;
  client: ServiceClient;
  log: (line: string) => void;
  /** This host's staging folder (staging.ts): the browser shell's downloads wait there. */
  stagingDir: string;
}

/**
 * The host's parts over the service client: the offline player cache, the scouting lists (opened at once,
 * so a damaged file is restored and its notice ready before the page first asks), the department's sync
 * (started at once when one is set up), the kept `/about`, the exports and every bridge handler with its
 * dispatcher.
 */
function buildParts(opts: HostOptions, deps: PartDeps) {
  const { settings, keys, connection, client, log, stagingDir } = deps;
  const keyFor = keyRule(connection, keys);
  const lists = createListsHost({ dataDir: opts.dataDir, settings, source: () => connection.dataSource(), log });
  lists.client().catch((err: unknown) => log(`lists: ${err instanceof Error ? err.message : err}`));
  // The department syncs from the start, and shortly after each change of the scout's.
  const department = createDepartmentHost({ settings, keyring: deps.keyring, lists, log, ...opts.department });
  lists.onChanged(() => department.changed());
  void department.start();
  const offline = createOfflineHost({
    dataDir: opts.dataDir,
    // NHLe uses the league factors the scout pinned, kept with his lists.
    pins: async () => (await lists.client()).pinnedFactors(),
    client,
    settings,
    source: () => connection.dataSource(),
    service: () => ({
      baseUrl: connection.baseUrl(),
      apiKey: keyFor(connection.baseUrl()),
      source: connection.dataSource(),
    }),
  });
  // Opened now too: a damaged cache is found, discarded and downloaded again at launch.
  offline.store().catch((err: unknown) => log(`offline store: ${err instanceof Error ? err.message : err}`));
  const about = keptAbout({
    client,
    offline,
    inUse: () => ({ baseUrl: connection.baseUrl(), source: connection.dataSource() }),
  });
  let exports: Exports | null = null;
  const exportsFor = (keyFor: (base: string) => string | null) => {
    exports = createExports({
      client,
      settings,
      baseUrl: () => connection.baseUrl(),
      keyFor,
      downloadDir: stagingDir,
      scoutingListPage: scoutingListPage(lists),
      storeRows: storeExportRows(offline),
      about: about.get,
      ...opts.exports,
    });
    return exports.handlers;
  };
  const handlers = createBridgeHandlers({
    offline,
    lists,
    department,
    // The exports are built just below, synchronously, before any operation can run.
    saveText: (context, text) =>
      (exports as Exports | null)?.saveText(context, text) ?? Promise.reject(new Error('no exports')),
    saveFile: (context, data, ext) =>
      (exports as Exports | null)?.saveFile(context, data, ext) ?? Promise.reject(new Error('no exports')),
    about,
    exports: exportsFor,
    client,
    keys,
    settings,
    connection,
    shell: opts.shell,
    version: opts.version,
    openExternal: opts.openExternal,
    log,
  });
  const dispatchJson = createDispatcher(handlers, log);
  // createBridgeHandlers built the exports through exportsFor, synchronously.
  const exportsApi = exports as Exports | null;
  if (exportsApi === null) throw new Error('The export operations were not built.');

  return { offline, lists, department, handlers, dispatch: valueDispatch(dispatchJson), dispatchJson, exportsApi };
}
