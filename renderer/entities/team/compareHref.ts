/** The team page's link: Compare with the team's league-season chosen. */
export function compareHref(teamId: number, league: string | undefined, season: string | undefined): string {
  const p = new URLSearchParams();
  if (league) p.set('league', league);
  if (season) p.set('season', season);
  p.set('teams', String(teamId));
  p.sort();
  return `/compare?${p.toString().replace(/%2C/g, ',')}`;
}
