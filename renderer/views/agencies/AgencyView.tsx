import { type ReactNode, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { formatInt } from '../../../shared/columns/index.ts';
import type { Agency } from '../../../shared/contract/records/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { useList, useOpenExternal } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Facts } from '../../components/Facts.tsx';
import { initials } from '../../components/labels.ts';
import { EmptyState, SkeletonText } from '../../components/States.tsx';
import { AgencyClients } from './AgencyClients.tsx';
import './agencies.css';

const NO_PATH = {};

/**
 * An agency's page (`#/agencies/{id}`): the Agency record (spec, "Agency": location, country, contact,
 * agents, number of clients), read as the one record of `GET /agencies?id={id}` (the spec has no
 * single-agency operation), and the agency's clients among the players on this computer.
 */
export function AgencyView() {
  const { id } = useParams();
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) {
    return (
      <section className="view">
        <div className="card">
          <EmptyState title="This address does not name an agency.">
            <Link className="btn" to="/agencies">
              Browse agencies
            </Link>
          </EmptyState>
        </div>
      </section>
    );
  }
  return <AgencyPage id={Number(id)} />;
}

function AgencyPage({ id }: { id: number }) {
  const query = useMemo<ListQuery>(() => ({ offset: 0, limit: 1, filters: { id: String(id) } }), [id]);
  const list = useList('agencies', NO_PATH, query, { prefetchNext: false });
  const agency = list.data?.data[0];
  const name = agency?.name ?? `Agency ${id}`;
  return (
    <section className="view scroll" aria-label={name}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/agencies">Agencies</Link> <span aria-hidden="true">›</span> <span>{name}</span>
      </nav>
      {list.isError ? (
        <ErrorPanel error={list.error} what={`agency ${id}`} onRetry={() => void list.refetch()} />
      ) : list.data && !agency ? (
        <div className="card">
          <EmptyState title={`The service lists no agency ${id}.`}>
            <Link className="btn primary" to="/agencies">
              Browse agencies
            </Link>
          </EmptyState>
        </div>
      ) : (
        <>
          <AgencyHeader agency={agency} loading={list.isLoading} />
          <AgencyClients agencyId={id} agencyName={name} />
        </>
      )}
    </section>
  );
}

function AgencyHeader({ agency, loading }: { agency: Agency | undefined; loading: boolean }) {
  const open = useOpenExternal();
  const web = agency?.links?.webUrl;
  const facts: [string, ReactNode][] = [
    ['Location', agency?.location],
    ['Country', agency?.country?.name],
    ['Clients', agency?.numberOfClients != null ? formatInt(agency.numberOfClients) : null],
    ['Agents', agency?.agents?.length ? agency.agents.join(', ') : null],
    ['Email', agency?.email],
    [
      'Website',
      web && /^https:\/\//.test(web) ? (
        <button key="web" type="button" className="link-btn" onClick={() => open.mutate(web)}>
          {web.replace(/^https:\/\//, '')} ↗
        </button>
      ) : (
        web
      ),
    ],
  ];
  return (
    <header className="team-head agency-head">
      <div className="avatar lg" aria-hidden="true">
        {loading ? '' : initials(agency?.name)}
      </div>
      <div className="team-head-main">
        <div className="team-title-row">
          <h1>{loading ? <SkeletonText width="l" /> : agency?.name}</h1>
          {agency?.verified ? <span className="pill ok">Verified</span> : null}
        </div>
        <Facts items={facts} loading={loading} />
        {agency?.info ? <p className="agency-info">{agency.info}</p> : null}
      </div>
    </header>
  );
}
