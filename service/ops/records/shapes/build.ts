import type { LinkContext } from '../../../query/types.ts';
import type { AgencyRow, ArenaRow, CountryRow, LeagueRow, PlayerRow, StaffRow, TeamRow } from './rows.ts';
import { ageToday, asset, parseJsonArray, season, selfLinks } from './urls.ts';

/**
 * Pure record builders: a row plus its already-built nested records → the spec's record with its
 * exact field names and types (spec, "Resources and their fields"). Fields the data does not hold
 * are null (strings/objects), `[]` (arrays) or `false` (flags).
 */

type Rec = Record<string, unknown>;

/** The social links a league's and a team's `links` hold, in the spec's order: none recorded. */
const NO_SOCIAL_LINKS = { facebook: null, x: null, twitter: null, instagram: null, youtube: null } as const;

/** Country (spec, "Country"). */
export function countryRecord(r: CountryRow, l: LinkContext): Rec {
  return {
    slug: r.slug,
    name: r.name,
    iso_3166_1_alpha_2: r.iso_3166_1_alpha_2,
    flagUrl: { small: asset(l, 'flags', r.slug, 'small'), medium: asset(l, 'flags', r.slug, 'medium') },
    serviceUrlPath: `/nation/${r.slug}`,
    updatedAt: r.updatedAt,
    _links: selfLinks(l, `/countries/${r.slug}`),
  };
}

/** League (spec, "League"). */
export function leagueRecord(r: LeagueRow, country: Rec | null, numberOfTeams: number, l: LinkContext): Rec {
  const logo = asset(l, 'leagues', r.slug, 'logo');
  return {
    slug: r.slug,
    name: r.name,
    fullName: r.fullName,
    commonName: r.commonName,
    teamClass: r.teamClass,
    leagueType: r.leagueType,
    leagueLevel: r.leagueLevel,
    scheduleType: r.scheduleType,
    defaultSeason: season(r.defaultSeason),
    activeSeason: season(r.activeSeason),
    country,
    continent: r.continent,
    region: r.region,
    flagUrl: (country?.flagUrl as Rec | undefined) ?? null,
    logo: { url: logo, colors: [], hasTransparency: true },
    logoUrl: logo,
    imageUrl: asset(l, 'leagues', r.slug, 'image'),
    numberOfTeams,
    primaryDraftType: null,
    existsInLeagueEndpoint: true,
    hasProjectedStats: false,
    historicalData:
      r.firstSeason !== null
        ? [
            {
              slug: r.slug,
              name: r.name,
              fullName: r.fullName,
              firstSeason: season(r.firstSeason),
              lastSeason: season(r.lastSeason),
            },
          ]
        : [],
    links: {
      serviceUrl: `${l.origin}/league/${r.slug}`,
      officialWebUrl: r.officialWebUrl,
      statsUrl: null,
      newsUrls: [],
      forumUrl: null,
      ...NO_SOCIAL_LINKS,
    },
    serviceUrlPath: `/league/${r.slug}`,
    updatedAt: r.updatedAt,
    _links: selfLinks(l, `/leagues/${r.slug}`),
  };
}

/** Arena (spec, "Arena"). */
export function arenaRecord(r: ArenaRow, country: Rec | null, l: LinkContext): Rec {
  return {
    id: r.id,
    name: r.name,
    location: r.location,
    yearOfConstruction: r.yearOfConstruction,
    capacity: r.capacity,
    infoAsHTML: null,
    imageUrl: asset(l, 'arenas', r.id, 'image'),
    country,
    serviceUrlPath: `/arena/${r.id}`,
    _links: selfLinks(l, `/arenas/${r.id}`),
    updatedAt: r.updatedAt,
  };
}

/** Team logo object `{small, medium, large}` (Team season, Standings, Player statistics records). */
export function teamLogo(teamId: number, l: LinkContext): { small: string; medium: string; large: string } {
  return {
    small: asset(l, 'teams', teamId, 'small'),
    medium: asset(l, 'teams', teamId, 'medium'),
    large: asset(l, 'teams', teamId, 'large'),
  };
}

