import { ALL_SEASONS } from '../team/links.tsx';

/** A league page's route path (`/leagues/nhl`), with the season when one is given. */
export function leagueHref(slug: string, season?: string | null): string {
  const path = `/leagues/${encodeURIComponent(slug)}`;
  return season && season !== ALL_SEASONS && /^\d{4}-\d{4}$/.test(season) ? `${path}?season=${season}` : path;
}
