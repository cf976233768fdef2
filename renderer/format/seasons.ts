/**
 * A season as hockey writes it where room is short (a chart's axis, a chip): `1981-1982` → `1981-82`, so
 * an axis of seasons never reads as an axis of years. Anything else is shown as given.
 */
export function formatSeasonShort(slug: string): string {
  const m = /^(\d{4})-(\d{2})(\d{2})$/.exec(slug);
  return m ? `${m[1]}-${m[3]}` : slug;
}