/** Team (spec, "Team"). */
export function teamRecord(
  r: TeamRow,
  nested: {
    league: Rec | null;
    secondaryLeague: Rec | null;
    country: Rec | null;
    arena: Rec | null;
    secondaryArena: Rec | null;
  },
  l: LinkContext,
): Rec {
  const logo = teamLogo(r.id, l);
  return {
    id: r.id,
    name: r.name,
    extraName: r.extraName,
    fullName: r.fullName,
    logo: { ...logo, colors: parseJsonArray(r.logoColors), hasTransparency: true },
    logoUrl: logo.large,
    founded: r.founded,
    city: r.city,
    colors: r.colors,
    status: r.status,
    league: nested.league,
    secondaryLeague: nested.secondaryLeague,
    teamType: r.teamType,
    teamClass: r.teamClass,
    country: nested.country,
    continent: r.continent,
    flagUrl: (nested.country?.flagUrl as Rec | undefined) ?? null,
    defaultSeason: season(r.defaultSeason),
    activeSeason: season(r.activeSeason),
    arena: nested.arena,
    secondaryArena: nested.secondaryArena,
    capHit: r.capHit,
    views: r.views,
    currentRosterSize: r.currentRosterSize,
    links: {
      serviceUrl: `${l.origin}/team/${r.id}/${r.slug}`,
      officialWebUrl: r.officialWebUrl,
      newsUrl: null,
      newspaperUrl: null,
      tvUrl: null,
      radioUrl: null,
      blogUrl: null,
      forumUrl: null,
      ...NO_SOCIAL_LINKS,
      capHitUrl: null,
      lineCombinationsUrl: null,
      nationNetworkUrl: null,
    },
    notes: r.notes,
    serviceUrlPath: `/team/${r.id}/${r.slug}`,
    slug: r.slug,
    updatedAt: r.updatedAt,
    _links: selfLinks(l, `/teams/${r.id}`),
    mhrRating: r.mhrRating,
    mhrId: r.mhrId,
    mhrUrl: r.mhrId === null ? null : `${l.origin}/mhr/${r.mhrId}`,
  };
}

const photo = (l: LinkContext, kind: string, id: number) => ({
  small: asset(l, kind, id, 'small'),
  medium: asset(l, kind, id, 'medium'),
  large: asset(l, kind, id, 'large'),
  original: asset(l, kind, id, 'original'),
});

const personLinks = () => ({
  serviceUrl: null,
  officialWebUrl: null,
  x: null,
  twitter: null,
  youtube: null,
  youtubeDescription: null,
  facebook: null,
  linkedin: null,
  instagram: null,
});

/**
 * Staff (spec, "Staff"). When nested (a player's `staff`, a record's `coaches`), `player` is null and
 * `latestStats` null, so records do not recurse.
 */
export function staffRecord(r: StaffRow, nationality: Rec | null, l: LinkContext): Rec {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    name: `${r.firstName} ${r.lastName}`,
    alternativeName: null,
    initialOfFirstName: r.firstName.slice(0, 1),
    initialOfLastName: r.lastName.slice(0, 1),
    imageUrl: asset(l, 'staff', r.id, 'medium'),
    imageCopyright: null,
    photo: photo(l, 'staff', r.id),
    nationality,
    secondaryNationality: null,
    status: r.status,
    yearOfBirth: r.yearOfBirth ?? (r.dateOfBirth ? Number(r.dateOfBirth.slice(0, 4)) : null),
    dateOfBirth: r.dateOfBirth,
    age: ageToday(r.dateOfBirth, r.yearOfBirth),
    placeOfBirth: r.placeOfBirth,
    verified: false,
    verifiedStyle: 0,
    contactable: false,
    views: 0,
    player: null,
    latestStats: null,
    leagueExperience: [],
    biography: r.biography,
    links: personLinks(),
    serviceUrlPath: `/staff/${r.id}/${r.slug}`,
    slug: r.slug,
    updatedAt: r.updatedAt,
    _links: selfLinks(l, `/staff/${r.id}`),
  };
}

