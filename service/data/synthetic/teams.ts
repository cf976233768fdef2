/**
 * Clubs and national teams of the synthetic world, with their arenas and affiliations
 * (NHL team i ↔ AHL team i ↔ ECHL team i).
 */

import { COUNTRIES } from './countries.ts';
import type { LeagueDef } from './leagues.ts';
import { CITIES, COLOR_NAMES, EUROPEAN_CLUB_PATTERNS, NICKNAMES } from './names.ts';
import type { Person, StaffPerson } from './people.ts';
import { slugify } from './people.ts';
import type { Rng } from './prng.ts';

/** A team as the generator tracks it. */
export interface TeamRec {
  id: number;
  slug: string;
  name: string;
  city: string | null;
  countrySlug: string;
  league: LeagueDef;
  /** Position of the team within its league (affiliations pair equal indexes). */
  index: number;
  group: string | null;
  founded: number;
  colors: [string, string];
  arena: ArenaRec | null;
  /** Current roster (club teams). */
  roster: Person[];
  /** Coaches by role. */
  staff: Map<string, StaffPerson>;
  affiliates: number[];
}

/** An arena row. */
export interface ArenaRec {
  id: number;
  name: string;
  location: string;
  yearOfConstruction: number;
  capacity: number;
  countrySlug: string;
}

/** The nations of international tournaments, strongest first (men's and women's). */
const NATIONS = {
  men: ['can', 'usa', 'swe', 'fin', 'cze', 'svk', 'che', 'deu', 'lva', 'aut', 'nor', 'dnk', 'fra', 'gbr', 'kaz', 'jpn'],
  women: ['can', 'usa', 'fin', 'swe', 'cze', 'che', 'jpn', 'deu', 'fra', 'dnk'],
} as const;

const ARENA_WORDS = [
  'Arena',
  'Coliseum',
  'Ice Palace',
  'Centre',
  'Gardens',
  'Forum',
  'Ice Hall',
  'Memorial Arena',
  'Sports Centre',
];

/**
 * Creates the teams of one league. `nextId` hands out team and arena ids in creation order;
 * `usedNames` keeps club names unique across the world.
 */
export function createLeagueTeams(
  rng: Rng,
  league: LeagueDef,
  count: number,
  ids: { team: () => number; arena: () => number },
  usedNames: Set<string>,
): TeamRec[] {
  const teams: TeamRec[] = [];
  if (league.teamType === 'international') {
    const nations = NATIONS[league.teamClass].slice(0, count);
    nations.forEach((slug, index) => {
      const country = COUNTRIES.find((c) => c.slug === slug);
      const name = country?.name ?? slug.toUpperCase();
      teams.push(
        baseTeam(
          rng,
          ids.team(),
          name,
          `${slugify(name)}${league.teamClass === 'women' ? '-w' : ''}`,
          null,
          slug,
          league,
          index,
          null,
        ),
      );
    });
    return teams;
  }
  const cityCountry = league.cityCountry ?? league.countrySlug;
  const cityList = rng.shuffle(CITIES[cityCountry] ?? CITIES.usa ?? []);
  const patterns = EUROPEAN_CLUB_PATTERNS[cityCountry];
  for (let index = 0; index < count; index++) {
    const city = cityList[index % cityList.length] ?? `City ${index + 1}`;
    let name = '';
    // Club names are unique across the world; after many clashes the league name tells two apart.
    for (let attempt = 0; name === '' || usedNames.has(name); attempt++) {
      name = patterns ? rng.pick(patterns).replace('{city}', city) : `${city} ${rng.pick(NICKNAMES)}`;
      if (attempt > 20) name = `${name} ${league.name}${attempt > 40 ? ` ${attempt}` : ''}`;
    }
    usedNames.add(name);
    const country = COUNTRIES.find((c) => c.slug === cityCountry);
    const arena: ArenaRec = {
      id: ids.arena(),
      name: `${city} ${rng.pick(ARENA_WORDS)}`,
      location: `${city}, ${country?.name ?? cityCountry}`,
      yearOfConstruction: rng.int(1950, 2022),
      capacity: capacityFor(rng, league),
      countrySlug: cityCountry,
    };
    teams.push(baseTeam(rng, ids.team(), name, slugify(name), city, cityCountry, league, index, arena));
  }
  return teams;
}

function capacityFor(rng: Rng, league: LeagueDef): number {
  switch (league.leagueLevel) {
    case 'professional':
      return league.teamClass === 'women' ? rng.int(2500, 9000) : rng.int(6000, 21000);
    case 'minor-pro':
    case 'semi-professional':
      return rng.int(3500, 11000);
    default:
      return rng.int(1500, 8000);
  }
}

function baseTeam(
  rng: Rng,
  id: number,
  name: string,
  slug: string,
  city: string | null,
  countrySlug: string,
  league: LeagueDef,
  index: number,
  arena: ArenaRec | null,
): TeamRec {
  const a = rng.pick(COLOR_NAMES);
  let b = rng.pick(COLOR_NAMES);
  if (b[0] === a[0]) b = COLOR_NAMES.find((c) => c[0] !== a[0]) ?? b;
  return {
    id,
    slug,
    name,
    city,
    countrySlug,
    league,
    index,
    group: league.groups ? (league.groups[index % league.groups.length] ?? null) : null,
    founded: league.founded - rng.int(0, 25),
    colors: [a[0], b[0]],
    arena,
    roster: [],
    staff: new Map(),
    affiliates: [],
  };
}

/** Pairs team i of a minor league with team i of its parent league, both directions. */
export function linkAffiliates(parent: TeamRec[], minor: TeamRec[]): void {
  for (let i = 0; i < Math.min(parent.length, minor.length); i++) {
    const p = parent[i] as TeamRec;
    const m = minor[i] as TeamRec;
    p.affiliates.push(m.id);
    m.affiliates.push(p.id);
  }
}

/** The hex colours of a colour pair, for the team logo's colour array. */
export function colorHexes(colors: [string, string]): string[] {
  return colors.map((c) => COLOR_NAMES.find((x) => x[0] === c)?.[1] ?? '#000000');
}

/** Nicknames a club carried before its current one (picked by team id, so the world stays reproducible). */
const FORMER_NICKNAMES = ['Pioneers', 'Rovers', 'Nationals', 'Mariners', 'Arrows', 'Flyers', 'Cougars'];

/**
 * The name `team` carried in `year`. A few clubs (every ninth, by id, with a city) played their earlier
 * seasons under a former name, `<city> <nickname>`, until halfway between their founding (or the data's
 * first season) and `lastYear`, as real franchises were renamed; searches must find them by either name.
 */
export function seasonTeamName(team: TeamRec, year: number, firstYear: number, lastYear: number): string {
  if (team.league.teamType !== 'club' || !team.city || team.id % 9 !== 4) return team.name;
  const from = Math.max(team.founded, firstYear);
  const renamed = from + Math.floor((lastYear - from) / 2);
  if (year >= renamed) return team.name;
  const nickname = FORMER_NICKNAMES[team.id % FORMER_NICKNAMES.length] as string;
  const former = `${team.city} ${nickname}`;
  return former === team.name ? `${team.city} Original ${nickname}` : former;
}
