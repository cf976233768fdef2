/**
 * The local service's SQLite schema (node:sqlite). One file holds the whole hockey
 * world plus its provenance. Both the synthetic generator and the Hockey Databank
 * importer write it; the HTTP handlers only read it.
 *
 * Conventions:
 * - Column names follow the spec's field names (camelCase) so SQL maps to JSON plainly.
 * - Seasons are referenced by slug (`2023-2024`); leagues by slug; countries by slug
 *   (ISO 3166-1 alpha-3, lower-case, e.g. `can`, as the spec's country filters take).
 * - Units: height in cm, weight in kg, TOI in minutes (REAL), SVP a fraction 0..1,
 *   GAA goals per 60 minutes. Imperial values are derived when records are built.
 * - Stat blocks of player stats are flattened: `reg_GP`, `post_GP`, `tot_GP` …
 *   (prefixes `reg_`, `post_`, `tot_` for regularStats, postseasonStats, totalStats).
 * - Booleans are INTEGER 0/1. JSON arrays are TEXT holding JSON.
 * - Timestamps (`updatedAt`) are ISO 8601 strings in UTC.
 * - Every list sort ends with the record id as tie-break, so indexes end with `id`.
 */

import { SEASON_STAT_KEYS, STANDINGS_STAT_KEYS } from '../../shared/contract/spec.ts';

/** Column prefix of each stat block in `player_stats`. */
export const STAT_BLOCK_PREFIX = { regularStats: 'reg_', postseasonStats: 'post_', totalStats: 'tot_' } as const;

/** A stat block of a player-stats record: `regularStats`, `postseasonStats` or `totalStats`. */
export type StatBlockName = keyof typeof STAT_BLOCK_PREFIX;

/**
 * The `player_stats` columns of each block, in SEASON_STAT_KEYS order (`reg_GP`, `post_SVP`, …). Built once:
 * reading a row by names made anew for every row costs more than the rest of the record.
 */
export const STAT_BLOCK_COLUMNS = Object.fromEntries(
  Object.entries(STAT_BLOCK_PREFIX).map(([block, prefix]) => [block, SEASON_STAT_KEYS.map((k) => `${prefix}${k}`)]),
) as Record<StatBlockName, string[]>;

const statColumns = (prefix: string) =>
  SEASON_STAT_KEYS.map(
    (k) => `  ${prefix}${k} ${k === 'GAA' || k === 'SVP' || k === 'TOI' || k === 'PPG' ? 'REAL' : 'INTEGER'}`,
  ).join(',\n');

