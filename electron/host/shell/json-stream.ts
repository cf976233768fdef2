import type { ServerResponse } from 'node:http';
import { JsonText } from '../common/json-text.ts';

/**
 * A JSON answer written in pieces: the same text as `JSON.stringify(value)`, but a large list (a page of
 * a thousand wide records) goes out a batch of records at a time, each serialised as it is sent, with the
 * socket's backpressure respected. The host then never holds a second copy of a large answer as one
 * string and one buffer while the page reads it, and the answer's hold on the byte budget
 * (electron/host/service-client/byte-budget.ts) lasts until the page has read it. A {@link JsonText} (a service answer
 * the host keeps only as text) goes out as its own bytes, serialised by no one.
 */

/** Bytes (UTF-16 units of text, bytes of a JsonText) gathered before a write. */
const BATCH = 64 * 1024;
/** Arrays and objects this deep or deeper are serialised whole (records, their fields). */
const MAX_DEPTH = 3;

/**
 * The pieces of `JSON.stringify(value)`, in order: text, or the UTF-8 bytes of a {@link JsonText}; none
 * when the value has no JSON form (as stringify).
 */
export function* jsonPieces(value: unknown, depth = 0): Generator<string | Buffer, void, undefined> {
  if (value instanceof JsonText) {
    yield* value.chunks;
    return;
  }
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
  let next = pieces.next();
  /** The next pieces, about {@link BATCH} in all: adjacent text joined into one string, bytes as they are. */
  const take = (): (string | Buffer)[] => {
    const batch: (string | Buffer)[] = [];
    let text = '';
    let size = 0;
    while (!next.done && size < BATCH) {
      const piece = next.value;
      if (typeof piece === 'string') text += piece;
      else {
        if (text !== '') batch.push(text);
        text = '';
        batch.push(piece);
      }
      size += piece.length;
      next = pieces.next();
    }
    if (text !== '') batch.push(text);
    return batch;
  };
  let batch = take();
  if (next.done) {
    const whole = Buffer.concat(batch.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
    res.writeHead(status, { ...headers, 'Content-Length': String(whole.length) });
    res.end(whole);
    return;
  }
  res.writeHead(status, headers);
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  for (;;) {
    if (res.destroyed) return;
    let flowing = true;
    for (const p of batch) flowing = res.write(p);
    if (!flowing) await Promise.race([new Promise((r) => res.once('drain', r)), closed]);
    if (next.done) break;
    batch = take();
  }
  res.end();
}
