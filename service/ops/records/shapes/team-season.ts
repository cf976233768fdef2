import type { RequestContext } from '../../../query/types.ts';
import { get, loaderOf } from '../caches/loader.ts';
import { teamLogo } from './build.ts';
import type { TeamRow, TeamSeasonRow } from './rows.ts';
import { season } from './urls.ts';

/** Team season records (spec, "Team season") for one team's rows, leagues batch-loaded. */
export function teamSeasonRecords(
  rows: TeamSeasonRow[],
  team: TeamRow,
  ctx: RequestContext,
): Record<string, unknown>[] {
  const leagues = loaderOf(ctx).leagues(rows.flatMap((r) => [r.leagueSlug, r.secondaryLeagueSlug]));
  return rows.map((r) => {
    const s = season(r.seasonSlug) as { slug: string; startYear: number; endYear: number };
    const league = get(leagues, r.leagueSlug);
    const secondary = get(leagues, r.secondaryLeagueSlug);
    return {
      slug: s.slug,
      startYear: s.startYear,
      endYear: s.endYear,
      isDefault: r.isDefault === 1,
      isActive: r.isActive === 1,
      teamSlug: team.slug,
      teamName: r.teamName,
      teamLogo: teamLogo(team.id, ctx.links),
      league,
      leagueSlug: r.leagueSlug,
      leagueName: (league?.name as string | undefined) ?? null,
      leagueFullName: (league?.fullName as string | undefined) ?? null,
      secondaryLeague: secondary,
      secondaryLeagueSlug: r.secondaryLeagueSlug,
      secondaryLeagueName: (secondary?.name as string | undefined) ?? null,
      secondaryLeagueFullName: (secondary?.fullName as string | undefined) ?? null,
      serviceUrlPath: `/team/${team.id}/${team.slug}/${s.slug}`,
    };
  });
}
