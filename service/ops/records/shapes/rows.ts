/**
 * Row types of the SQLite tables (service/db/schema.ts), as `node:sqlite` returns them.
 * Column names follow the spec's field names; units: cm, kg, TOI minutes, SVP a fraction.
 */

export interface CountryRow {
  slug: string;
  name: string;
  iso_3166_1_alpha_2: string;
  updatedAt: string;
}

export interface LeagueRow {
  id: number;
  slug: string;
  name: string;
  fullName: string;
  commonName: string;
  teamClass: string;
  leagueType: string | null;
  leagueLevel: string | null;
  scheduleType: string;
  countrySlug: string | null;
  continent: string | null;
  region: string | null;
  defaultSeason: string | null;
  activeSeason: string | null;
  firstSeason: string | null;
  lastSeason: string | null;
  officialWebUrl: string | null;
  updatedAt: string;
}

export interface ArenaRow {
  id: number;
  name: string;
  location: string | null;
  yearOfConstruction: number | null;
  capacity: number | null;
  countrySlug: string | null;
  updatedAt: string;
}

export interface TeamRow {
  id: number;
  slug: string;
  name: string;
  extraName: string | null;
  fullName: string;
  founded: number | null;
  city: string | null;
  colors: string | null;
  logoColors: string | null;
  status: string;
  leagueSlug: string | null;
  secondaryLeagueSlug: string | null;
  teamType: string;
  teamClass: string;
  countrySlug: string | null;
  continent: string | null;
  defaultSeason: string | null;
  activeSeason: string | null;
  arenaId: number | null;
  secondaryArenaId: number | null;
  capHit: string | null;
  views: number;
  currentRosterSize: number;
  notes: string | null;
  mhrRating: number | null;
  mhrId: number | null;
  officialWebUrl: string | null;
  updatedAt: string;
}

export interface TeamSeasonRow {
  teamId: number;
  seasonSlug: string;
  leagueSlug: string;
  secondaryLeagueSlug: string | null;
  teamName: string;
  isDefault: number;
  isActive: number;
}

export interface AgencyRow {
  id: number;
  name: string;
  location: string | null;
  email: string | null;
  countrySlug: string | null;
  secondaryCountrySlug: string | null;
  verified: number;
  info: string | null;
  agents: string;
  webUrl: string | null;
  updatedAt: string;
}

export interface PlayerRow {
  id: number;
  slug: string;
  firstName: string;
  lastName: string;
  gender: string;
  status: string;
  playerType: string;
  position: string | null;
  detailedPosition: string;
  shoots: string | null;
  catches: string | null;
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  /** Absent in a database made before the column existed: served as null. */
  dateOfDeath?: string | null;
  placeOfBirth: string | null;
  youthTeam: string | null;
  nationalitySlug: string | null;
  secondaryNationalitySlug: string | null;
  heightCm: number | null;
  weightKg: number | null;
  contract: string | null;
  capHit: string | null;
  gameStatus: string;
  views: number;
  staffId: number | null;
  agencyId: number | null;
  currentTeamId: number | null;
  rightsTeamId: number | null;
  updatedAt: string;
}

export interface StaffRow {
  id: number;
  slug: string;
  firstName: string;
  lastName: string;
  nationalitySlug: string | null;
  status: string;
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  placeOfBirth: string | null;
  playerId: number | null;
  biography: string | null;
  updatedAt: string;
}

/** A `player_stats` row; the stat blocks are the flattened `reg_*`, `post_*`, `tot_*` columns. */
export interface PlayerStatsRow {
  id: number;
  playerId: number;
  teamId: number;
  leagueSlug: string;
  seasonSlug: string;
  isGoalie: number;
  statsType: string;
  status: string;
  playerAge: number | null;
  jerseyNumber: string | null;
  playerRole: string | null;
  contractType: string | null;
  postseasonType: string | null;
  postseasonName: string | null;
  statsProvider: string | null;
  updatedAt: string;
  [statColumn: string]: string | number | null;
}

export interface StandingsRow {
  id: number;
  leagueSlug: string;
  seasonSlug: string;
  teamId: number;
  teamName: string;
  group: string | null;
  position: number;
  medalClass: string | null;
  playoffMedalClass: string | null;
  postseason: string | null;
  info: string | null;
  GP: number;
  W: number;
  L: number;
  T: number | null;
  OTW: number | null;
  OTL: number | null;
  PTS: number;
  GF: number;
  GA: number;
  GD: number;
  PPG: number | null;
  updatedAt: string;
}
