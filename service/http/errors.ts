import { randomUUID } from 'node:crypto';

/**
 * A request failure with its HTTP status. Handlers throw it; the HTTP layer turns it into the one
 * error body shape `{uuid, message, status, parameter?, allowed?}` (real-service-notes, "Errors":
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

/** 400: a malformed or unknown parameter; names it and, when there is a closed set, its allowed values. */
export function badRequest(parameter: string, message: string, allowed?: readonly string[]): HttpError {
  return new HttpError(400, message, allowed ? { parameter, allowed } : { parameter });
}

/** 403: the request names data outside the key's subscription (spec, "Errors"). */
export function forbidden(message: string, parameter?: string): HttpError {
  return new HttpError(403, message, parameter ? { parameter } : {});
}

/** 404: unknown id, slug or path. */
export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

/** The JSON error body (one shape for every status). */
export interface ErrorBody {
  uuid: string;
  message: string;
  status: number;
  parameter?: string;
  allowed?: string[];
}

/** Builds the body of an error response; unknown errors become a bare 500 without internals. */
export function errorBody(err: unknown): ErrorBody {
  if (err instanceof HttpError) {
    const body: ErrorBody = { uuid: randomUUID(), message: err.message, status: err.status };
    if (err.parameter !== undefined) body.parameter = err.parameter;
    if (err.allowed !== undefined) body.allowed = [...err.allowed];
    return body;
  }
  return { uuid: randomUUID(), message: 'Internal server error', status: 500 };
}
