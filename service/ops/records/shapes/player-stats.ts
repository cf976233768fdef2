import { SEASON_STAT_KEYS } from '../../../../shared/spec.ts';
import { STAT_BLOCK_PREFIX } from '../../../db/schema.ts';
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
export function statBlock(row: PlayerStatsRow, prefix: string): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const k of SEASON_STAT_KEYS) {
    const v = row[`${prefix}${k}`];
    out[k] = v === null || v === undefined ? null : Number(v);
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
 * Player statistics records (spec, "Player statistics record") for a page of `player_stats` rows.
 * Nested players, teams, leagues and coaches are batch-loaded for the page, and only when the
 * projection asks for a field that needs them. Each record is kept per connection and link context
 * (records/caches/kept.ts; a row never changes, the database being read-only) and registered as immutable,
 * so a row served again costs a look-up and its JSON bytes are copied (records/json/json-text.ts).
 */
export function playerStatsRecords(rows: PlayerStatsRow[], ctx: RequestContext, fields: Projection): Rec[] {
  // Which optional parts a record holds depends on the projection: records are kept per such set.
  const parts = ['player', 'coaches', 'teamName'].map((n) => (fields.has(n) ? 1 : 0)).join('');
  return keptRecords(ctx, `player-stats:${parts}`, rows, (missing) => buildPlayerStats(missing, ctx, fields));
}

/**
 * The records of `rows`, each kept per connection and link context under `kind` and the row's key
 * (`keyOf`, default its `id`: a row must give the same record whenever its key is the same) and
 * registered as immutable; `build` makes the missing ones, in the order of the rows it is given.
 */
export function keptRecords<R>(
  ctx: RequestContext,
  kind: string,
  rows: readonly R[],
  build: (missing: R[]) => Rec[],
  keyOf: (r: R) => string | number = (r) => (r as { id: number }).id,
): Rec[] {
  const keys = rows.map(keyOf);
  const kept = keptMany(ctx, kind, keys, (missingKeys) => {
    const wanted = new Set(missingKeys);
    const missing = rows.filter((_, i) => wanted.delete(keys[i] as string | number));
    const built = build(missing);
    const out = new Map<string | number, Rec>();
    missing.forEach((r, i) => {
      const rec = built[i] as Rec;
      markImmutable(rec);
      out.set(keyOf(r), rec);
    });
    return out;
  });
  return keys.map((k) => kept.get(k) as Rec);
}

function buildPlayerStats(rows: PlayerStatsRow[], ctx: RequestContext, fields: Projection): Rec[] {
  const loader = loaderOf(ctx);
  const want = (...names: string[]) => names.some((n) => fields.has(n));
  const players = want('player') ? loader.players(rows.map((r) => r.playerId)) : new Map();
  const teams = loader.teams(rows.map((r) => r.teamId));
  const leagues = loader.leagues(rows.map((r) => r.leagueSlug));
  const coaches = want('coaches') ? coachesOf(ctx, rows) : new Map();
  const names = want('teamName') ? teamSeasonNames(ctx, rows) : new Map<string, string>();
  return rows.map((r) => {
    const team = get(teams, r.teamId);
    const league = get(leagues, r.leagueSlug);
    const logo = teamLogo(r.teamId, ctx.links);
    const activeSeason = (team?.activeSeason as { slug: string } | null | undefined)?.slug ?? null;
    return {
      id: r.id,
      player: get(players, r.playerId),
      playerAge: r.playerAge,
      season: season(r.seasonSlug),
      statsType: r.statsType,
      status: r.status,
      team,
      teamName: names.get(`${r.teamId}|${r.seasonSlug}|${r.leagueSlug}`) ?? (team?.name as string | undefined) ?? null,
      teamSlug: (team?.slug as string | undefined) ?? null,
      teamLogo: logo,
      teamLogoUrl: logo.large,
      league,
      leagueName: (league?.name as string | undefined) ?? null,
      leagueFullName: (league?.fullName as string | undefined) ?? null,
      leagueType: (league?.leagueType as string | null | undefined) ?? null,
      jerseyNumber: r.jerseyNumber,
      playerRole: r.playerRole,
      contractType: r.contractType,
      regularStats: statBlock(r, STAT_BLOCK_PREFIX.regularStats),
      postseasonType: r.postseasonType,
      postseasonName: r.postseasonName,
      postseasonStats: statBlock(r, STAT_BLOCK_PREFIX.postseasonStats),
      totalStats: statBlock(r, STAT_BLOCK_PREFIX.totalStats),
      statsProvider: parseObject(r.statsProvider),
      clubTeamPlayerStats: null,
      coaches: coaches.get(`${r.teamId}|${r.seasonSlug}`) ?? null,
      isActiveSeason: activeSeason === r.seasonSlug,
      updatedAt: r.updatedAt,
    };
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
