/**
 * The player page's bio facts in words (the Players list says the age the same way), pure: age from the date of birth (or at death), height in cm and feet-inches,
 * weight in kg and lb, position and hand in words.
 */

const CM_PER_INCH = 2.54;
const LB_PER_KG = 2.2046226218;

/** Whole years from `dateOfBirth` (`YYYY-MM-DD`) to `today` (UTC), or null when the date is missing or malformed. */
export function ageFromDateOfBirth(dateOfBirth: string | null | undefined, today = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age >= 0 && age < 130 ? age : null;
}

/** Above this age a player with no date of death shows his birth year: he has most likely died. */
export const MAX_PLAUSIBLE_AGE = 100;

/** A date as precise as known (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`), as its earliest and latest possible days. */
function dayRange(date: string | null | undefined): { first: string; last: string } | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date ?? '');
  if (!m) return null;
  const [, y, mo, d] = m;
  return { first: `${y}-${mo ?? '01'}-${d ?? '01'}`, last: `${y}-${mo ?? '12'}-${d ?? '31'}` };
}

/** Whole years from `birth` to `on`, both `YYYY-MM-DD`. */
function yearsBetween(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

/**
 * The age a player reached: whole years from his birth to his death, each as precise as known (a year alone
 * covers the whole year), so `83`, or `82 or 83` when the dates leave both possible; null without a birth.
 */
export function ageAtDeath(
  birth: { dateOfBirth?: string | null; yearOfBirth?: number | null },
  dateOfDeath: string,
): string | null {
  const born = dayRange(birth.dateOfBirth) ?? (birth.yearOfBirth ? dayRange(String(birth.yearOfBirth)) : null);
  const died = dayRange(dateOfDeath);
  if (!born || !died) return null;
  const least = Math.max(yearsBetween(born.last, died.first), 0);
  const most = yearsBetween(born.first, died.last);
  if (most < least) return null;
  return least === most ? String(least) : `${least} or ${most}`;
}

/**
 * The age fact of the player page: today's age (`34`); for a player who died, `died 1986 (aged 83)`
 * (`dateOfDeath`, an extension of the local service); for a player with no date of death who would be over
 * {@link MAX_PLAUSIBLE_AGE}, his birth year (`born 1903`) rather than an age he most likely never reached (the
 * Databank lacks many death dates; no one plays past 100, so a player's status need not be asked). Null when
 * nothing is known.
 */
export function ageFact(
  p: { dateOfBirth?: string | null; yearOfBirth?: number | null; dateOfDeath?: string | null },
  today = new Date(),
): string | null {
  if (p.dateOfDeath && dayRange(p.dateOfDeath)) {
    const aged = ageAtDeath(p, p.dateOfDeath);
    return `died ${p.dateOfDeath.slice(0, 4)}${aged !== null ? ` (aged ${aged})` : ''}`;
  }
  const age = ageFromDateOfBirth(p.dateOfBirth, today);
  const bornIn = p.yearOfBirth ?? (/^\d{4}/.test(p.dateOfBirth ?? '') ? Number(p.dateOfBirth?.slice(0, 4)) : null);
  // The year alone also tells (no birthday known, or an age past any a date of birth gives).
  const years = age ?? (bornIn !== null ? today.getUTCFullYear() - bornIn : null);
  if (years !== null && years > MAX_PLAUSIBLE_AGE) return `born ${bornIn}`;
  return age !== null ? String(age) : null;
}

/** Height from centimetres: `188 cm (6'2")`; null when unknown. Feet-inches from the rounded inches. */
export function formatHeight(cm: number | null | undefined): string | null {
  if (cm == null || !Number.isFinite(cm) || cm <= 0) return null;
  const inches = Math.round(cm / CM_PER_INCH);
  return `${Math.round(cm)} cm (${Math.floor(inches / 12)}'${inches % 12}")`;
}

/** Weight from kilograms: `86 kg (190 lb)`; null when unknown. */
export function formatWeight(kg: number | null | undefined): string | null {
  if (kg == null || !Number.isFinite(kg) || kg <= 0) return null;
  return `${Math.round(kg)} kg (${Math.round(kg * LB_PER_KG)} lb)`;
}

/** `L`/`R` as words: `Left`, `Right`. */
export function handLabel(hand: string | null | undefined): string | null {
  if (!hand) return null;
  const h = hand.toUpperCase();
  return h === 'L' ? 'Left' : h === 'R' ? 'Right' : hand;
}
