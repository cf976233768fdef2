import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { Agency } from '../../../shared/contract/records/index.ts';
import { AGENCIES_LIST } from '../../../shared/query/lists/agencies.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { PageList } from '../../table/PageList.tsx';
import './agencies.css';

/** The bar's country select (shared/query/lists/agencies.ts: search, country, verified). */
const OPTIONS = { country: COUNTRY_OPTIONS };
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
    <PageList
      definition={AGENCIES_LIST}
      resource={CATALOG.agencies}
      columns={COLUMNS}
      options={OPTIONS}
      clear
      title="Agencies"
      what="the agencies"
      noun={['agency', 'agencies']}
      note={<DatabankNote>The Hockey Databank records no agencies: the list stays empty on its data.</DatabankNote>}
      empty="No agency matches these filters."
      getRowId={(a) => String(a.id)}
      renderCell={CELLS}
      onOpenRow={(a) => void navigate(agencyHref(a.id))}
    />
  );
}
