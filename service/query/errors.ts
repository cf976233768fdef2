/**
 * Domain errors of the query engine and the operations: what was wrong with a request, in terms of the
 * data and its parameters, not of HTTP. `service/http` maps each kind to its status (bad-parameter 400,
 * not-found 404, forbidden 403) and writes the one error body (real-service-notes, "Errors"). A message
 * never contains the caller's API key nor repeats a value the caller sent.
 */

/** What kind of failure: a malformed or unknown parameter, a missing entity, data outside the key's subscription. */
export type ServiceErrorKind = 'bad-parameter' | 'not-found' | 'forbidden';

/** A request the service understood and refuses; `parameter`/`allowed` name the parameter and its closed set. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly parameter: string | undefined;
  readonly allowed: readonly string[] | undefined;
  constructor(
    kind: ServiceErrorKind,
    message: string,
    extra: { parameter?: string; allowed?: readonly string[] } = {},
  ) {
    super(message);
    this.kind = kind;
    this.parameter = extra.parameter;
    this.allowed = extra.allowed;
  }
}

/** A malformed or unknown parameter; names it and, when there is a closed set, its allowed values. */
export function badParameter(parameter: string, message: string, allowed?: readonly string[]): ServiceError {
  return new ServiceError('bad-parameter', message, allowed ? { parameter, allowed } : { parameter });
}

/** An unknown id, slug or path. */
export function notFound(message: string): ServiceError {
  return new ServiceError('not-found', message);
}

/** The request names data outside the key's subscription (spec, "Errors"). */
export function forbidden(message: string, parameter?: string): ServiceError {
  return new ServiceError('forbidden', message, parameter ? { parameter } : {});
}
