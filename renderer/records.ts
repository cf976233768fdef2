/**
 * The parts of the service's records the views read (spec, "Resources and their
 * fields"; standings per real-service-notes). Every field is optional: the `fields`
 * parameter may leave any of them out, and a view must still render.
 */

export interface SeasonRef {
  slug?: string;
  startYear?: number;
  endYear?: number;
}

export interface CountryRef {
  slug?: string;
  name?: string;
  iso_3166_1_alpha_2?: string;
}

export interface League {
  slug: string;
  name?: string;
  fullName?: string;
  country?: CountryRef | null;
  activeSeason?: SeasonRef | null;
  defaultSeason?: SeasonRef | null;
}

export interface Arena {
  id?: number;
  name?: string;
  location?: string | null;
  capacity?: number | null;
}

export interface Team {
  id: number;
  name?: string;
  fullName?: string;
  extraName?: string | null;
  logo?: { colors?: string[] | null } | null;
  founded?: number | null;
  city?: string | null;
  status?: string | null;
  league?: League | null;
  country?: CountryRef | null;
  teamType?: string | null;
  teamClass?: string | null;
  arena?: Arena | null;
  activeSeason?: SeasonRef | null;
  defaultSeason?: SeasonRef | null;
}

export interface TeamSeason {
  slug: string;
  startYear?: number;
  endYear?: number;
  isDefault?: boolean;
  isActive?: boolean;
  teamName?: string;
  leagueSlug?: string;
  leagueName?: string;
}

export interface GoalieStatsRecord {
  id: number;
  player?: { id?: number; name?: string; firstName?: string; lastName?: string } | null;
  season?: SeasonRef | null;
  jerseyNumber?: string | number | null;
  regularStats?: Record<string, unknown> | null;
  postseasonStats?: Record<string, unknown> | null;
  totalStats?: Record<string, unknown> | null;
}

export interface StandingsRecord {
  id: number;
  team?: Team | null;
  teamName?: string;
  group?: string | null;
  position?: string | number | null;
  stats?: Record<string, number | null> | null;
}

/** Initials of a team for its logo placeholder: `Boston Bruins` → `BB`. */
export function initials(name: string | undefined): string {
  if (!name) return '?';
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters
    .map((w) => (w ? [...w][0] : ''))
    .join('')
    .toUpperCase();
}

/** Newest season first, by start year (then slug). */
export function byNewestSeason<T extends { slug: string; startYear?: number }>(a: T, b: T): number {
  const ya = a.startYear ?? Number(a.slug.slice(0, 4));
  const yb = b.startYear ?? Number(b.slug.slice(0, 4));
  return yb - ya || b.slug.localeCompare(a.slug);
}

/** An enumeration value as a label: `not-active` → `Not active`, `men` → `Men`. */
export function statusLabel(value: string): string {
  const s = value.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
