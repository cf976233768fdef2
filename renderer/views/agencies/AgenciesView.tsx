import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { Agency } from '../../../shared/contract/records/index.ts';
import { AGENCIES_LIST } from '../../../shared/query/lists/agencies.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { barFilterKeys } from '../../components/filter-bar.ts';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { ListSection } from '../../table/ListSection.tsx';
import { TableFilterBar } from '../../table/TableFilters.tsx';
import './agencies.css';

/** Filters of the agencies list its bar shows (shared/query/lists/agencies.ts): search, country, verified. */
const AGENCY_FILTERS = barFilterKeys(AGENCIES_LIST);
const OPTIONS = { country: COUNTRY_OPTIONS };
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
        toolbar={(t) => <TableFilterBar table={t} definition={AGENCIES_LIST} options={OPTIONS} clear />}
        note={<DatabankNote>The Hockey Databank records no agencies: the list stays empty on its data.</DatabankNote>}
        empty={<EmptyState title="No agency matches these filters." />}
        getRowId={(a) => String(a.id)}
        renderCell={CELLS}
        onOpenRow={(a) => void navigate(agencyHref(a.id))}
      />
    </section>
  );
}
