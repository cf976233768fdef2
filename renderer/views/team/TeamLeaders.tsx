import { GoaltendingLeaders } from './GoaltendingLeaders.tsx';
import { SeasonSelect, type useTeamSeasons } from './useTeamSeasons.tsx';
import './team.css';

/**
 * A team's goaltending leaders with their season select, as both the team page and the leaders' own page
 * show them: one place for the wiring of seasons, the season select and the leaders table.
 */
export function TeamLeaders(props: {
  id: number;
  name: string | undefined;
  /** The team's seasons, from {@link useTeamSeasons}. */
  seasons: ReturnType<typeof useTeamSeasons>;
  /** The team page links to the leaders' own page. */
  linkToPage?: boolean;
  /** The leaders' own page: the table takes the rest of the view. */
  fill?: boolean;
}) {
  const { list, seasons, seasonSlugs, season, setSeason } = props.seasons;
  return (
    <GoaltendingLeaders
      teamId={props.id}
      teamName={props.name}
      season={season}
      noSeasons={list.isSuccess && seasons.length === 0}
      seasons={seasonSlugs}
      {...(props.linkToPage ? { linkToPage: true } : {})}
      {...(props.fill ? { fill: true } : {})}
      seasonControl={
        <SeasonSelect seasons={seasons} value={season} onChange={(s) => setSeason(s)} loading={list.isLoading} />
      }
    />
  );
}
