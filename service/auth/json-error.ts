/**
 * Describes a JSON syntax error by line, column and kind only. V8's own messages quote the text around
 * the error (`Unexpected token 's', ..."{"key": secret-ab"... is not valid JSON`), which for a keys file
 * is key material; these never contain any of the text.
 */

/** Where a syntax error is (1-based line and column) and what kind it is, in fixed words. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  what: string;
}

const parseError = (text: string): string | null => {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

const positionOf = (message: string): number | null => {
  const m = / (?:in JSON )?at position (\d+)/.exec(message);
  return m ? Number(m[1]) : null;
};

const END = 'Unexpected end of JSON input';

/**
 * The offset of the first character JSON.parse rejects. V8 names it in most messages; for an unexpected
 * token it does not, so the shortest prefix of `text` that fails other than by ending early is searched
 * (a prefix before the bad character is valid JSON cut short).
 */
function errorOffset(text: string, message: string): number {
  const at = positionOf(message);
  if (at !== null) return at;
  if (message === END) return text.length;
  const badPrefix = (n: number) => {
    const m = parseError(text.slice(0, n));
    if (m === null || m === END) return false;
    const p = positionOf(m);
    return p === null || p < n;
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (badPrefix(mid)) hi = mid;
    else lo = mid + 1;
  }
  return Math.max(0, lo - 1);
}

/** The kind of error in fixed words (V8's message without the quoted text and the position). */
function kindOf(message: string): string {
  if (message === END) return 'the text ends before the JSON is complete (a missing } or ]?)';
  if (message.startsWith('Unexpected token')) return 'unexpected character';
  const generic = / (?:in JSON )?at position \d+/.exec(message);
  return generic ? message.slice(0, generic.index) : 'not valid JSON';
}

/**
 * Parses `text` as JSON. Returns the value, or the syntax problem (line, column, kind) without any of
 * the text.
 */
export function parseJsonQuietly(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem } {
  const message = parseError(text);
  if (message === null) return { ok: true, value: JSON.parse(text) };
  const offset = errorOffset(text, message);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { ok: false, problem: { line, column, what: kindOf(message) } };
}
