import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCount, PLAYER_COLUMNS } from '../../../shared/columns/index.ts';
import type { OfflinePlayerListRecord } from '../../../shared/domain/offline.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';
import { playersListOptions, playersSortShown } from '../../entities/player/directory.ts';
import { PlayerNameLink } from '../../entities/player/links.tsx';
import { useOfflinePlayers } from '../../entities/player/useOfflinePlayers.ts';
import { useOfflineStatus } from '../../state/offline.ts';
import { usePrefixedListQuery } from '../../state/usePrefixedListQuery.ts';
import { DataTable } from '../../table/DataTable.tsx';

const PAGE = 50;
const COLUMNS = PLAYER_COLUMNS.filter((c) =>
  ['name', 'position', 'nationality', 'age', 'latestTeam', 'latestSeason'].includes(c.id),
);
const CELLS = { name: (p: OfflinePlayerListRecord) => <PlayerNameLink id={p.id} name={p.name} /> };

/**
 * An agency's clients among the players on this computer (the offline store's players whose record names
 * the agency, `offlinePlayers` with the `agency` filter): the spec has no operation that lists an agency's
 * players. Sorted and paged by the store, its state in the URL under `clients.`; a row opens the player.
 */
export function AgencyClients(props: { agencyId: number; agencyName: string }) {
  const navigate = useNavigate();
  const options = useMemo(() => playersListOptions(PAGE), []);
  const [urlQuery, setQuery] = usePrefixedListQuery('clients', options);
  const query = useMemo(
    () => ({ ...urlQuery, filters: { ...urlQuery.filters, agency: String(props.agencyId) } }),
    [urlQuery, props.agencyId],
  );
  const players = useOfflinePlayers(query);
  const status = useOfflineStatus();
  const held = status.data?.counts.players ?? 0;
  const total = players.data?._meta.totalRecords ?? 0;
  return (
    <section className="list-section" aria-labelledby="agency-clients-title">
      <header className="section-head">
        <h2 id="agency-clients-title">Clients on this computer</h2>
        <span className="muted small">{players.data ? formatCount(total, 'player') : ''}</span>
      </header>
      <p className="muted small">
        The players downloaded for offline whose record names {props.agencyName}
        {status.data ? ` (of ${formatCount(held, 'player')} on this computer)` : ''}. A download reads each player's
        agency; players downloaded before this app kept agencies get theirs at their league's next download.
      </p>
      <div className="card">
        <DataTable<OfflinePlayerListRecord>
          label={`Clients of ${props.agencyName} on this computer`}
          columns={COLUMNS}
          rows={players.data?.data}
          totalRecords={total}
          query={playersSortShown(query, false)}
          onQueryChange={(q) => setQuery({ ...q, filters: {} })}
          getRowId={(p) => String(p.id)}
          renderCell={CELLS}
          onOpenRow={(p) => void navigate(`/players/${p.id}`)}
          stale={players.isPlaceholderData && players.isFetching}
          className="section-scroll"
          error={
            players.isError ? (
              <ErrorPanel
                error={players.error}
                what="the players on this computer"
                onRetry={() => void players.refetch()}
              />
            ) : undefined
          }
          empty={
            <EmptyState
              title={
                held === 0
                  ? 'No players are on this computer yet.'
                  : `None of the players on this computer names ${props.agencyName}.`
              }
            >
              <Link className="btn" to="/players">
                Download leagues for offline ›
              </Link>
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
