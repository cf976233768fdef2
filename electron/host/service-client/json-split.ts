/**
 * Finding the records of a service answer in its bytes without parsing the whole answer: the host then
 * parses, checks and hands on one record at a time (answer.ts) instead of holding the body's
 * text and its whole object graph at once. Only the structure is read here (strings skipped, brackets
 * counted); every piece is parsed by `JSON.parse` afterwards, which is what says whether it is JSON.
 *
 * The spans are exact for any valid JSON text. For a text that is not JSON they may be wrong, but then
 * either a piece does not parse, a separator check below fails, or the envelope left around `data` does
 * not parse: a text whose pieces all pass is valid JSON and has the value `JSON.parse` would give it.
 */

/** Where `data` is and what it holds, by byte offsets into the answer. */
export interface EnvelopeSplit {
  /** The answer's text with the value of `data` replaced by `null` (small: everything but the records). */
  envelope: string;
  /**
   * Start and end offsets of each record, flat: record i is `[bounds[2i], bounds[2i + 1])`. A list's
   * records are the elements of its `data` array; an item's one record is its `data` object.
   */
  bounds: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

/** JSON's four whitespace bytes (RFC 8259 §2). */
function isSpace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function skipSpace(bytes: Buffer, at: number): number {
  let i = at;
  while (isSpace(bytes[i])) i++;
  return i;
}

/** The offset just past the string opening at `at` (a `"`), or -1 when it does not close. */
function skipString(bytes: Buffer, at: number): number {
  // A byte loop, not indexOf: a page holds about a million short strings, and a native call per string
  // costs more than reading its bytes here.
  const n = bytes.length;
  let i = at + 1;
  while (i < n) {
    const b = bytes[i++];
    if (b === QUOTE) return i;
    // An escape: the byte after the backslash is never the string's end.
    if (b === BACKSLASH) i++;
  }
  return -1;
}

/** The offset just past the value starting at `at`, or -1 when it has none. */
function skipValue(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return skipString(bytes, at);
  if (first === LBRACE || first === LBRACKET) {
    const n = bytes.length;
    let depth = 0;
    let i = at;
    while (i < n) {
      const b = bytes[i++];
      if (b === QUOTE) {
        i = skipString(bytes, i - 1);
        if (i < 0) return -1;
      } else if (b === LBRACE || b === LBRACKET) depth++;
      else if (b === RBRACE || b === RBRACKET) {
        depth--;
        if (depth === 0) return i;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next separator (its parse says whether it is one).
  let i = at;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === COMMA || b === RBRACE || b === RBRACKET || isSpace(b)) break;
    i++;
  }
  return i > at ? i : -1;
}

/** A member name as `JSON.parse` reads it (escapes decoded), or null when it is not a string. */
function nameAt(bytes: Buffer, start: number, end: number): string | null {
  const raw = bytes.toString('utf8', start, end);
  if (!raw.includes('\\')) return raw.slice(1, -1);
  try {
    const name: unknown = JSON.parse(raw);
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** The span of the one top-level `data` member's value, or null (not an object, no `data`, or two). */
function dataSpan(bytes: Buffer): { start: number; end: number } | null {
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== LBRACE) return null;
  i = skipSpace(bytes, i + 1);
  let span: { start: number; end: number } | null = null;
  let seen = 0;
  while (bytes[i] !== RBRACE) {
    if (bytes[i] !== QUOTE) return null;
    const nameEnd = skipString(bytes, i);
    if (nameEnd < 0) return null;
    const name = nameAt(bytes, i, nameEnd);
    i = skipSpace(bytes, nameEnd);
    if (bytes[i] !== COLON) return null;
    const start = skipSpace(bytes, i + 1);
    const end = skipValue(bytes, start);
    if (end < 0) return null;
    if (name === 'data') {
      span = { start, end };
      seen++;
    }
    i = skipSpace(bytes, end);
    if (bytes[i] === COMMA) i = skipSpace(bytes, i + 1);
    else if (bytes[i] !== RBRACE) return null;
  }
  // A repeated `data` (JSON.parse keeps the last) is left to the whole parse.
  return seen === 1 ? span : null;
}

/** The flat bounds of the elements of the array spanning [start, end), or null when it is not one. */
function elementBounds(bytes: Buffer, start: number, end: number): number[] | null {
  if (bytes[start] !== LBRACKET || bytes[end - 1] !== RBRACKET) return null;
  const bounds: number[] = [];
  let i = skipSpace(bytes, start + 1);
  if (i === end - 1) return bounds;
  for (;;) {
    const stop = skipValue(bytes, i);
    if (stop < 0 || stop >= end) return null;
    bounds.push(i, stop);
    i = skipSpace(bytes, stop);
    if (i === end - 1) return bounds;
    if (bytes[i] !== COMMA) return null;
    i = skipSpace(bytes, i + 1);
  }
}

/**
 * Splits a JSON answer `{…, "data": …, …}` into its envelope and its records: `data` an array of records
 * (`'list'`) or one record object (`'item'`). Null when the answer is not an object with exactly one
 * `data` member of that form, including every text that is not JSON: the caller then parses it whole.
 */
export function splitEnvelope(bytes: Buffer, kind: 'list' | 'item'): EnvelopeSplit | null {
  const span = dataSpan(bytes);
  if (span === null) return null;
  let bounds: number[] | null;
  if (kind === 'list') bounds = elementBounds(bytes, span.start, span.end);
  else bounds = bytes[span.start] === LBRACE ? [span.start, span.end] : null;
  if (bounds === null) return null;
  const envelope = `${bytes.toString('utf8', 0, span.start)}null${bytes.toString('utf8', span.end)}`;
  return { envelope, bounds };
}
