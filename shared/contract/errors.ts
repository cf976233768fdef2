/**
 * The one error union of Rinkside (DESIGN.md, "The data path"). Every failure of a
 * request, wherever it happens (service, network, host validation), becomes one of
 * these values. None of them ever carries the API key or a URL with the key in it.
 */
export type ServiceError =
  /** 401: the key is missing or invalid (spec, "Errors"). The renderer opens the key dialog. */
  | { kind: 'unauthorized'; status: 401; message: string }
  /** 403: the data is outside the key's subscription (spec, "Errors"). */
  | { kind: 'forbidden'; status: 403; message: string }
  | { kind: 'not-found'; status: 404; message: string }
  /**
   * 400: a malformed parameter; `parameter` and `allowed` name it when the service or host says. The
   * browser shell's own refusals of a malformed bridge call keep their HTTP status (405 method, 413 body
   * too large, 415 content type).
   */
  | { kind: 'bad-request'; status: 400 | 405 | 413 | 415; message: string; parameter?: string; allowed?: string[] }
  /** 429: `retryAfterMs` is the server's Retry-After, when it sent one. */
  | { kind: 'rate-limited'; status: 429; message: string; retryAfterMs?: number }
  /** Any 5xx, or another status the client does not map. */
  | { kind: 'server'; status: number; message: string }
  /** The service could not be reached (refused, reset, DNS). */
  | { kind: 'network'; message: string }
  /** No answer within `timeoutMs` milliseconds. */
  | { kind: 'timeout'; message: string; timeoutMs: number }
  /** The answer was not the JSON the spec describes. */
  | { kind: 'invalid-response'; message: string }
  /** No OS keychain (Secret Service, Keychain, Credential Manager) could be reached. */
  | { kind: 'keychain-unavailable'; message: string }
  /**
   * A file Rinkside keeps on this computer (the scouting lists, the downloaded players) cannot be used as
   * asked: a folder that cannot be written, a full disk, a file of a newer version. Never the service's
   * doing; `message` says what and what to do.
   */
  | { kind: 'local-file'; message: string };

export type ServiceErrorKind = ServiceError['kind'];

/** A value or an error, as every bridge call returns (errors travel as values, DESIGN.md). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

/**
 * A thrown form of {@link ServiceError}, for the renderer (TanStack Query wants
 * rejected promises). `error` is the value that crossed the bridge.
 */
export class ServiceErrorException extends Error {
  readonly error: ServiceError;
  constructor(error: ServiceError) {
    super(error.message);
    this.name = 'ServiceErrorException';
    this.error = error;
  }
}

/** Maps an HTTP status and the service's error body to the union (real-service-notes, "Errors"). */
export function errorFromStatus(
  status: number,
  body: { message?: unknown; parameter?: unknown; allowed?: unknown } | undefined,
  retryAfterMs?: number,
): ServiceError {
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : `HTTP ${status}`;
  switch (status) {
    case 400: {
      const e: ServiceError = { kind: 'bad-request', status: 400, message };
      if (typeof body?.parameter === 'string') e.parameter = body.parameter;
      if (Array.isArray(body?.allowed)) e.allowed = body.allowed.map(String);
      return e;
    }
    case 401:
      return { kind: 'unauthorized', status: 401, message };
    case 403:
      return { kind: 'forbidden', status: 403, message };
    case 404:
      return { kind: 'not-found', status: 404, message };
    case 429:
      return retryAfterMs === undefined
        ? { kind: 'rate-limited', status: 429, message }
        : { kind: 'rate-limited', status: 429, message, retryAfterMs };
    default:
      return { kind: 'server', status, message };
  }
}
