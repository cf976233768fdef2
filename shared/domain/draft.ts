/**
 * Draft age and draft status, as scouts count them. Pure functions; dates are `YYYY-MM-DD` text.
 *
 * The NHL's draft-eligibility cut-off is September 15: a player is first eligible for the Entry Draft held
 * in the year in which he is 18 on or before September 15 (NHL By-Law 31 and the CBA's Article 8.4, as
 * the NHL's Hockey Operations Guidelines, "Entry Draft Eligibility", put it: "any player who will be age
 * 18 on or before September 15 in the year in which such Entry Draft is held"). A season's draft is held
 * in June of its end year, so a player's **draft age** in a season is his age on September 15 of the
 * season's end year, and his **draft year** (D0) is the season in which that age is 18: the season before
 * is D-1, the one after D+1.
 */

/** The month and day of the cut-off: September 15. */
export const DRAFT_CUTOFF = { month: 9, day: 15 } as const;

/** The draft age of a player's draft year (D0). */
export const DRAFT_YEAR_AGE = 18;

/**
 * A player's age in whole years on September 15 of `seasonEndYear` (his draft age in the season ending
 * then), or null when his date of birth is unknown or not a full `YYYY-MM-DD` date (a birth year alone
 * cannot tell which side of the cut-off he was born on).
 */
export function draftAge(dateOfBirth: string | null | undefined, seasonEndYear: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth ?? '');
  if (m === null || !Number.isInteger(seasonEndYear)) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const beforeBirthday = DRAFT_CUTOFF.month < mo || (DRAFT_CUTOFF.month === mo && DRAFT_CUTOFF.day < d);
  return seasonEndYear - y - (beforeBirthday ? 1 : 0);
}

/**
 * The year of the first NHL Entry Draft a player is eligible for: the year in which his draft age
 * ({@link draftAge}, his age on September 15) is 18, by the NHL's rule cited above. Null when his date of
 * birth is unknown or not a full date. A player born on September 15, 2006 is 18 on September 15, 2024:
 * 2024; one born a day later: 2025.
 */
export function draftEligibleYear(dateOfBirth: string | null | undefined): number | null {
  const year = /^(\d{4})-\d{2}-\d{2}$/.exec(dateOfBirth ?? '')?.[1];
  if (year === undefined) return null;
  const y = Number(year) + DRAFT_YEAR_AGE;
  // Born after the cut-off: still 17 on September 15 of that year, so eligible a year later.
  return draftAge(dateOfBirth, y) === DRAFT_YEAR_AGE ? y : y + 1;
}

/** The end year of a season slug (`1992-1993` → 1993), or null. */
export function seasonEndYear(season: string): number | null {
  const m = /^\d{4}-(\d{4})$/.exec(season);
  return m ? Number(m[1]) : null;
}

/**
 * The season relative to the draft year, as scouts write it: draft age 18 → `D0`, 17 → `D-1`, 19 → `D+1`;
 * null for an unknown age.
 */
export function draftYearLabel(age: number | null | undefined): string | null {
  if (typeof age !== 'number' || !Number.isInteger(age)) return null;
  const d = age - DRAFT_YEAR_AGE;
  return d === 0 ? 'D0' : d > 0 ? `D+${d}` : `D${d}`;
}

/** The draft statuses a stats browser filters by (see {@link draftStatusOf}). */
export const DRAFT_STATUSES = ['drafted', 'undrafted', 'eligible', 'overage'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** What each status means, in words (filters and the export's About sheet). */
export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = {
  drafted: 'Drafted',
  undrafted: 'No draft recorded',
  eligible: 'First-year eligible (D0)',
  overage: 'Over-age (D+1 on, undrafted)',
};

/**
 * Whether a player-season matches a draft status. `draftYear`: the year of his draft selection (null: none
 * recorded); `age`: his draft age that season; `endYear`: the season's end year.
 * - `drafted`: he has a draft selection (the service's `draftSelection`);
 * - `undrafted`: none is recorded (the service may not give draft selections at all);
 * - `eligible`: the season is his draft year (draft age 18) and he had not been drafted before it ended;
 * - `overage`: draft age 19 or more and not drafted before the season's draft (in June of its end year).
 */
export function hasDraftStatus(
  status: DraftStatus,
  draftYear: number | null,
  age: number | null,
  endYear: number,
): boolean {
  const notYet = draftYear === null || draftYear >= endYear;
  switch (status) {
    case 'drafted':
      return draftYear !== null;
    case 'undrafted':
      return draftYear === null;
    case 'eligible':
      return age === DRAFT_YEAR_AGE && notYet;
    case 'overage':
      return age !== null && age > DRAFT_YEAR_AGE && notYet;
  }
}

/** A draft selection in a few characters: `1988 R1 #10` (round or overall left out when unknown). */
export function draftPickText(
  pick: { year: number; round: number | null; overall: number | null } | null,
): string | null {
  if (pick === null) return null;
  return [
    String(pick.year),
    pick.round === null ? null : `R${pick.round}`,
    pick.overall === null ? null : `#${pick.overall}`,
  ]
    .filter((s): s is string => s !== null)
    .join(' ');
}
