import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import { STARS_LIST } from '../../../shared/query/lists/stars.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { barFilterKeys } from '../../components/filter-bar.ts';
import { useLeagueOptions } from '../../components/options.ts';
import { STAR_CELLS, starRowId } from '../../entities/player/starCells.tsx';
import { useLeagues } from '../../state/leagues.ts';
import { PageList } from '../../table/PageList.tsx';
import { TableFilterBar } from '../../table/TableFilters.tsx';

/** Filters of the stars list: the team's league (its bar's select, shared/query/lists/stars.ts), or one team (`team`, a team page's link). */
const STAR_FILTERS = [...barFilterKeys(STARS_LIST), 'team'];

/**
 * Stars and cult players (`GET /stars-and-cult-players`): the players each team lists as a star or cult
 * favourite, by league or team, sorted (`player`, `team`, `updatedAt`) and paged by the service; names
 * link to the player's and the team's pages, a row opens the player.
 */
export function StarsView() {
  const navigate = useNavigate();
  const leagues = useLeagues();
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  return (
    <PageList
      definition={STARS_LIST}
      resource={CATALOG.stars}
      filterKeys={STAR_FILTERS}
      title="Stars and cult players"
      what="the stars and cult players"
      noun={['player']}
      toolbar={(t) => (
        <>
          <TableFilterBar
            table={t}
            definition={STARS_LIST}
            options={{ league: leagueOptions }}
            anyLabels={leagues.isLoading ? { league: 'Loading…' } : {}}
          />
          {t.urlQuery.filters.team ? (
            <button type="button" className="btn ghost toolbar-clear" onClick={t.clearFilters}>
              Show every team
            </button>
          ) : null}
        </>
      )}
      note={
        <DatabankNote>
          The Hockey Databank records no stars or cult favourites: the list stays empty on its data.
        </DatabankNote>
      }
      empty="No team lists a star or cult favourite here."
      getRowId={starRowId}
      renderCell={STAR_CELLS}
      onOpenRow={(r) => (r.player?.id != null ? void navigate(`/players/${r.player.id}`) : undefined)}
    />
  );
}
