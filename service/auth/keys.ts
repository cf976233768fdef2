import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SEASON_SLUG_RE } from '../../shared/contract/spec.ts';
import { CATEGORIES } from './categories.ts';
import { parseJsonQuietly } from './json-error.ts';
import { type Subscription, subscriptionFrom } from './subscription.ts';

const seasonSlug = z
  .string()
  .regex(SEASON_SLUG_RE, 'a season slug such as 1990-1991')
  .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, 'the end year must follow the start year');

/**
 * One entry of the keys file (service/README.md). `"*"` means everything of that scope.
 */
export const KeyEntrySchema = z.strictObject({
  key: z.string().min(8, 'a key has at least 8 characters'),
  organisation: z.string().min(1),
  leagues: z.union([z.literal('*'), z.array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a league slug'))]),
  seasons: z.union([
    z.literal('*'),
    z.strictObject({ from: seasonSlug, to: seasonSlug }).refine((r) => r.from <= r.to, '`from` must not be after `to`'),
  ]),
  categories: z.union([z.literal('*'), z.array(z.enum(CATEGORIES))]),
});
/** The keys file: `{"keys": [KeyEntry, …]}`, keys unique. */
export const KeysFileSchema = z
  .strictObject({ keys: z.array(KeyEntrySchema).min(1) })
  .refine((f) => new Set(f.keys.map((k) => k.key)).size === f.keys.length, 'each key must appear once');
export type KeysFile = z.infer<typeof KeysFileSchema>;

/**
 * Thrown for an unreadable or invalid keys file; the message names the file and each problem: a syntax
 * error by line and column, a wrong shape by path (`keys[2].leagues`), never any text of the file.
 */
export class KeysFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeysFileError';
  }
}

/**
 * An issue's path as `keys[2].leagues`: array indexes and the schema's own property names only (a name
 * the schema does not know may be a key written as a property name, so it never reaches a path).
 */
function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

/** An issue's message without any name from the file: unknown property names are counted, not quoted. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const n = issue.keys.length;
    const allowed = issue.path.length === 0 ? 'keys' : 'key, organisation, leagues, seasons, categories';
    return `${n} unknown propert${n === 1 ? 'y' : 'ies'} (allowed: ${allowed})`;
  }
  return issue.message;
}

/**
 * Reads and validates a keys file. Returns a map from key to its subscription.
 * Throws {@link KeysFileError} with a readable message on a missing file, bad JSON or a bad shape.
 */
export function loadKeysFile(file: string): Map<string, Subscription> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new KeysFileError(`Cannot read keys file ${file}: ${(e as Error).message}`);
  }
  const json = parseJsonQuietly(text);
  if (!json.ok) {
    const { line, column, what } = json.problem;
    throw new KeysFileError(`Keys file ${file} is not valid JSON: line ${line}, column ${column}: ${what}`);
  }
  const parsed = KeysFileSchema.safeParse(json.value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${issuePath(i.path) || '(file)'}: ${issueText(i)}`).join('\n');
    throw new KeysFileError(
      `Keys file ${file} has the wrong shape. Expected {"keys":[{"key","organisation","leagues","seasons","categories"}]}:\n${problems}`,
    );
  }
  return new Map(parsed.data.keys.map((k) => [k.key, subscriptionFrom(k)]));
}

/**
 * The built-in demo key used when no keys file is given: random per start (so no fixed secret is
 * published), with full access. `startService` returns it and `npm run service` prints it.
 */
export function demoKeys(): { key: string; keys: Map<string, Subscription> } {
  const key = `demo-${randomBytes(12).toString('hex')}`;
  const sub = subscriptionFrom({ organisation: 'Rinkside demo', leagues: '*', seasons: '*', categories: '*' });
  return { key, keys: new Map([[key, sub]]) };
}
