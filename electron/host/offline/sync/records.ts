import {
  type DraftPick,
  type OfflinePlayer,
  type OfflineStatsRow,
  STAT_KEYS,
  type StatLine,
} from '../../../../shared/domain/offline.ts';

/**
 * Reading the service's records (spec, "Player", "Player statistics record") into the store's shapes.
 * Records are untrusted JSON: every field is checked for its type and missing ones become null.
 */

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The Player fields the store keeps (spec, "Player"), asked of `/players/{id}` and, as `player.<field>`,
 * of the team player-stats pages. Keep it in step with {@link playerFromRecord}.
 */
export const STORE_PLAYER_FIELDS = [
  'id',
  'name',
  'firstName',
  'lastName',
  'position',
  'detailedPosition',
  'draftSelection',
  'nationality',
  'dateOfBirth',
  'yearOfBirth',
  'height',
  'weight',
  'shoots',
  'catches',
  'updatedAt',
  'agencies',
] as const;

/**
 * Whether a player record carries every field the store keeps (a field present as null counts: the
 * service says it is unknown). The player embedded in a stats record lacks `position`, `shoots` and
 * `catches` unless the page was asked for them (spec, "Player"): then `/players/{id}` gives them.
 */
export function hasStoreFields(r: Rec): boolean {
  return STORE_PLAYER_FIELDS.every((f) => f in r);
}

function statLine(v: unknown): StatLine {
  const o = obj(v) ?? {};
  const out: StatLine = {};
  for (const k of STAT_KEYS) out[k] = num(o[k]);
  return out;
}

/** A Draft selection (spec, "Draft selection") as the store keeps it, or null without a year. */
function draftPick(d: Rec | null): DraftPick | null {
  const year = d === null ? null : num(d.year);
  if (d === null || year === null) return null;
  return { year, round: num(d.round), overall: num(d.overall), teamName: str(d.teamName) ?? str(obj(d.team)?.name) };
}

/** A Player (full, from `/players/{id}`, or the one embedded in a stats record) as the store keeps it. */
export function playerFromRecord(r: Rec): OfflinePlayer | null {
  const id = num(r.id);
  const name = str(r.name);
  if (id === null || name === null) return null;
  const nat = obj(r.nationality);
  const natSlug = nat ? str(nat.slug) : null;
  const agency = Array.isArray(r.agencies) ? obj(r.agencies.find((a) => num(obj(a)?.id) !== null)) : null;
  const agencyId = num(agency?.id);
  return {
    id,
    name,
    firstName: str(r.firstName),
    lastName: str(r.lastName),
    position: str(r.position),
    detailedPosition: Array.isArray(r.detailedPosition)
      ? r.detailedPosition.filter((p): p is string => typeof p === 'string')
      : [],
    draftSelection: draftPick(obj(r.draftSelection)),
    nationality: natSlug === null ? null : { slug: natSlug, name: str(nat?.name) },
    dateOfBirth: str(r.dateOfBirth),
    yearOfBirth: num(r.yearOfBirth),
    height: { metrics: num(obj(r.height)?.metrics) },
    weight: { metrics: num(obj(r.weight)?.metrics) },
    shoots: str(r.shoots),
    catches: str(r.catches),
    updatedAt: str(r.updatedAt),
    agency: agencyId === null ? null : { id: agencyId, name: str(agency?.name) },
  };
}

/** The league and season slugs a stats record names (null when it names none). */
export function recordScope(r: Rec): { league: string | null; season: string | null } {
  return { league: str(obj(r.league)?.slug), season: str(obj(r.season)?.slug) };
}

/**
 * A `/teams/{id}/player-stats` record as a stats row of team `teamId` in the team-season of `league`
 * and `season` (the league it was played in: the record's, else the team-season's), or null when
 * malformed.
 */
export function statsRowFromRecord(r: Rec, teamId: number, league: string, season: string): OfflineStatsRow | null {
  const id = num(r.id);
  const playerId = num(obj(r.player)?.id);
  if (id === null || playerId === null) return null;
  return {
    id,
    playerId,
    team: { id: teamId, name: str(r.teamName) },
    leagueSlug: str(obj(r.league)?.slug) ?? league,
    season: str(obj(r.season)?.slug) ?? season,
    playerAge: num(r.playerAge),
    regularStats: statLine(r.regularStats),
    postseasonStats: statLine(r.postseasonStats),
    totalStats: statLine(r.totalStats),
  };
}