/** The DDL, in creation order. Idempotent (`IF NOT EXISTS`). */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS countries (
  slug TEXT PRIMARY KEY,               -- ISO 3166-1 alpha-3, lower-case: 'can', 'swe'
  name TEXT NOT NULL,
  iso_3166_1_alpha_2 TEXT NOT NULL,
  updatedAt TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS seasons (
  slug TEXT PRIMARY KEY,               -- '2023-2024'
  startYear INTEGER NOT NULL,
  endYear INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS leagues (
  id INTEGER PRIMARY KEY,              -- internal, for stable tie-breaks
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  fullName TEXT NOT NULL,
  commonName TEXT NOT NULL,
  teamClass TEXT NOT NULL,             -- 'men' | 'women'
  leagueType TEXT,                     -- 'league' | 'cup' | NULL
  leagueLevel TEXT,                    -- 'professional', 'junior', ...
  scheduleType TEXT NOT NULL DEFAULT 'default',
  countrySlug TEXT REFERENCES countries(slug),
  continent TEXT,                      -- INT AF AN AS EU NA OC SA
  region TEXT,
  defaultSeason TEXT REFERENCES seasons(slug),
  activeSeason TEXT REFERENCES seasons(slug),
  firstSeason TEXT REFERENCES seasons(slug),
  lastSeason TEXT REFERENCES seasons(slug),
  officialWebUrl TEXT,
  updatedAt TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS arenas (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  location TEXT,
  yearOfConstruction INTEGER,
  capacity INTEGER,
  countrySlug TEXT REFERENCES countries(slug),
  updatedAt TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS teams (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  extraName TEXT,
  fullName TEXT NOT NULL,
  founded INTEGER,
  city TEXT,
  colors TEXT,                         -- e.g. 'Blue, White'
  logoColors TEXT,                     -- JSON array of hex colours
  status TEXT NOT NULL,                -- 'active' | 'not-active'
  leagueSlug TEXT REFERENCES leagues(slug),
  secondaryLeagueSlug TEXT REFERENCES leagues(slug),
  teamType TEXT NOT NULL,              -- 'club' | 'international'
  teamClass TEXT NOT NULL,             -- 'men' | 'women'
  countrySlug TEXT REFERENCES countries(slug),
  continent TEXT,
  defaultSeason TEXT REFERENCES seasons(slug),
  activeSeason TEXT REFERENCES seasons(slug),
  arenaId INTEGER REFERENCES arenas(id),
  secondaryArenaId INTEGER REFERENCES arenas(id),
  capHit TEXT,
  views INTEGER NOT NULL DEFAULT 0,
  currentRosterSize INTEGER NOT NULL DEFAULT 0,
  notes TEXT,
  mhrRating INTEGER,
  mhrId INTEGER,
  officialWebUrl TEXT,
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS teams_name ON teams(name COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS teams_league ON teams(leagueSlug, id);
CREATE INDEX IF NOT EXISTS teams_country ON teams(countrySlug, id);
CREATE INDEX IF NOT EXISTS teams_arena ON teams(arenaId, id);
CREATE INDEX IF NOT EXISTS teams_views ON teams(views, id);
CREATE INDEX IF NOT EXISTS teams_updated ON teams(updatedAt, id);
CREATE INDEX IF NOT EXISTS teams_mhr ON teams(mhrRating, id);

-- The teams affiliated with a team (GET /teams/{id}/affiliates), both directions stored.
CREATE TABLE IF NOT EXISTS team_affiliates (
  teamId INTEGER NOT NULL REFERENCES teams(id),
  affiliateId INTEGER NOT NULL REFERENCES teams(id),
  PRIMARY KEY (teamId, affiliateId)
) STRICT, WITHOUT ROWID;

-- A team in a league for a season (GET /teams/{id}/seasons, GET /leagues/{slug}/seasons).
CREATE TABLE IF NOT EXISTS team_seasons (
  teamId INTEGER NOT NULL REFERENCES teams(id),
  seasonSlug TEXT NOT NULL REFERENCES seasons(slug),
  leagueSlug TEXT NOT NULL REFERENCES leagues(slug),
  secondaryLeagueSlug TEXT REFERENCES leagues(slug),
  teamName TEXT NOT NULL,              -- the name the team carried that season
  isDefault INTEGER NOT NULL DEFAULT 0,
  isActive INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (teamId, seasonSlug, leagueSlug)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS team_seasons_league ON team_seasons(leagueSlug, seasonSlug);

CREATE TABLE IF NOT EXISTS agencies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  location TEXT,
  email TEXT,
  countrySlug TEXT REFERENCES countries(slug),
  secondaryCountrySlug TEXT REFERENCES countries(slug),
  verified INTEGER NOT NULL DEFAULT 0,
  info TEXT,
  agents TEXT NOT NULL DEFAULT '[]',   -- JSON array of names
  webUrl TEXT,
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS agencies_name ON agencies(name COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS agencies_country ON agencies(countrySlug, id);
CREATE INDEX IF NOT EXISTS agencies_updated ON agencies(updatedAt, id);

CREATE TABLE IF NOT EXISTS players (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  firstName TEXT NOT NULL,
  lastName TEXT NOT NULL,
  gender TEXT NOT NULL,                -- 'male' | 'female'
  status TEXT NOT NULL,                -- 'active' | 'retired' ...
  playerType TEXT NOT NULL,            -- 'GOALTENDER' | 'SKATER'
  position TEXT,                       -- 'G' | 'D' | 'F' | NULL
  detailedPosition TEXT NOT NULL DEFAULT '[]', -- JSON array: ["C"], ["LW","RW"]
  shoots TEXT,                         -- skaters: 'L' | 'R'
  catches TEXT,                        -- goaltenders: 'L' | 'R'
  dateOfBirth TEXT,                    -- 'YYYY-MM-DD' or NULL
  yearOfBirth INTEGER,
  dateOfDeath TEXT,                    -- 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' (as precise as known), or NULL
  placeOfBirth TEXT,
  youthTeam TEXT,
  nationalitySlug TEXT REFERENCES countries(slug),
  secondaryNationalitySlug TEXT REFERENCES countries(slug),
  heightCm REAL,                       -- cm
  weightKg REAL,                       -- kg
  contract TEXT,                       -- e.g. '2026'
  capHit TEXT,
  gameStatus TEXT NOT NULL DEFAULT 'healthy',
  views INTEGER NOT NULL DEFAULT 0,
  staffId INTEGER,                     -- the same person's staff record, if any
  agencyId INTEGER REFERENCES agencies(id),
  currentTeamId INTEGER REFERENCES teams(id),
  rightsTeamId INTEGER REFERENCES teams(id), -- the team whose system holds the player (in-the-system)
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS players_name ON players(lastName COLLATE NOCASE, firstName COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS players_rights ON players(rightsTeamId, id);
CREATE INDEX IF NOT EXISTS players_current_team ON players(currentTeamId, id);
-- An agency's clients (numberOfClients of GET /agencies): counted from this index, not a scan of players.
CREATE INDEX IF NOT EXISTS players_agency ON players(agencyId) WHERE agencyId IS NOT NULL;

CREATE TABLE IF NOT EXISTS staff (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  firstName TEXT NOT NULL,
  lastName TEXT NOT NULL,
  nationalitySlug TEXT REFERENCES countries(slug),
  status TEXT NOT NULL DEFAULT 'active',
  dateOfBirth TEXT,
  yearOfBirth INTEGER,
  placeOfBirth TEXT,
  playerId INTEGER REFERENCES players(id),
  biography TEXT,
  updatedAt TEXT NOT NULL
) STRICT;

-- A staff member's role with a team in a season (GET /staff-stats/teams counts these).
CREATE TABLE IF NOT EXISTS staff_stats (
  id INTEGER PRIMARY KEY,
  staffId INTEGER NOT NULL REFERENCES staff(id),
  seasonSlug TEXT NOT NULL REFERENCES seasons(slug),
  teamId INTEGER NOT NULL REFERENCES teams(id),
  leagueSlug TEXT NOT NULL REFERENCES leagues(slug),
  status TEXT NOT NULL,                -- 'rostered' | 'not-active-on-team' | 'not-active'
  role TEXT NOT NULL,                  -- 'Head Coach' | 'Assistant Coach' | 'Goaltending Coach' | ...
  notes TEXT,
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS staff_stats_team ON staff_stats(teamId, seasonSlug, id);
CREATE INDEX IF NOT EXISTS staff_stats_league ON staff_stats(leagueSlug, seasonSlug, teamId);
CREATE INDEX IF NOT EXISTS staff_stats_staff ON staff_stats(staffId, seasonSlug);

-- Player season statistics: one row per line of a player, team, league, season and statsType. A player has
-- one line there, or two when a skater also went in goal (a skating line and a goalie line, isGoalie 0 and 1,
-- each with its own id and GP). GET /teams/{id}/goaltending-leaders reads the goalie lines (isGoalie 1).
CREATE TABLE IF NOT EXISTS player_stats (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL REFERENCES players(id),
  teamId INTEGER NOT NULL REFERENCES teams(id),
  leagueSlug TEXT NOT NULL REFERENCES leagues(slug),
  seasonSlug TEXT NOT NULL REFERENCES seasons(slug),
  isGoalie INTEGER NOT NULL,           -- 1 for goaltender rows (denormalised for the hot index)
  statsType TEXT NOT NULL DEFAULT 'default', -- 'default' | 'projected'
  status TEXT NOT NULL DEFAULT 'rostered',   -- 'rostered' | 'not-active-on-team' | 'not-active'
  playerAge INTEGER,
  jerseyNumber TEXT,
  playerRole TEXT,                     -- 'C' | 'A' | NULL
  contractType TEXT,
  postseasonType TEXT,                 -- 'POSTSEASON' | NULL
  postseasonName TEXT,                 -- e.g. 'Stanley Cup Playoffs'
  statsProvider TEXT,                  -- JSON object or NULL
  updatedAt TEXT NOT NULL,
${statColumns('reg_')},
${statColumns('post_')},
${statColumns('tot_')}
) STRICT;
-- The hot path: a team's goalies in a season, sorted by a stat, paged.
CREATE INDEX IF NOT EXISTS player_stats_team_goalies ON player_stats(teamId, isGoalie, seasonSlug, id);
CREATE INDEX IF NOT EXISTS player_stats_team_svp ON player_stats(teamId, isGoalie, seasonSlug, reg_SVP, id);
CREATE INDEX IF NOT EXISTS player_stats_team_gaa ON player_stats(teamId, isGoalie, seasonSlug, reg_GAA, id);
CREATE INDEX IF NOT EXISTS player_stats_player ON player_stats(playerId, seasonSlug);
CREATE INDEX IF NOT EXISTS player_stats_league ON player_stats(leagueSlug, seasonSlug, teamId);

-- Standings (team stats) per league, season and team (real-service-notes, "Standings record").
CREATE TABLE IF NOT EXISTS standings (
  id INTEGER PRIMARY KEY,
  leagueSlug TEXT NOT NULL REFERENCES leagues(slug),
  seasonSlug TEXT NOT NULL REFERENCES seasons(slug),
  teamId INTEGER NOT NULL REFERENCES teams(id),
  teamName TEXT NOT NULL,              -- the name the team carried that season
  "group" TEXT,                        -- 'Atlantic Division'
  position INTEGER NOT NULL,           -- rank within the league (served as a string)
  medalClass TEXT,
  playoffMedalClass TEXT,
  postseason TEXT,                     -- e.g. 'Lost in Final'
  info TEXT,
  GP INTEGER NOT NULL, W INTEGER NOT NULL, L INTEGER NOT NULL, T INTEGER, OTW INTEGER, OTL INTEGER,
  PTS INTEGER NOT NULL, GF INTEGER NOT NULL, GA INTEGER NOT NULL, GD INTEGER NOT NULL, PPG REAL,
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS standings_league_season ON standings(leagueSlug, seasonSlug, position, id);
CREATE INDEX IF NOT EXISTS standings_team ON standings(teamId, seasonSlug);

CREATE TABLE IF NOT EXISTS transfers (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL REFERENCES players(id),
  fromTeamId INTEGER REFERENCES teams(id),
  toTeamId INTEGER REFERENCES teams(id),
  date TEXT NOT NULL,                  -- 'YYYY-MM-DD'
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS transfers_from ON transfers(fromTeamId, date);
CREATE INDEX IF NOT EXISTS transfers_to ON transfers(toTeamId, date);

CREATE TABLE IF NOT EXISTS player_images (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL REFERENCES players(id),
  url TEXT NOT NULL,
  thumbnailUrl TEXT NOT NULL,
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS player_images_player ON player_images(playerId, id);

-- Players each team lists as a star or cult favourite.
CREATE TABLE IF NOT EXISTS stars_and_cult_players (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL REFERENCES players(id),
  teamId INTEGER NOT NULL REFERENCES teams(id),
  updatedAt TEXT NOT NULL
) STRICT;

-- One player's game (the rows /game-log-aggregate aggregates).
CREATE TABLE IF NOT EXISTS game_logs (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL REFERENCES players(id),
  teamId INTEGER NOT NULL REFERENCES teams(id),
  opponentId INTEGER NOT NULL REFERENCES teams(id),
  leagueSlug TEXT NOT NULL REFERENCES leagues(slug),
  seasonSlug TEXT NOT NULL REFERENCES seasons(slug),
  date TEXT NOT NULL,
  teamScore INTEGER NOT NULL,
  opponentScore INTEGER NOT NULL,
  teamScoreSo INTEGER,
  opponentScoreSo INTEGER,
  updatedAt TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS game_logs_player ON game_logs(playerId, date);
CREATE INDEX IF NOT EXISTS game_logs_league ON game_logs(leagueSlug, seasonSlug);
`;

/**
 * Keys of the `meta` table. `provenance` is JSON: {source, seed?, size?, attribution?, description}.
 * `databaseId` names the database for the app's offline store, which tells two databases apart by it
 * (service/db/open.ts, `databaseIdentity`): a random UUID given to a synthetic world when it is made, and
 * for a Hockey Databank import a hash of the files it read (data/databank/identity.ts), so the same
 * Databank imported by two scouts is one source. Never changed after the file is made.
 */
export const META_KEYS = {
  schemaVersion: 'schemaVersion',
  provenance: 'provenance',
  databaseId: 'databaseId',
} as const;
export const SCHEMA_VERSION = '1';

/** Standings stat columns, in spec order. */
export const STANDINGS_COLUMNS = STANDINGS_STAT_KEYS;
