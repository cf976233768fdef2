import { z } from 'zod';
import {
  type AppInfo,
  BRIDGE_ARGS,
  type BridgeOp,
  type ConnectionTest,
  type ExportStatus,
  type LocalServiceStatus,
} from '../../../shared/bridge/bridge.ts';
import { databankAttribution } from '../../../shared/contract/about.ts';
import { ENDPOINTS, type PathParamName, pathParamProblem } from '../../../shared/contract/endpoints.ts';
import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import { withValue } from '../common/json-text.ts';
import type { SettingsStore } from '../common/settings.ts';
import type { DepartmentHost } from '../department/department-host.ts';
import { createDeskHandlers } from '../department/desk-handlers.ts';
import { createDepartmentHandlers } from '../department/handlers.ts';
import { type ExportHandlers, unavailableExports } from '../export/export-handlers.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { createBoardFactsHandlers } from '../lists/board-facts.ts';
import { createListHandlers } from '../lists/handlers.ts';
import type { ListsHost } from '../lists/lists-host.ts';
import { createScoutingHandlers } from '../lists/scouting-handlers.ts';
import type { KeptAbout } from '../offline/about.ts';
import { createOfflineHandlers } from '../offline/handlers.ts';
import type { OfflineHost } from '../offline/offline-host.ts';
import { normaliseBaseUrl, type ServiceClient } from '../service-client/service-client.ts';
import { isSafeExternalUrl } from '../shell/security.ts';
import type { HostHandlers } from './host-handlers.ts';

/**
 * The host's implementation of every bridge operation (shared/bridge/bridge.ts), shared by Electron's IPC and
 * the browser shell's HTTP routes, plus {@link createDispatcher}, the one entry point for arguments that
 * come from the page: it validates them with the operation's zod schema (unknown keys refused) before any
 * handler runs.
 */

/** Which service the app talks to, decided by app.ts from the command line, the settings and the embedded service. */
export interface Connection {
  /** The base URL in use now (ends in `/v1`, no trailing slash, never a key). */
  baseUrl(): string;
  /** The embedded local service's base URL now, or null when none runs (`--base-url`). */
  embeddedBaseUrl(): string | null;
  /** The service the scout's key is bound to: the chosen base URL, or `embedded` (key-store.ts). */
  keyScope(): string;
  /**
   * Where the data comes from, as the offline store and the scouting lists keep it apart
   * (shared/domain/sources.ts): the chosen base URL, or `embedded:<databaseId>` for the local service's database.
   */
  dataSource(): string;
  /**
   * Makes sure the service in use runs (restarts the embedded one after a crash); a `network` error when
   * it cannot. Absent: nothing to ensure.
   */
  ensure?(): Promise<ServiceError | null>;
  /** The app's own local service's state; null (or absent) when none is the service in use. */
  localService?(): LocalServiceStatus | null;
}

const NO_LOCAL_SERVICE: LocalServiceStatus = { state: 'none', restarts: 0, lastStopAt: null, message: null };

