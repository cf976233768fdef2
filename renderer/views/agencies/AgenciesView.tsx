import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { Agency } from '../../../shared/contract/records/index.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { ListSection } from '../../table/ListSection.tsx';
import { TableFilterSelect, TableSearch } from '../../table/TableFilters.tsx';
import './agencies.css';

/** Filters of the agencies list: `q` (name search), `country` (ISO 3166-1 alpha-3 slug), `verified`. */
export const AGENCY_FILTERS = ['q', 'country', 'verified'] as const;
const VERIFIED_OPTIONS = [
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
];
const NO_PATH = {};
const CONTEXT = { view: 'Agencies' };
/** The list leaves the contact email to the agency's page: it would push the table wider than the window. */
const COLUMNS = CATALOG.agencies.columns.filter((c) => c.id !== 'email');

/** An agency page's route path. */
export function agencyHref(id: number): string {
  return `/agencies/${id}`;
}

const CELLS = {
  name: (a: Agency) => <span className="strong">{a.name ?? `Agency ${a.id}`}</span>,
  verified: (a: Agency) =>
    a.verified === true ? <span className="pill ok">Verified</span> : a.verified === false ? 'No' : '—',
};

/**
 * Player agencies (`GET /agencies`): search by name, filter by country and verified, sorted (`name`,
 * `country`, `updatedAt`) and paged by the service, exported; a row opens the agency's page.
 */
export function AgenciesView() {
  const navigate = useNavigate();
  return (
    <section className="view" aria-label="Agencies">
      <ListSection
        variant="page"
        endpoint="agencies"
        path={NO_PATH}
        resource={CATALOG.agencies}
        columns={COLUMNS}
        prefix=""
        filterKeys={AGENCY_FILTERS}
        context={CONTEXT}
        title="Agencies"
        label="Agencies"
        what="the agencies"
        noun={['agency', 'agencies']}
        toolbar={(t) => (
          <>
            <TableSearch table={t} placeholder="e.g. Sports Management" />
            <TableFilterSelect
              table={t}
              name="country"
              label="Country"
              anyLabel="All countries"
              options={COUNTRY_OPTIONS}
            />
            <TableFilterSelect table={t} name="verified" label="Verified" options={VERIFIED_OPTIONS} />
            <button
              type="button"
              className="btn ghost toolbar-clear"
              disabled={!AGENCY_FILTERS.some((k) => t.urlQuery.filters[k])}
              onClick={t.clearFilters}
            >
              Clear filters
            </button>
          </>
        )}
        note={<DatabankNote>The Hockey Databank records no agencies: the list stays empty on its data.</DatabankNote>}
        empty={<EmptyState title="No agency matches these filters." />}
        getRowId={(a) => String(a.id)}
        renderCell={CELLS}
        onOpenRow={(a) => void navigate(agencyHref(a.id))}
      />
    </section>
  );
}
