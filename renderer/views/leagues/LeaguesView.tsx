import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns.ts';
import type { League } from '../../../shared/records/index.ts';
import { FilterSelect } from '../../components/Field.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { EmptyState } from '../../components/States.tsx';
import { ListSection } from '../../table/ListSection.tsx';
import { statusLabel } from '../labels.ts';
import { COUNTRY_OPTIONS, NO_PATH } from '../options.ts';
import { leagueHref } from '../team/links.tsx';

/** Filters of the leagues list: `q` (name search) and `country` (ISO 3166-1 alpha-3 slug). */
export const LEAGUE_FILTERS = ['q', 'country'] as const;
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
        toolbar={({ urlQuery, setQuery }) => {
          const set = (key: string, value: string, replace = false) => {
            const filters = { ...urlQuery.filters };
            if (value) filters[key] = value;
            else delete filters[key];
            setQuery({ ...urlQuery, filters, offset: 0 }, { replace });
          };
          return (
            <>
              <SearchField
                label="Search by name"
                value={urlQuery.filters.q ?? ''}
                placeholder="e.g. Hockey League"
                onSearch={(text, replace) => set('q', text, replace)}
              />
              <FilterSelect
                label="Country"
                value={urlQuery.filters.country ?? ''}
                anyLabel="All countries"
                options={COUNTRY_OPTIONS}
                onChange={(v) => set('country', v)}
              />
            </>
          );
        }}
        empty={<EmptyState title="No league matches these filters." />}
        getRowId={(l) => l.slug}
        renderCell={CELLS}
        onOpenRow={(l) => void navigate(leagueHref(l.slug))}
      />
    </section>
  );
}
