import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import { STARS_LIST } from '../../../shared/query/lists/stars.ts';
import { useList } from '../../bridge/queries.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { barFilterKeys } from '../../components/filter-bar.ts';
import { useLeagueOptions } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { STAR_CELLS, starRowId } from '../../entities/player/starCells.tsx';
import { LEAGUES_QUERY, NO_PATH } from '../../state/leagues.ts';
import { ListSection } from '../../table/ListSection.tsx';
import { TableFilterBar } from '../../table/TableFilters.tsx';

/** Filters of the stars list: the team's league (its bar's select, shared/query/lists/stars.ts), or one team (`team`, a team page's link). */
const STAR_FILTERS = [...barFilterKeys(STARS_LIST), 'team'];
const CONTEXT = { view: 'Stars and cult players' };

/**
 * Stars and cult players (`GET /stars-and-cult-players`): the players each team lists as a star or cult
 * favourite, by league or team, sorted (`player`, `team`, `updatedAt`) and paged by the service; names
 * link to the player's and the team's pages, a row opens the player.
 */
export function StarsView() {
  const navigate = useNavigate();
  const leagues = useList('leagues', NO_PATH, LEAGUES_QUERY, { prefetchNext: false });
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  return (
    <section className="view" aria-label="Stars and cult players">
      <ListSection
        variant="page"
        endpoint="starsAndCultPlayers"
        path={NO_PATH}
        resource={CATALOG.stars}
        prefix=""
        filterKeys={STAR_FILTERS}
        context={CONTEXT}
        title="Stars and cult players"
        label="Stars and cult players"
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
        empty={<EmptyState title="No team lists a star or cult favourite here." />}
        getRowId={starRowId}
        renderCell={STAR_CELLS}
        onOpenRow={(r) => (r.player?.id != null ? void navigate(`/players/${r.player.id}`) : undefined)}
      />
    </section>
  );
}
