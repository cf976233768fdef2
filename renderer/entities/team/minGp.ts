/**
 * The URL's `minGP`, the games-played qualifier of a team's goalie lists (the goaltending leaders, Compare's
 * goalie chart): a whole number of games 0..200, or null when absent or malformed (the list's default applies).
 */
export function parseMinGp(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n <= 200 ? n : null;
}
