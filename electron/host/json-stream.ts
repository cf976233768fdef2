import type { ServerResponse } from 'node:http';

/**
 * A JSON answer written in pieces: the same text as `JSON.stringify(value)`, but a large list (a page of
 * a thousand wide records) goes out a batch of records at a time, each serialised as it is sent, with the
 * socket's backpressure respected. The host then never holds a second copy of a large answer as one
 * string and one buffer while the page reads it, and the answer's hold on the byte budget
 * (electron/host/byte-budget.ts) lasts until the page has read it.
 */

/** Bytes (UTF-16 units) gathered before a write. */
const BATCH = 64 * 1024;
/** Arrays and objects this deep or deeper are serialised whole (records, their fields). */
const MAX_DEPTH = 3;

/** The pieces of `JSON.stringify(value)`, in order; undefined when the value has no JSON form (as stringify). */
export function* jsonPieces(value: unknown, depth = 0): Generator<string, void, undefined> {
  if (
    depth >= MAX_DEPTH ||
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    const text = JSON.stringify(value);
    if (text !== undefined) yield text;
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      let any = false;
      for (const p of jsonPieces(value[i], depth + 1)) {
        any = true;
        yield p;
      }
      // As JSON.stringify: an element without a JSON form (undefined, a function) is `null`.
      if (!any) yield 'null';
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(v, depth + 1);
  }
  yield '}';
}

/**
 * Writes `body` as a JSON answer with `headers`. An answer of one batch goes out whole with its
 * Content-Length; a larger one is streamed (chunked), waiting for the socket to drain between batches.
 * Resolves once the last byte is handed to the socket (or the connection closed).
 */
export async function sendJsonStream(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): Promise<void> {
  const pieces = jsonPieces(body);
  let batch = '';
  let next = pieces.next();
  while (!next.done && batch.length < BATCH) {
    batch += next.value;
    next = pieces.next();
  }
  if (next.done) {
    res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(batch)) });
    res.end(batch);
    return;
  }
  res.writeHead(status, headers);
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  for (;;) {
    if (res.destroyed) return;
    if (!res.write(batch)) await Promise.race([new Promise((r) => res.once('drain', r)), closed]);
    if (next.done) break;
    batch = '';
    while (!next.done && batch.length < BATCH) {
      batch += next.value;
      next = pieces.next();
    }
  }
  res.end();
}
