/**
 * Keeping the API key out of everything the host hands on (spec, "Authentication" 5: "request URLs are
 * sensitive: do not log them in full"; real-service-notes: the real service embeds `apiKey` in every
 * `_links` value). Pure functions, no I/O.
 */

/** The query parameter that carries the key (spec, "Authentication" 2). Matched case-insensitively. */
export const API_KEY_PARAM = 'apiKey';

const KEY_NAME_RE = /^apikey$/i;
/** Placeholder that replaces a key in log lines. */
export const REDACTED = 'REDACTED';

function isKeyParam(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is not our key's name either way; compare the raw text.
  }
  return KEY_NAME_RE.test(name.trim());
}

/**
 * Rewrites the query of a URL-like string, keeping every other parameter byte for byte (so commas in
 * `sort=a,b` stay commas). `replace` null drops the parameter; a string replaces its value.
 */
function rewriteKeyParams(text: string, replace: string | null): string {
  const q = text.indexOf('?');
  if (q < 0) return text;
  const hashAt = text.indexOf('#', q);
  const head = text.slice(0, q);
  const query = hashAt < 0 ? text.slice(q + 1) : text.slice(q + 1, hashAt);
  const hash = hashAt < 0 ? '' : text.slice(hashAt);
  const parts = query.split(/[&;]/);
  const kept: string[] = [];
  let changed = false;
  for (const part of parts) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (isKeyParam(name)) {
      changed = true;
      if (replace !== null) kept.push(`${name}=${replace}`);
    } else kept.push(part);
  }
  if (!changed) return text;
  const rest = kept.filter((p) => p !== '').join('&');
  return rest === '' ? `${head}${hash}` : `${head}?${rest}${hash}`;
}

/**
 * Whether a string may be a URL or a path with a query (absolute, protocol-relative or relative). The
 * parameter name may be percent-encoded (`api%4Bey`), so any string with a `?` is examined.
 */
function looksLikeUrlWithQuery(text: string): boolean {
  return text.includes('?');
}

/**
 * Removes every `apiKey` parameter from a URL or relative link, keeping the rest of it as it was.
 * Strings without one come back unchanged.
 */
export function stripApiKey(url: string): string {
  return looksLikeUrlWithQuery(url) ? rewriteKeyParams(url, null) : url;
}

/**
 * The form of a URL fit for a log line or an error message: the key's value replaced by `REDACTED`,
 * and, when `secret` is given, any occurrence of it too (in each of its {@link secretForms}).
 */
export function redact(url: string, secret?: string | null): string {
  const out = looksLikeUrlWithQuery(url) ? rewriteKeyParams(url, REDACTED) : url;
  return secret ? scrubSecret(out, secret) : out;
}

/**
 * The shortest base64-derived form scrubbed: a shorter run of base64 letters is ordinary text too often
 * to be told from a key (a key of 6 bytes or more has its whole base64 form scrubbed).
 */
const MIN_BASE64_FORM = 8;

/**
 * The base64 forms of `secret` (its UTF-8 bytes): standard with and without `=` padding and the URL-safe
 * alphabet; and, for a key inside a longer base64 text (a service that base64-encodes `apiKey=…&…`), the
 * letters that depend on the key's bytes alone at each of the three byte offsets the key can start at.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const std = bytes.toString('base64');
  const out = [std, std.replace(/=+$/, ''), bytes.toString('base64url')];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Letter i holds bits [6i, 6i + 6); the key's bits are [8·offset, 8·(offset + n)).
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const core = shifted.slice(first, end);
    out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out.filter((f) => f.length >= MIN_BASE64_FORM);
}

/**
 * The forms in which `secret` can come back from a service that echoes what the host sent, in two groups.
 * `folded`, matched whatever the letters' case (a service may upper-case the key in a message): raw, as
 * `encodeURIComponent` and `encodeURI` write it, and form-encoded as `URLSearchParams` writes it (the host
 * adds the key that way: `!'()~` become `%21 %27 %28 %29 %7E`, a space `+`); case-folding also covers
 * upper- and lower-case hex. `exact`, matched as they are: the base64 forms (their case is their content).
 * Each group longest first, so a longer form is replaced whole before a shorter one inside it.
 */
