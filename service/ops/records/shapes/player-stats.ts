import { SEASON_STAT_KEYS } from '../../../../shared/contract/spec.ts';
import { STAT_BLOCK_COLUMNS, type StatBlockName } from '../../../db/schema.ts';
import type { Projection, RequestContext } from '../../../query/types.ts';
import { keptMany } from '../caches/kept.ts';
import { get, loaderOf } from '../caches/loader.ts';
import { markImmutable } from '../json/json-text.ts';
import { teamLogo } from './build.ts';
import { coachesOf } from './coaches.ts';
import type { PlayerStatsRow } from './rows.ts';
import { season } from './urls.ts';

type Rec = Record<string, unknown>;

/** A stat block (`regularStats` …) from the flattened columns: numbers or null; TOI in minutes, SVP a fraction. */
export function statBlock(row: PlayerStatsRow, block: StatBlockName): Record<string, number | null> {
  const columns = STAT_BLOCK_COLUMNS[block];
  const out: Record<string, number | null> = {};
  for (let i = 0; i < SEASON_STAT_KEYS.length; i++) {
    const v = row[columns[i] as string];
    out[SEASON_STAT_KEYS[i] as string] = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

function parseObject(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Player statistics records (spec, "Player statistics record") for a page of `player_stats` rows, with
 * just the fields of the projection, in the record's order. Nested players, teams, leagues and coaches
 * are batch-loaded for the page only when a projected field needs them. Each record is kept per
 * connection, link context and projection (records/caches/kept.ts; a row never changes, the database
 * being read-only) and registered as immutable, so a row served again costs a look-up and its JSON bytes
 * are copied (records/json/json-text.ts).
 */
export function playerStatsRecords(rows: PlayerStatsRow[], ctx: RequestContext, fields: Projection): Rec[] {
  const wanted = RECORD_FIELDS.filter((f) => fields.has(f.name));
  return keptRecords(ctx, 'player-stats', rows, (missing) => buildPlayerStats(missing, ctx, wanted), {
    variant: projectionKey(RECORD_FIELD_NAMES, fields),
  });
}

/**
 * A short key of a projection for {@link keptRecords}' `variant`: the places, in `names` (an op's fields in
 * their order), of the fields it selects. Short, because it is part of the cache key of every row.
 */
export function projectionKey(names: readonly string[], fields: Projection): string {
  let key = '';
  names.forEach((name, i) => {
    if (fields.has(name)) key += `${i.toString(36)}.`;
  });
  return key;
}

/** How {@link keptRecords} keys a row's record. */
export interface KeptRecordKey<R> {
  /** The row's key (default its `id`): a row must give the same record whenever its key is the same. */
  keyOf?: (r: R) => string | number;
  /**
   * What tells apart records of the same row built differently (e.g. the projection). They share the
   * kind's bounded cache, so asking for many variants cannot grow memory.
   */
  variant?: string;
}

/**
 * The records of `rows`, each kept per connection and link context under `kind`, the row's key and the
 * variant, and registered as immutable; `build` makes the missing ones, in the order of the rows it is given.
 */
export function keptRecords<R>(
  ctx: RequestContext,
  kind: string,
  rows: readonly R[],
  build: (missing: R[]) => Rec[],
  { keyOf = (r) => (r as { id: number }).id, variant = '' }: KeptRecordKey<R> = {},
): Rec[] {
  const keys = rows.map((r) => (variant === '' ? keyOf(r) : `${variant}|${keyOf(r)}`));
  const kept = keptMany(ctx, kind, keys, (missingKeys) => {
    const wanted = new Set(missingKeys);
    const missing: R[] = [];
    const missingKeysInOrder: (string | number)[] = [];
    rows.forEach((r, i) => {
      const k = keys[i] as string | number;
      if (wanted.delete(k)) {
        missing.push(r);
        missingKeysInOrder.push(k);
      }
    });
    const built = build(missing);
    const out = new Map<string | number, Rec>();
    missingKeysInOrder.forEach((k, i) => {
      const rec = built[i] as Rec;
      markImmutable(rec);
      out.set(k, rec);
    });
    return out;
  });
  return keys.map((k) => kept.get(k) as Rec);
}

/** What the fields of a page's records are made from: its rows' batch-loaded nested records. */
interface PageParts {
  players: Map<string | number, Rec | null>;
  teams: Map<string | number, Rec | null>;
  leagues: Map<string | number, Rec | null>;
  coaches: Map<string, unknown>;
  names: Map<string, string>;
  links: RequestContext['links'];
}

type Part = 'players' | 'teams' | 'leagues' | 'coaches' | 'names';

/** The row columns each part of a page is loaded from. */
const PART_COLUMNS: Record<Part, readonly string[]> = {
  players: ['playerId'],
  teams: ['teamId'],
  leagues: ['leagueSlug'],
  coaches: ['teamId', 'seasonSlug'],
  names: ['teamId', 'seasonSlug', 'leagueSlug'],
};

/**
 * One field of the record: its name, the row columns it reads itself, the parts of the page it reads,
 * and how it is made from a row.
 */
interface RecordField {
  name: string;
  reads: readonly string[];
  needs: readonly Part[];
  value(r: PlayerStatsRow, p: PageParts): unknown;
}

const teamOf = (r: PlayerStatsRow, p: PageParts) => get(p.teams, r.teamId);
const leagueOf = (r: PlayerStatsRow, p: PageParts) => get(p.leagues, r.leagueSlug);

/** Every field of a player statistics record, in the spec's order ("Player statistics record"). */
const RECORD_FIELDS: readonly RecordField[] = [
  { name: 'id', reads: ['id'], needs: [], value: (r) => r.id },
  { name: 'player', reads: [], needs: ['players'], value: (r, p) => get(p.players, r.playerId) },
  { name: 'playerAge', reads: ['playerAge'], needs: [], value: (r) => r.playerAge },
  { name: 'season', reads: ['seasonSlug'], needs: [], value: (r) => season(r.seasonSlug) },
  { name: 'statsType', reads: ['statsType'], needs: [], value: (r) => r.statsType },
  { name: 'status', reads: ['status'], needs: [], value: (r) => r.status },
  { name: 'team', reads: [], needs: ['teams'], value: teamOf },
  {
    name: 'teamName',
    reads: [],
    needs: ['teams', 'names'],
    value: (r, p) =>
      p.names.get(`${r.teamId}|${r.seasonSlug}|${r.leagueSlug}`) ?? (teamOf(r, p)?.name as string | undefined) ?? null,
  },
  {
    name: 'teamSlug',
    reads: [],
    needs: ['teams'],
    value: (r, p) => (teamOf(r, p)?.slug as string | undefined) ?? null,
  },
  { name: 'teamLogo', reads: ['teamId'], needs: [], value: (r, p) => teamLogo(r.teamId, p.links) },
  { name: 'teamLogoUrl', reads: ['teamId'], needs: [], value: (r, p) => teamLogo(r.teamId, p.links).large },
  { name: 'league', reads: [], needs: ['leagues'], value: leagueOf },
  {
    name: 'leagueName',
    reads: [],
    needs: ['leagues'],
    value: (r, p) => (leagueOf(r, p)?.name as string | undefined) ?? null,
  },
  {
    name: 'leagueFullName',
    reads: [],
    needs: ['leagues'],
    value: (r, p) => (leagueOf(r, p)?.fullName as string | undefined) ?? null,
  },
  {
    name: 'leagueType',
    reads: [],
    needs: ['leagues'],
    value: (r, p) => (leagueOf(r, p)?.leagueType as string | null | undefined) ?? null,
  },
  { name: 'jerseyNumber', reads: ['jerseyNumber'], needs: [], value: (r) => r.jerseyNumber },
  { name: 'playerRole', reads: ['playerRole'], needs: [], value: (r) => r.playerRole },
  { name: 'contractType', reads: ['contractType'], needs: [], value: (r) => r.contractType },
  {
    name: 'regularStats',
    reads: STAT_BLOCK_COLUMNS.regularStats,
    needs: [],
    value: (r) => statBlock(r, 'regularStats'),
  },
  { name: 'postseasonType', reads: ['postseasonType'], needs: [], value: (r) => r.postseasonType },
  { name: 'postseasonName', reads: ['postseasonName'], needs: [], value: (r) => r.postseasonName },
  {
    name: 'postseasonStats',
    reads: STAT_BLOCK_COLUMNS.postseasonStats,
    needs: [],
    value: (r) => statBlock(r, 'postseasonStats'),
  },
  { name: 'totalStats', reads: STAT_BLOCK_COLUMNS.totalStats, needs: [], value: (r) => statBlock(r, 'totalStats') },
  { name: 'statsProvider', reads: ['statsProvider'], needs: [], value: (r) => parseObject(r.statsProvider) },
  { name: 'clubTeamPlayerStats', reads: [], needs: [], value: () => null },
  {
    name: 'coaches',
    reads: [],
    needs: ['coaches'],
    value: (r, p) => p.coaches.get(`${r.teamId}|${r.seasonSlug}`) ?? null,
  },
  {
    name: 'isActiveSeason',
    reads: ['seasonSlug'],
    needs: ['teams'],
    value: (r, p) =>
      ((teamOf(r, p)?.activeSeason as { slug: string } | null | undefined)?.slug ?? null) === r.seasonSlug,
  },
  { name: 'updatedAt', reads: ['updatedAt'], needs: [], value: (r) => r.updatedAt },
];

/**
 * The `player_stats` columns (with the alias `alias`) the records of a projection are built from: each
 * projected field's own and those of the parts it needs, and always `id` (the row's key). For a list's
 * `columnsFor`; {@link playerStatsRecords} reads nothing else of a row.
 */
export function playerStatsColumns(fields: Projection, alias: string): string[] {
  const columns = new Set<string>(['id']);
  for (const f of RECORD_FIELDS) {
    if (!fields.has(f.name)) continue;
    for (const c of f.reads) columns.add(c);
    for (const part of f.needs) for (const c of PART_COLUMNS[part]) columns.add(c);
  }
  return [...columns].map((c) => `${alias}.${c}`);
}

const RECORD_FIELD_NAMES = RECORD_FIELDS.map((f) => f.name);

function buildPlayerStats(rows: PlayerStatsRow[], ctx: RequestContext, fields: readonly RecordField[]): Rec[] {
  const needs = new Set(fields.flatMap((f) => f.needs));
  const loader = loaderOf(ctx);
  const parts: PageParts = {
    players: needs.has('players') ? loader.players(rows.map((r) => r.playerId)) : new Map(),
    teams: needs.has('teams') ? loader.teams(rows.map((r) => r.teamId)) : new Map(),
    leagues: needs.has('leagues') ? loader.leagues(rows.map((r) => r.leagueSlug)) : new Map(),
    coaches: needs.has('coaches') ? coachesOf(ctx, rows) : new Map(),
    names: needs.has('names') ? teamSeasonNames(ctx, rows) : new Map(),
    links: ctx.links,
  };
  return rows.map((r) => {
    const rec: Rec = {};
    for (const f of fields) rec[f.name] = f.value(r, parts);
    return rec;
  });
}

/**
 * The name each team carried in each (season, league) of the page, keyed `teamId|seasonSlug|leagueSlug`
 * (team_seasons primary key lookups).
 */
export function teamSeasonNames(
  ctx: RequestContext,
  rows: readonly { teamId: number; seasonSlug: string; leagueSlug: string }[],
): Map<string, string> {
  const stmt = ctx.stmts.get(
    'SELECT teamName FROM team_seasons WHERE teamId = ? AND seasonSlug = ? AND leagueSlug = ?',
  );
  // Kept per connection (read-only database; a name holds no link), so a page costs map look-ups.
  const names = keptMany(
    ctx,
    'team-season-name',
    rows.map((r) => `${r.teamId}|${r.seasonSlug}|${r.leagueSlug}`),
    (missing) => {
      const found = new Map<string, string | null>();
      for (const k of missing) {
        const [teamId, seasonSlug, leagueSlug] = k.split('|') as [string, string, string];
        const hit = stmt.get(Number(teamId), seasonSlug, leagueSlug) as { teamName: string } | undefined;
        found.set(k, hit ? hit.teamName : null);
      }
      return found;
    },
    false,
  );
  const out = new Map<string, string>();
  for (const [k, name] of names) if (name !== null) out.set(k, name);
  return out;
}