/** Agency (spec, "Agency"). */
export function agencyRecord(
  r: AgencyRow,
  country: Rec | null,
  secondaryCountry: Rec | null,
  numberOfClients: number,
  l: LinkContext,
): Rec {
  return {
    id: r.id,
    name: r.name,
    logoUrl: asset(l, 'agencies', r.id, 'logo'),
    location: r.location,
    email: r.email,
    country,
    secondaryCountry,
    verified: r.verified === 1,
    info: r.info,
    numberOfClients,
    agents: parseJsonArray(r.agents),
    serviceUrlPath: `/agency/${r.id}`,
    links: { webUrl: r.webUrl, facebook: null, x: null, twitter: null, instagram: null },
    updatedAt: r.updatedAt,
    _links: selfLinks(l, `/agencies/${r.id}`),
  };
}

/** Height `{metrics: cm, imperial: "6'2\""}` and weight `{metrics: kg, imperial: lbs}` (spec, "Player"). */
export function heightOf(cm: number | null): { metrics: number; imperial: string } | null {
  if (cm === null) return null;
  const inches = Math.round(cm / 2.54);
  return { metrics: cm, imperial: `${Math.floor(inches / 12)}'${inches % 12}"` };
}
export function weightOf(kg: number | null): { metrics: number; imperial: number } | null {
  if (kg === null) return null;
  return { metrics: kg, imperial: Math.round(kg * 2.20462) };
}

/** Player (spec, "Player"), plus `dateOfDeath` (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`, or null; service/README.md). */
export function playerRecord(
  r: PlayerRow,
  nested: { nationality: Rec | null; secondaryNationality: Rec | null; staff: Rec | null; agencies: Rec[] },
  l: LinkContext,
): Rec {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    name: `${r.firstName} ${r.lastName}`,
    alternativeFirstName: null,
    alternativeLastName: null,
    alternativeName: null,
    initialOfFirstName: r.firstName.slice(0, 1),
    initialOfLastName: r.lastName.slice(0, 1),
    gender: r.gender,
    status: r.status,
    playerType: r.playerType,
    position: r.position,
    detailedPosition: parseJsonArray(r.detailedPosition),
    shoots: r.shoots,
    catches: r.catches,
    yearOfBirth: r.yearOfBirth ?? (r.dateOfBirth ? Number(r.dateOfBirth.slice(0, 4)) : null),
    age: ageToday(r.dateOfBirth, r.yearOfBirth),
    dateOfBirth: r.dateOfBirth,
    // An extension of the spec's Player (service/README.md): when the player died, as precise as known.
    dateOfDeath: r.dateOfDeath ?? null,
    placeOfBirth: r.placeOfBirth,
    youthTeam: r.youthTeam,
    nationality: nested.nationality,
    secondaryNationality: nested.secondaryNationality,
    weight: weightOf(r.weightKg),
    height: heightOf(r.heightCm),
    contract: r.contract,
    capHit: r.capHit,
    gameStatus: r.gameStatus,
    gameStatusInfo: null,
    views: r.views,
    imageUrl: asset(l, 'players', r.id, 'medium'),
    imageCopyright: null,
    photo: photo(l, 'players', r.id),
    pronunciationUrl: null,
    verified: false,
    contactable: false,
    verifiedStyle: 0,
    staff: nested.staff,
    agencies: nested.agencies,
    draftSelection: null,
    profileDescriptionAsHTML: null,
    biographyAsHTML: null,
    scoutingReportUrl: null,
    scoutingReportThumbnailUrl: null,
    playerStyles: [],
    links: { ...personLinks(), capHitUrl: null },
    serviceUrlPath: `/player/${r.id}/${r.slug}`,
    slug: r.slug,
    updatedAt: r.updatedAt,
    _links: selfLinks(l, `/players/${r.id}`),
  };
}
