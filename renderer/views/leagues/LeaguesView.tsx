import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { League } from '../../../shared/contract/records/index.ts';
import { LEAGUES_LIST } from '../../../shared/query/lists/leagues.ts';
import { barFilterKeys } from '../../components/filter-bar.ts';
import { statusLabel } from '../../components/labels.ts';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { leagueHref } from '../../entities/league/links.ts';
import { NO_PATH } from '../../state/leagues.ts';
import { ListSection } from '../../table/ListSection.tsx';
import { TableFilterBar } from '../../table/TableFilters.tsx';

/** Filters of the leagues list its bar shows (shared/query/lists/leagues.ts): name search and country. */
const LEAGUE_FILTERS = barFilterKeys(LEAGUES_LIST);
const OPTIONS = { country: COUNTRY_OPTIONS };
const CONTEXT = { view: 'Leagues' };
const CELLS = {
  name: (l: League) => <span className="strong">{l.name ?? l.slug.toUpperCase()}</span>,
  leagueLevel: (l: League) => (l.leagueLevel ? statusLabel(l.leagueLevel) : '—'),
  leagueType: (l: League) => (l.leagueType ? statusLabel(l.leagueType) : '—'),
  teamClass: (l: League) => (l.teamClass ? statusLabel(l.teamClass) : '—'),
};

/**
 * Leagues (`GET /leagues`): search by name, filter by country, sorted and paged by the service; a row
 * opens the league's page (standings, team comparison, where its players are now).
 */
export function LeaguesView() {
  const navigate = useNavigate();
  return (
    <section className="view" aria-label="Leagues">
      <ListSection
        variant="page"
        endpoint="leagues"
        path={NO_PATH}
        resource={CATALOG.leagues}
        prefix=""
        filterKeys={LEAGUE_FILTERS}
        context={CONTEXT}
        title="Leagues"
        label="Leagues"
        what="the leagues"
        noun={['league']}
        toolbar={(t) => <TableFilterBar table={t} definition={LEAGUES_LIST} options={OPTIONS} />}
        empty={<EmptyState title="No league matches these filters." />}
        getRowId={(l) => l.slug}
        renderCell={CELLS}
        onOpenRow={(l) => void navigate(leagueHref(l.slug))}
      />
    </section>
  );
}