export function secretForms(secret: string): { folded: string[]; exact: string[] } {
  const folded = new Set<string>([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams([['k', secret]]).toString().slice(2),
  ]);
  try {
    folded.add(encodeURI(secret));
  } catch {
    // A lone surrogate cannot be URI-encoded; the host could not have sent it encoded either.
  }
  const longestFirst = (forms: Iterable<string>) =>
    [...new Set(forms)].filter((f) => f !== '').sort((a, b) => b.length - a.length);
  return { folded: longestFirst(folded), exact: longestFirst(base64Forms(secret)) };
}

/** What {@link scrubForms} matches: one case-insensitive pattern of the folded forms, and the exact forms. */
interface SecretMatcher {
  folded: RegExp | null;
  exact: readonly string[];
  /** The shortest form's length: a shorter text holds none (most strings of a page are short). */
  shortest: number;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcherOf(secret: string | null | undefined): SecretMatcher {
  if (!secret) return { folded: null, exact: [], shortest: Number.POSITIVE_INFINITY };
  const { folded, exact } = secretForms(secret);
  return {
    // One alternation, longest form first: at each position the longest form that matches is replaced.
    folded: new RegExp(folded.map(escapeRegExp).join('|'), 'gi'),
    exact,
    shortest: Math.min(...[...folded, ...exact].map((f) => f.length)),
  };
}

/** Replaces every occurrence of `secret`, in each of its {@link secretForms}, in `text`. */
export function scrubSecret(text: string, secret: string | null | undefined): string {
  return secret ? scrubForms(text, matcherOf(secret)) : text;
}

/** Replaces every match of `m` in `text`: the folded forms whatever their case, then the exact forms. */
function scrubForms(text: string, m: SecretMatcher): string {
  if (text.length < m.shortest) return text;
  let out = m.folded === null ? text : text.replace(m.folded, REDACTED);
  for (const form of m.exact) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

/**
 * Scrubs a JSON value in place and returns it: every string has its `apiKey` parameters removed and
 * `secret`, in each of its {@link secretForms}, replaced. Works on the whole response, not only on `_links`, because a
 * service may put a keyed URL anywhere (a record's `_links` array, an image URL, a `next` cursor). Object
 * keys are scrubbed too. The value must be the caller's own (fresh from `JSON.parse`): a page holds tens of
 * thousands of strings, and a deep copy of it cost more than the parse. Handles only JSON shapes; depth is
 * bounded by the parser.
 */
export function scrubJson(value: unknown, secret?: string | null): unknown {
  return jsonScrubber(secret)(value);
}

/**
 * {@link scrubJson} with `secret` fixed: its forms are worked out once, not once per string, nor once per
 * record when an answer is scrubbed a record at a time.
 */
export function jsonScrubber(secret?: string | null): (value: unknown) => unknown {
  const forms = secret ? matcherOf(secret) : null;
  return (value) => scrubJsonForms(value, forms);
}

function scrubJsonForms(value: unknown, forms: SecretMatcher | null): unknown {
  // The secret first: a raw key holding `&` or `#` would otherwise be cut in two by the query parser.
  if (typeof value === 'string') return stripApiKey(forms === null ? value : scrubForms(value, forms));
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const out = scrubJsonForms(v, forms);
      if (out !== v) value[i] = out;
    }
    return value;
  }
  const obj = value as Record<string, unknown>;
  // for…in, not Object.keys: no array of keys per object, and a parsed object has only its own keys.
  for (const k in obj) {
    const v = obj[k];
    const out = scrubJsonForms(v, forms);
    const key = forms === null ? k : scrubForms(k, forms);
    if (key === k) {
      // Only a changed value is written back: most strings come back as they were.
      if (out !== v) obj[k] = out;
      continue;
    }
    delete obj[k];
    // Object.defineProperty keeps a key named `__proto__` a plain data property (assignment would set
    // the prototype).
    if (key === '__proto__') {
      Object.defineProperty(obj, key, { value: out, enumerable: true, writable: true, configurable: true });
    } else obj[key] = out;
  }
  return obj;
}
