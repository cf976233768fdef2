/**
 * The player page's bio facts in words, pure: age from the date of birth, height in cm and feet-inches,
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

/** Position letters as words. */
const POSITIONS: Record<string, string> = {
  G: 'Goaltender',
  D: 'Defence',
  F: 'Forward',
  C: 'Centre',
  W: 'Wing',
  LW: 'Left wing',
  RW: 'Right wing',
};

/** A position as a scout says it: `G` → `Goaltender`; unknown letters as given. */
export function positionLabel(position: string | null | undefined): string | null {
  if (!position) return null;
  return POSITIONS[position.toUpperCase()] ?? position;
}

/** `L`/`R` as words: `Left`, `Right`. */
export function handLabel(hand: string | null | undefined): string | null {
  if (!hand) return null;
  const h = hand.toUpperCase();
  return h === 'L' ? 'Left' : h === 'R' ? 'Right' : hand;
}