export interface HandlerDeps {
  client: ServiceClient;
  keys: KeyStore;
  settings: SettingsStore;
  connection: Connection;
  shell: AppInfo['shell'];
  version: string;
  /** Opens an https URL already checked by {@link isSafeExternalUrl} in the OS browser. */
  openExternal(url: string): Promise<void>;
  /** Redacted diagnostics. */
  log?: (line: string) => void;
  /** The offline player store (store/, through electron/host/offline); absent: its operations answer an error. */
  offline?: OfflineHost;
  /** The scouting lists (store/lists/, through electron/host/lists); absent: their operations answer an error. */
  lists?: ListsHost;
  /** The scouting department's set-up and sync (electron/host/department); absent: its operations answer an error. */
  department?: DepartmentHost;
  /** Saves a file of the lists as exports are saved (export/export-handlers.ts `saveText`); absent: refused. */
  saveText?: (context: Record<string, string>, text: string) => Promise<Result<ExportStatus>>;
  /** Saves a document made in the host (a player's PDF file) as exports are saved; absent: refused. */
  saveFile?: (context: Record<string, string>, data: Uint8Array, ext: 'pdf') => Promise<Result<ExportStatus>>;
  /** `/about` kept with the store (offline/about.ts), answered while the service is down; default: the client's. */
  about?: KeptAbout;
  /** The export operations (export/export-handlers.ts), given the key rule below; default: unavailable. */
  exports?: (keyFor: (base: string) => string | null) => ExportHandlers;
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = (error: ServiceError): { ok: false; error: ServiceError } => ({ ok: false, error });
const badRequest = (message: string, parameter?: string): { ok: false; error: ServiceError } =>
  fail(
    parameter === undefined
      ? { kind: 'bad-request', status: 400, message }
      : { kind: 'bad-request', status: 400, message, parameter },
  );

/**
 * The key to send to `base`: the key in use goes only to the service in use (the key store binds it to
 * that service), and the demo key only to the embedded service it belongs to. Any other base URL gets no key.
 */
export function keyRule(connection: Connection, keys: KeyStore): (base: string) => string | null {
  return (base) => {
    if (normaliseBaseUrl(base) !== connection.baseUrl()) return null;
    const k = keys.currentKey();
    if (k.source === 'demo' && normaliseBaseUrl(base) !== connection.embeddedBaseUrl()) return null;
    return k.key;
  };
}

/**
 * The operations of the data on this computer: the offline player cache (its download goes to the
 * service in use with the key `keyFor` gives it) and the scouting lists, each given the data in use's source.
 */
function storeHandlers(deps: HandlerDeps, keyFor: (base: string) => string | null) {
  const { connection } = deps;
  return {
    ...createOfflineHandlers({
      offline: deps.offline,
      // One source per embedded database, whatever port the local service has this launch.
      service: () => ({
        baseUrl: connection.baseUrl(),
        apiKey: keyFor(connection.baseUrl()),
        source: connection.dataSource(),
      }),
    }),
    ...createListHandlers({
      lists: deps.lists,
      app: `Rinkside ${deps.version}`,
      ...(deps.saveText ? { saveText: deps.saveText } : {}),
    }),
    ...createScoutingHandlers({
      lists: deps.lists,
      ...(deps.saveFile ? { saveFile: deps.saveFile } : {}),
      // A player's file of Databank data carries its attribution, as an export's About sheet does.
      attribution: async () => {
        const base = connection.baseUrl();
        const about = await (deps.about ? deps.about.get(base) : deps.client.about(base));
        return databankAttribution(about.ok ? about.value : null);
      },
    }),
    ...createDepartmentHandlers({ department: deps.department, lists: deps.lists }),
    ...createDeskHandlers(deps.lists),
    ...createBoardFactsHandlers({ lists: deps.lists, offline: deps.offline }),
  };
}

/** Builds the handlers. Each one resolves to a Result and never rejects on a service failure. */
export function createBridgeHandlers(deps: HandlerDeps): HostHandlers {
  const { client, keys, settings, connection } = deps;

  const keyFor = keyRule(connection, keys);

  function isDemo(): boolean {
    const embedded = connection.embeddedBaseUrl();
    return embedded !== null && connection.baseUrl() === embedded && keys.currentKey().source === 'demo';
  }

  /** One keyed, smallest-possible list request: it proves reachability and the key together. */
  function probe(base: string, key: string | null) {
    return client.request(base, { endpoint: 'teams', path: {}, query: { limit: '1' } }, key);
  }

  /** The error to answer when the service in use is down and cannot be restarted, else null. */
  async function down(): Promise<{ ok: false; error: ServiceError } | null> {
    const problem = (await connection.ensure?.()) ?? null;
    return problem === null ? null : fail(problem);
  }

  return {
    ...storeHandlers(deps, keyFor),
    async request(args) {
      const stopped = await down();
      if (stopped) return stopped;
      const base = connection.baseUrl();
      return client.requestJson(base, args, keyFor(base));
    },
    async keyStatus() {
      return ok(keys.status());
    },
    async setKey(args) {
      const stopped = await down();
      if (stopped) return stopped;
      // Tried before it is stored: a refused key or an unreachable service leaves the stored key as it was.
      const tried = await probe(connection.baseUrl(), args.key);
      if (!tried.ok) {
        const e = tried.error;
        // A refused key answers with the service's own reason (its 401 `message`, keys already redacted
        // by the client), so the page can say why; the page says that nothing was stored.
        if (e.kind === 'unauthorized') return fail(e);
        if (e.kind === 'network' || e.kind === 'timeout') {
          return fail({ ...e, message: `${e.message} The key could not be tried, so it was not stored.` });
        }
      }
      return keys.setKey(args.key, args.persist);
    },
    async clearKey() {
      return keys.clearKey();
    },
    savedKeys: () => keys.savedKeys(),
    removeSavedKey: (args) => keys.removeSavedKey(args.scope),
    async getSettings() {
      return ok(settings.get());
    },
    async updateSettings(patch) {
      const next = await settings.update(patch);
      // Another service: its own saved key (if any) is read before the page's next request.
      await keys.load();
      return ok(next);
    },
    async appInfo() {
      return ok({ version: deps.version, shell: deps.shell, baseUrl: connection.baseUrl(), demo: isDemo() });
    },
    async localServiceStatus() {
      return ok(connection.localService?.() ?? NO_LOCAL_SERVICE);
    },
    async about(args) {
      if (args.baseUrl === undefined) {
        const stopped = await down();
        // The service in use is down: the answer it last gave, kept with the store, stands in for it.
        if (stopped) return (await deps.about?.kept(stopped.error.message)) ?? stopped;
      }
      const base = args.baseUrl ?? connection.baseUrl();
      return deps.about ? deps.about.get(base) : client.about(base);
    },
    async testConnection(args) {
      if (args.baseUrl === undefined) {
        const stopped = await down();
        if (stopped) return stopped;
      }
      const base = normaliseBaseUrl(args.baseUrl ?? connection.baseUrl());
      if (base === null) return badRequest('Invalid base URL.', 'baseUrl');
      // A key typed for this test is the only key another service may receive.
      const started = performance.now();
      const tried = await probe(base, args.key ?? keyFor(base));
      const latencyMs = Math.round(performance.now() - started);
      if (!tried.ok) return tried;
      const about = await client.about(base);
      const value: ConnectionTest = { baseUrl: base, latencyMs, about: about.ok ? about.value : null };
      return ok(value);
    },
    async openExternal(args) {
      if (!isSafeExternalUrl(args.url)) return badRequest('Only https links to other sites can be opened.', 'url');
      await deps.openExternal(args.url);
      return ok(null);
    },
    ...(deps.exports?.(keyFor) ?? unavailableExports()),
  };
}

/** The shape of each op's argument object, for refusing unknown keys (zod objects strip them silently). */
function knownKeys(schema: z.ZodType): Set<string> | null {
  if (schema instanceof z.ZodDefault) return knownKeys(schema.def.innerType as z.ZodType);
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  return null;
}

function describeIssue(issue: z.core.$ZodIssue): { message: string; parameter: string } {
  const parameter = issue.path.map(String).join('.') || 'arguments';
  return { message: `Invalid ${parameter}: ${issue.message}`, parameter };
}

/**
 * Validates untrusted arguments of `op` (from IPC or HTTP) and runs its handler. A service answer may come
 * back as a {@link JsonText} (see {@link HostHandlers}); `withValue` (json-text.ts) reads it.
 */
export type Dispatch = (op: string, rawArgs: unknown) => Promise<Result<unknown>>;

/** `dispatch` with a {@link JsonText} result read into its value: the bridge as Electron's IPC and in-process callers need it. */
export function valueDispatch(dispatch: Dispatch): Dispatch {
  return async (op, rawArgs) => withValue(await dispatch(op, rawArgs));
}

/**
 * Creates the dispatcher over `handlers`: unknown op → bad-request `op`; arguments that fail the op's
 * schema, carry unknown keys, or (for `request`) path parameters the endpoint does not have →
 * bad-request naming the parameter. A handler that throws becomes a `server` error without its details.
 */
export function createDispatcher(handlers: HostHandlers, log: (line: string) => void = () => {}): Dispatch {
  return async (op, rawArgs) => {
    if (typeof op !== 'string' || !Object.hasOwn(BRIDGE_ARGS, op)) return badRequest('Unknown operation.', 'op');
    const name = op as BridgeOp;
    const schema = BRIDGE_ARGS[name] as z.ZodType;
    const raw = rawArgs === null ? undefined : rawArgs;

    const keysAllowed = knownKeys(schema);
    if (keysAllowed && raw !== undefined && typeof raw === 'object' && !Array.isArray(raw)) {
      const extra = Object.keys(raw as object).filter((k) => !keysAllowed.has(k));
      if (extra.length > 0) return badRequest(`Unknown parameter ${extra[0]}.`, extra[0]);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const d = first ? describeIssue(first) : { message: 'Invalid arguments.', parameter: 'arguments' };
      return badRequest(d.message, d.parameter);
    }
    if (name === 'request') {
      const req = parsed.data as z.output<typeof BRIDGE_ARGS.request>;
      const expected: readonly PathParamName[] = ENDPOINTS[req.endpoint].params;
      const extra = Object.keys(req.path).find((p) => !(expected as readonly string[]).includes(p));
      if (extra !== undefined) return badRequest(`Unknown path parameter ${extra}.`, `path.${extra}`);
      const problem = pathParamProblem(req.endpoint, req.path);
      if (problem !== null)
        return badRequest(`Invalid path.${problem.name}: ${problem.message}`, `path.${problem.name}`);
    }
    try {
      const handler = handlers[name] as (args: unknown) => Promise<Result<unknown>>;
      return await handler(parsed.data);
    } catch (err) {
      log(`bridge ${name} failed: ${err instanceof Error ? err.name : 'error'}`);
      return fail({ kind: 'server', status: 500, message: 'The app could not complete this action.' });
    }
  };
}
