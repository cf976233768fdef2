import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OfflinePlayerListRecord, SyncStateRow } from '../../../shared/domain/offline.ts';
import { PLAYERS_LIST } from '../../../shared/query/lists/players.ts';
import { usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { type BarFilters, FilterBar } from '../../components/FilterBar.tsx';
import { InitialsCell } from '../../components/InitialsCell.tsx';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { StarButton } from '../../entities/lists/StarButton.tsx';
import { ageFact } from '../../entities/player/bio.ts';
import {
  PLAYER_FILTER_KEYS,
  POSITION_OPTIONS,
  playersListOptions,
  playersSortShown,
} from '../../entities/player/directory.ts';
import { syncedLeagues } from '../../entities/player/download.ts';
import { STATS_PATH } from '../../entities/player/leadersSpec.ts';
import { PlayerNameLink, playerHref } from '../../entities/player/links.tsx';
import { useOfflinePlayers } from '../../entities/player/useOfflinePlayers.ts';
import { useOfflineStatus, useServiceReachable } from '../../state/offline.ts';
import { useListFilters } from '../../state/useListFilters.ts';
import { useUrlListQuery } from '../../state/useUrlListQuery.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { DownloadPanel } from './DownloadPanel.tsx';
import { CollapsedDownload } from './SyncProgressCard.tsx';
import {
  CLOSEST_FIRST,
  directoryAge,
  feetInches,
  offlineBanner,
  playerColumnsFor,
  playersCountLine,
  playersQueryShown,
  playersTableSpec,
  pounds,
  sourceName,
  syncedLine,
} from './spec.ts';
import './players.css';

/** The URL follows the search box after this pause (ms); the store is asked at every keystroke. */
const SEARCH_DEBOUNCE_MS = 150;

const renderCell = {
  name: (p: OfflinePlayerListRecord) => (
    <InitialsCell name={p.name}>
      <PlayerNameLink id={p.id} name={p.name} />
      <StarButton player={p} inRow />
    </InitialsCell>
  ),
  hand: (p: OfflinePlayerListRecord) => p.shoots ?? p.catches ?? '—',
  // The detailed positions where the service gives them (C/RW), else the position letter.
  position: (p: OfflinePlayerListRecord) =>
    p.detailedPosition.length > 0 ? p.detailedPosition.join('/') : (p.position ?? '—'),
  // The store keeps no date of death: past 100 the birth year is shown rather than an age he may not have
  // reached; a player whose latest season here is long over shows his birth year too.
  age: (p: OfflinePlayerListRecord) => directoryAge(p, ageFact(p)),
  'season.teams': (p: OfflinePlayerListRecord) => (
    <span className="clip-cell" title={p.seasonStats?.teams ?? undefined}>
      {p.seasonStats?.teams ?? '—'}
    </span>
  ),
};

/**
 * Players: the offline store's players (downloaded for offline with the panel), searched as the scout
 * types, filtered, sorted and paged by the store on the shared server-driven table.
 */
export function PlayersView() {
  const navigate = useNavigate();
  const pageSize = usePageSize();
  const options = useMemo(() => playersListOptions(pageSize), [pageSize]);
  const [urlQuery, setQuery] = useUrlListQuery(options);
  const query = playersQueryShown(urlQuery);
  const columns = playerColumnsFor(query.filters.season);
  const status = useOfflineStatus();
  const reachable = useServiceReachable();
  const [panelOpen, setPanelOpen] = useState(false);

  const f = useListFilters(query, setQuery, PLAYER_FILTER_KEYS, SEARCH_DEBOUNCE_MS);
  // The local store answers in a millisecond or two, so results follow each keystroke; only the URL waits.
  const typed = f.text.trim();
  const asked = useMemo(() => {
    if (typed === f.urlQ) return query;
    const filters = { ...query.filters };
    if (typed) filters.q = typed;
    else delete filters.q;
    return { ...query, filters, offset: 0 };
  }, [query, typed, f.urlQ]);
  const list = useOfflinePlayers(asked);

  const total = list.data?._meta.totalRecords ?? 0;
  // The rows on screen are names spelled like the search, none starting with it (store/cache/fuzzy.ts).
  const forgiven = list.data?.spellingForgiven === true && !list.isPlaceholderData;
  // …ranked closest spelling first, since the scout chose no sort.
  const closest = forgiven && list.data?.closestFirst === true;
  const storeEmpty = status.data !== undefined && status.data.counts.players === 0;
  const running = status.data?.progress.state === 'running';
  const synced = status.data ? syncedLine(status.data) : null;
  return (
    <section className="view" aria-labelledby="players-title">
      <PlayersHead
        count={
          list.data
            ? playersCountLine(
                total,
                PLAYER_FILTER_KEYS.some((k) => Boolean(asked.filters[k])),
                status.data?.counts.players,
              )
            : list.isError
              ? 'Players could not be loaded'
              : undefined
        }
        panelOpen={panelOpen}
        onTogglePanel={() => setPanelOpen((o) => !o)}
        exportMenu={
          <ExportMenu
            spec={playersTableSpec(asked, columns, forgiven, closest)}
            rows={list.data?.data}
            totalRecords={total}
          />
        }
      />
      {reachable.offline ? (
        <p className="notice warn offline-banner" role="status" title={reachable.reason}>
          <strong>{offlineBanner(status.data?.synced ?? [])}</strong>
          <span>
            The service cannot be reached: search, filters, sorting and paging work on the players on this computer.
          </span>
        </p>
      ) : null}
      {/* Once a download starts the panel closes: it goes on in one line, and the table keeps its room. */}
      {panelOpen ? (
        <DownloadPanel status={status.data} onClose={() => setPanelOpen(false)} onStarted={() => setPanelOpen(false)} />
      ) : (
        <CollapsedDownload status={status.data} onDetails={() => setPanelOpen(true)} />
      )}
      <PlayerFilterBar filters={query.filters} f={f} synced={status.data?.synced ?? EMPTY} />
      {synced && !reachable.offline ? <p className="muted small synced-line">{synced}</p> : null}
      {status.data?.otherSource ? (
        <p className="notice warn" role="status">
          These players came from {sourceName(status.data.otherSource)}, not from the data in use. A download from the
          service in use replaces them.
        </p>
      ) : null}
      {forgiven ? <SpellingForgiven q={asked.filters.q} closest={closest} /> : null}
      {/* Which search the rows on screen answer (absent while an older answer stands in): bench:players
          times a keystroke to the paint of its results with it. */}
      <div
        className="card fill"
        data-shown-q={list.data && !list.isPlaceholderData ? (asked.filters.q ?? '') : undefined}
      >
        <DataTable<OfflinePlayerListRecord>
          label="Players"
          columns={columns}
          rows={list.data?.data}
          totalRecords={total}
          query={playersSortShown(query, closest)}
          onQueryChange={(q) => setQuery(q)}
          getRowId={(p) => String(p.id)}
          renderCell={renderCell}
          onOpenRow={(p) => void navigate(playerHref(p.id))}
          stale={list.isPlaceholderData && list.isFetching}
          className="fill"
          error={
            list.isError ? (
              <ErrorPanel error={list.error} what="the offline players" onRetry={() => void list.refetch()} />
            ) : undefined
          }
          empty={
            <PlayersEmpty
              downloading={running && total === 0}
              storeEmpty={storeEmpty}
              q={query.filters.q}
              filtered={f.filtered}
              onDownload={() => setPanelOpen(true)}
              onClear={f.clear}
            />
          }
        />
      </div>
    </section>
  );
}

/** Says why the rows are not what was typed: names spelled like the search, and how they are ranked. */
function SpellingForgiven(props: { q: string | undefined; closest: boolean }) {
  return (
    <p className="small spelling-forgiven" role="status">
      No player’s name starts with <strong>“{props.q}”</strong>: these are the names spelled like it
      {props.closest ? `, ${CLOSEST_FIRST}` : ''}.
    </p>
  );
}

/** The synced rows of no store yet. */
const EMPTY: SyncStateRow[] = [];

/** Heights and weights in the units North American scouts read, beside the range's boxes. */
const IMPERIAL = { height: feetInches, weight: pounds };

/**
 * The Players filter bar, from the players list's definition: position, nationality, hand, and league and
 * season (what the store holds: they work offline and never lead to an empty list), and age, height and
 * weight ranges.
 */
function PlayerFilterBar(props: {
  filters: Readonly<Record<string, string>>;
  f: BarFilters;
  synced: readonly SyncStateRow[];
}) {
  const options = useMemo(() => {
    const seasons = [...new Set(props.synced.map((s) => s.seasonSlug))].sort().reverse();
    return {
      position: POSITION_OPTIONS,
      nationality: COUNTRY_OPTIONS,
      league: syncedLeagues(props.synced).map((l) => ({ value: l.slug, label: l.name })),
      season: seasons.map((s) => ({ value: s, label: s })),
    };
  }, [props.synced]);
  return (
    <FilterBar
      definition={PLAYERS_LIST}
      filters={props.filters}
      f={props.f}
      options={options}
      imperial={IMPERIAL}
      className="filter-bar"
    />
  );
}

/** Why the Players table is empty: a download running, nothing downloaded yet, or no match for the filters. */
function PlayersEmpty(props: {
  downloading: boolean;
  storeEmpty: boolean;
  q: string | undefined;
  filtered: boolean;
  onDownload: () => void;
  onClear: () => void;
}) {
  if (props.downloading) {
    return (
      <EmptyState title="Downloading players…">
        <span className="muted">The list fills in as team-seasons arrive.</span>
      </EmptyState>
    );
  }
  if (props.storeEmpty) {
    return (
      <EmptyState title="No players downloaded yet">
        <button type="button" className="btn primary" onClick={props.onDownload}>
          Download for offline
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={props.q ? `No player matches “${props.q}” with these filters.` : 'No player matches these filters.'}
    >
      {props.filtered ? (
        <button type="button" className="btn" onClick={props.onClear}>
          Clear filters
        </button>
      ) : null}
    </EmptyState>
  );
}

/** The view's title, how many players are on this computer, and the button that opens the download panel. */
function PlayersHead(props: {
  count: string | undefined;
  panelOpen: boolean;
  onTogglePanel: () => void;
  exportMenu: React.ReactNode;
}) {
  return (
    <header className="view-head">
      <div>
        <h1 id="players-title">Players</h1>
        <p className="muted">{props.count === undefined ? 'Loading players…' : props.count}</p>
      </div>
      <div className="head-actions">
        <Link className="btn" to={STATS_PATH} title="Leaders by league, season, draft age and position">
          Stats browser
        </Link>
        {props.exportMenu}
        <button type="button" className="btn primary" onClick={props.onTogglePanel} aria-expanded={props.panelOpen}>
          Download for offline
        </button>
      </div>
    </header>
  );
}
