import type { Bridge, BridgeArgs, BridgeResults, EndpointRequest, PlainBridgeOp } from '../../shared/bridge/bridge.ts';
import {
  BRIDGE_GLOBAL,
  BRIDGE_OPS,
  BRIDGE_TOKEN_HEADER,
  type BridgeOp,
  bridgeRoute,
} from '../../shared/bridge/bridge-ops.ts';
import type {
  EndpointName,
  EndpointRecord,
  ItemEndpointName,
  ListEndpointName,
} from '../../shared/contract/endpoints.ts';
import type { EndpointResponse, ItemEnvelope, ListEnvelope } from '../../shared/contract/envelope.ts';
import { type Result, type ServiceError, ServiceErrorException } from '../../shared/contract/errors.ts';

/**
 * The page's side of the bridge (DESIGN.md, "The data path"). In Electron the
 * preload exposes `window.rinkside`; in the browser shell each operation is a
 * `POST bridgeRoute(op)` on the page's own origin with the per-launch token from
 * `<meta name="rinkside-bridge-token">`. Both are typed from `shared/bridge/bridge.ts`
 * and both return Result values, which {@link call} turns into thrown
 * {@link ServiceErrorException}s for TanStack Query.
 */

declare global {
  interface Window {
    [BRIDGE_GLOBAL]?: Bridge;
  }
}

/** The meta tag the browser shell writes its per-launch token into. */
export const BRIDGE_TOKEN_META = 'rinkside-bridge-token';

function isResult(value: unknown): value is Result<unknown> {
  if (value === null || typeof value !== 'object' || !('ok' in value)) return false;
  return value.ok === true ? 'value' in value : value.ok === false && 'error' in value;
}

/** One bridge operation over HTTP (browser shell). Never throws: failures become `network`/`invalid-response` values. */
async function postOp(op: BridgeOp, args: unknown, token: string): Promise<Result<unknown>> {
  let response: Response;
  try {
    response = await fetch(bridgeRoute(op), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token },
      body: JSON.stringify(args ?? {}),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, error: { kind: 'network', message: 'The Rinkside app shell is not answering.' } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {
      ok: false,
      error: { kind: 'invalid-response', message: `The app shell answered ${response.status} without JSON.` },
    };
  }
  if (!isResult(body)) {
    return { ok: false, error: { kind: 'invalid-response', message: 'The app shell answered with an unknown shape.' } };
  }
  return body;
}

/** Builds the HTTP bridge from the operation list, so no operation name is written here. */
export function createHttpBridge(token: string): Bridge {
  return Object.fromEntries(BRIDGE_OPS.map((op) => [op, (args: unknown) => postOp(op, args, token)])) as Bridge;
}

/** A bridge that fails every call: no preload and no token (e.g. the page opened from a file by hand). */
function createMissingBridge(): Bridge {
  const error: ServiceError = {
    kind: 'network',
    message: 'Rinkside is not connected to its host. Start it with `npm start` and use the address it prints.',
  };
  const fail = async (): Promise<Result<never>> => ({ ok: false, error });
  return Object.fromEntries(BRIDGE_OPS.map((op) => [op, fail])) as unknown as Bridge;
}

let current: Bridge | undefined;

/** The bridge of this page: the preload's when present, else the browser shell's. */
export function getBridge(): Bridge {
  if (current) return current;
  const exposed = typeof window !== 'undefined' ? window[BRIDGE_GLOBAL] : undefined;
  if (exposed) {
    current = exposed;
  } else {
    const token = document.querySelector<HTMLMetaElement>(`meta[name="${BRIDGE_TOKEN_META}"]`)?.content;
    current = token ? createHttpBridge(token) : createMissingBridge();
  }
  return current;
}

/** Replaces the bridge (tests run the renderer against a real host started by the test). */
export function setBridge(bridge: Bridge | undefined): void {
  current = bridge;
}

/** The value of a Result. @throws ServiceErrorException carrying the {@link ServiceError} on `{ok: false}`. */
function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new ServiceErrorException(result.error);
  return result.value;
}

/**
 * Calls one bridge operation (other than `request`, see {@link request}) and unwraps its Result.
 * @throws ServiceErrorException carrying the {@link ServiceError} value on `{ok: false}`.
 */
export async function call<K extends PlainBridgeOp>(op: K, args: BridgeArgs<K>): Promise<BridgeResults[K]> {
  // An indexed access on a generic K widens to the union of every operation's function; this is the same
  // function, named by K (the Bridge type maps each operation to its own arguments and result).
  const fn = getBridge()[op] as (a: BridgeArgs<K>) => Promise<Result<BridgeResults[K]>>;
  return unwrap(await fn(args));
}

/**
 * One GET of an allow-listed endpoint, answered with that endpoint's own envelope and records
 * (`ListEnvelope<Team>` for `teams`, `ItemEnvelope<Team>` for `team`), as the host validated them.
 * @throws ServiceErrorException carrying the {@link ServiceError} value on `{ok: false}`.
 */
export function request<E extends ListEndpointName>(args: EndpointRequest<E>): Promise<ListEnvelope<EndpointRecord<E>>>;
export function request<E extends ItemEndpointName>(args: EndpointRequest<E>): Promise<ItemEnvelope<EndpointRecord<E>>>;
export async function request(args: EndpointRequest<EndpointName>): Promise<EndpointResponse<EndpointName>> {
  return unwrap(await getBridge().request(args));
}

/** The {@link ServiceError} inside a thrown value, or an `invalid-response`-like stand-in for bugs. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceErrorException) return error.error;
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'invalid-response', message };
}
