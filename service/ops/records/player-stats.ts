import { SEASON_STAT_KEYS } from '../../../shared/spec.ts';
import { STAT_BLOCK_PREFIX } from '../../db/schema.ts';
import type { Projection, RequestContext } from '../../query/types.ts';
import { teamLogo } from './build.ts';
import { coachesOf } from './coaches.ts';
import { get, loaderOf } from './loader.ts';
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
 * projection asks for a field that needs them.
 */
export function playerStatsRecords(rows: PlayerStatsRow[], ctx: RequestContext, fields: Projection): Rec[] {
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
  const out = new Map<string, string>();
  for (const r of rows) {
    const k = `${r.teamId}|${r.seasonSlug}|${r.leagueSlug}`;
    if (out.has(k)) continue;
    const hit = stmt.get(r.teamId, r.seasonSlug, r.leagueSlug) as { teamName: string } | undefined;
    if (hit) out.set(k, hit.teamName);
  }
  return out;
}
