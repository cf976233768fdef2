import { z } from 'zod';

/** A whole number's digits: no sign, no spaces, no leading zero (the range is checked after). */
const DIGITS = /^(0|[1-9][0-9]{0,15})$/;

/** The whole number `value` names (a JSON number, or its decimal digits as a URL gives it), or null. */
export function wholeNumberOf(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && DIGITS.test(value)) n = Number(value);
  else return null;
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * A count, an offset or a limit as the page (or a URL) gives it: a whole number from `min` to `max`, as a
 * JSON number or its decimal digits. Like {@link IdSchema} (id.ts) and unlike `z.coerce.number()`, `""`,
 * `" 12"`, `"1e2"`, `"0x10"`, `true` and `1.5` are refused with one issue naming the rule, never read as
 * 0, 12, 100, 16 or 1.
 */
export function wholeNumberSchema(min: number, max: number) {
  const rule = `a whole number from ${min} to ${max}`;
  return z.union([z.number(), z.string()], { error: rule }).transform((value, ctx) => {
    const n = wholeNumberOf(value);
    if (n !== null && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: rule });
    return z.NEVER;
  });
}
