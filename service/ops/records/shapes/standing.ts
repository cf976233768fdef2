import { STANDINGS_STAT_KEYS } from '../../../../shared/contract/spec.ts';
import type { RequestContext } from '../../../query/types.ts';
import { get, loaderOf } from '../caches/loader.ts';
import { teamLogo } from './build.ts';
import type { StandingsRow } from './rows.ts';
import { season } from './urls.ts';

/**
 * Standings records (real-service-notes, "Standings record"): `position` is served as a string;
 * `stats` holds `GP W L T OTW OTL PTS GF GA GD PPG` (PPG = points per game).
 */
export function standingRecords(rows: StandingsRow[], ctx: RequestContext): Record<string, unknown>[] {
  const loader = loaderOf(ctx);
  const teams = loader.teams(rows.map((r) => r.teamId));
  const leagues = loader.leagues(rows.map((r) => r.leagueSlug));
  return rows.map((r) => {
    const team = get(teams, r.teamId);
    const league = get(leagues, r.leagueSlug);
    const logo = teamLogo(r.teamId, ctx.links);
    const stats: Record<string, number | null> = {};
    for (const k of STANDINGS_STAT_KEYS) stats[k] = r[k] === null ? null : Number(r[k]);
    return {
      id: r.id,
      season: season(r.seasonSlug),
      team,
      teamSlug: (team?.slug as string | undefined) ?? null,
      teamName: r.teamName,
      teamLogo: logo,
      teamLogoUrl: logo.large,
      league,
      leagueSlug: r.leagueSlug,
      leagueName: (league?.name as string | undefined) ?? null,
      leagueFullName: (league?.fullName as string | undefined) ?? null,
      leagueType: (league?.leagueType as string | null | undefined) ?? null,
      group: r.group,
      position: String(r.position),
      medalClass: r.medalClass,
      playoffMedalClass: r.playoffMedalClass,
      stats,
      postseason: r.postseason,
      info: r.info,
      updatedAt: r.updatedAt,
    };
  });
}
