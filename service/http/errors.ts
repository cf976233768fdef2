import { randomUUID } from 'node:crypto';
import { ServiceError, type ServiceErrorKind } from '../query/errors.ts';

/**
 * A request failure with its HTTP status: the HTTP layer's own (401, 405) and the mapped domain errors
 * of `query/errors.ts`. The HTTP layer turns it into the one error body shape `{uuid, message, status, parameter?, allowed?}` (real-service-notes, "Errors":
 * clients read `message`). A message never contains the caller's API key.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly parameter: string | undefined;
  readonly allowed: readonly string[] | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: number,
    message: string,
    extra: { parameter?: string; allowed?: readonly string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.parameter = extra.parameter;
    this.allowed = extra.allowed;
    this.headers = extra.headers;
  }
}

/** The JSON error body (one shape for every status). */
export interface ErrorBody {
  uuid: string;
  message: string;
  status: number;
  parameter?: string;
  allowed?: string[];
}

/** The HTTP status of each domain error kind. */
const STATUS_OF: Record<ServiceErrorKind, number> = { 'bad-parameter': 400, 'not-found': 404, forbidden: 403 };

/**
 * The HTTP form of an expected failure: a domain {@link ServiceError} as 400/403/404, an
 * {@link HttpError} as it is; null for anything else (a bug: a 500).
 */
export function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof ServiceError) {
    const extra: { parameter?: string; allowed?: readonly string[] } = {};
    if (err.parameter !== undefined) extra.parameter = err.parameter;
    if (err.allowed !== undefined) extra.allowed = err.allowed;
    return new HttpError(STATUS_OF[err.kind], err.message, extra);
  }
  return null;
}

/** Builds the body of an error response; unknown errors become a bare 500 without internals. */
export function errorBody(error: unknown): ErrorBody {
  const err = asHttpError(error);
  if (err) {
    const body: ErrorBody = { uuid: randomUUID(), message: err.message, status: err.status };
    if (err.parameter !== undefined) body.parameter = err.parameter;
    if (err.allowed !== undefined) body.allowed = [...err.allowed];
    return body;
  }
  return { uuid: randomUUID(), message: 'Internal server error', status: 500 };
}
