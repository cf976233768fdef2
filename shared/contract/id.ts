import { z } from 'zod';

/** The largest id: ids are positive 32-bit integers, in the service (spec, path `{id}`) and in the local stores. */
export const ID_MAX = 2 ** 31 - 1;

/** An id's digits: no sign, no spaces, no leading zero, at most 10 digits (the range is checked after). */
const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

const ID_RULE = `a whole number from 1 to ${ID_MAX}, as a number or in digits`;

/** The id `value` names, or null when it is not exactly an id (see {@link IdSchema}). */
export function idOf(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && ID_DIGITS.test(value)) n = Number(value);
  else return null;
  return Number.isInteger(n) && n >= 1 && n <= ID_MAX ? n : null;
}

/**
 * An id as the page (or a file) gives it: a whole number from 1 to {@link ID_MAX}, as a JSON number (`12`)
 * or as its decimal digits (`"12"`, the form a URL gives). Nothing else is read as an id: unlike
 * `z.coerce.number()`, `true`, `"0x10"`, `"1e3"`, `" 12"`, `"+12"`, `"012"`, `""`, `[]` and `1.5` are
 * refused (one issue, "a whole number from 1 to 2147483647 …", at the field's own path), never turned into
 * 1, 16, 1000, 12 or 0. Every id the bridge or the stores take goes through this one schema.
 */
export const IdSchema = z.union([z.number(), z.string()], { error: ID_RULE }).transform((value, ctx) => {
  const id = idOf(value);
  if (id !== null) return id;
  ctx.addIssue({ code: 'custom', message: ID_RULE });
  return z.NEVER;
});
