import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/columns/index.ts';
import type { ListQuery, ListQueryOptions } from '../../../shared/query/query.ts';
import { listQueryToSearchParams } from '../../../shared/query/query.ts';
import { usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState, SkeletonText } from '../../components/States.tsx';
import { LeadersTable, useLeadersTable } from '../../entities/player/LeadersTable.tsx';
import { STATS_PATH, statsCaption, statsListOptions, statsTableSpec } from '../../entities/player/leadersSpec.ts';
import { SyncProgressBar } from '../../entities/player/SyncProgressBar.tsx';
import { downloadBusy, useOfflineStatus, useStartSync } from '../../state/offline.ts';
import { usePrefixedListQuery } from '../../state/usePrefixedListQuery.ts';
import { ExportMenu } from '../../table/ExportMenu.tsx';

/**
 * The league's scoring leaders of the season shown, from the players downloaded for offline (the spec has no
 * operation that ranks a league's players): the stats browser's leaders table
 * (entities/player/LeadersTable.tsx) for the league and season, skaters' single seasons by PTS unless the
 * scout sorts otherwise, its sort and page in the URL under `leaders.`, with the way to the same rows in the
 * stats browser. When that league-season is not on this computer: an offer to download it, which shows the
 * leaders once done.
 */
export function ScoringLeaders(props: { slug: string; leagueName: string; season: string | undefined }) {
  const status = useOfflineStatus();
  const { slug, season, leagueName } = props;
  const held =
    season !== undefined && (status.data?.synced ?? []).some((s) => s.leagueSlug === slug && s.seasonSlug === season);
  return (
    <section className="list-section fill" aria-labelledby="leaders-offline-title">
      {status.isError ? (
        <>
          <LeadersHead />
          <ErrorPanel error={status.error} what="the players on this computer" onRetry={() => void status.refetch()} />
        </>
      ) : !status.data ? (
        <>
          <LeadersHead />
          <SkeletonText width="l" />
        </>
      ) : held && season !== undefined ? (
        <HeldLeaders slug={slug} leagueName={leagueName} season={season} />
      ) : (
        <>
          <LeadersHead />
          <DownloadOffer slug={slug} leagueName={leagueName} season={season} />
        </>
      )}
    </section>
  );
}

/** The tab's heading, with what sits beside it. */
function LeadersHead(props: { children?: React.ReactNode }) {
  return (
    <header className="section-head">
      <h2 id="leaders-offline-title">Scoring leaders</h2>
      {props.children}
    </header>
  );
}

/** The leaders of a league-season on this computer: the stats browser's table, filtered to it. */
function HeldLeaders(props: { slug: string; leagueName: string; season: string }) {
  const { slug, leagueName, season } = props;
  const pageSize = usePageSize();
  // The league and season are the page's: the URL keeps the table's own sort and page only.
  const options = useMemo<ListQueryOptions>(() => ({ ...statsListOptions(pageSize), filterKeys: [] }), [pageSize]);
  const [urlQuery, setQuery] = usePrefixedListQuery('leaders', options);
  const query = useMemo<ListQuery>(
    () => ({ ...urlQuery, filters: { league: slug, season } }),
    [urlQuery, slug, season],
  );
  const leaders = useLeadersTable(query, false);
  const { state, rows, total, list } = leaders;
  const inBrowser = listQueryToSearchParams({ ...query, offset: 0 }, statsListOptions(pageSize));
  return (
    <>
      <LeadersHead>
        <span className="muted small">{list.data ? formatCount(total, 'player') : ''}</span>
        <div className="topbar-spacer" />
        <ExportMenu spec={statsTableSpec(query, state, leagueName)} rows={rows} totalRecords={total} />
        <Link className="btn ghost small" to={`${STATS_PATH}?${inBrowser}`}>
          Open in the stats browser ›
        </Link>
      </LeadersHead>
      <p className="muted small">{statsCaption(query.filters, state)}</p>
      <div className="card fill">
        <LeadersTable
          label={`Scoring leaders, ${leagueName}, ${season}`}
          query={query}
          leaders={leaders}
          setQuery={(q) => setQuery({ ...q, filters: {} })}
          className="fill"
          empty={
            <EmptyState title={`No skater of ${leagueName} played ${state.minGP} or more games in ${season}.`}>
              <Link className="btn" to={`${STATS_PATH}?${inBrowser}`}>
                Lower Min GP in the stats browser ›
              </Link>
            </EmptyState>
          }
        />
      </div>
    </>
  );
}

/**
 * A league-season not on this computer: its leaders come from a download, offered here for that one season
 * (the Players view's panel downloads more); while a download runs, its progress.
 */
function DownloadOffer(props: { slug: string; leagueName: string; season: string | undefined }) {
  const { slug, leagueName, season } = props;
  const status = useOfflineStatus();
  const start = useStartSync();
  const progress = status.data?.progress;
  const busy = downloadBusy(progress) || start.isPending;
  const what = season ? `${leagueName} ${season}` : leagueName;
  return (
    <div className="card league-leaders">
      <EmptyState title={`${what} is not on this computer.`}>
        <p className="muted small">
          The service ranks no league's players by points: the leaders come from the players downloaded for offline,
          kept on this computer to rank, sort and search without the service.
        </p>
        {season ? (
          <button
            type="button"
            className="btn primary"
            disabled={busy}
            onClick={() => start.mutate({ leagues: [slug], seasonFrom: season, seasonTo: season, refresh: false })}
          >
            Download {what} for offline
          </button>
        ) : null}
        {start.isError ? (
          <ErrorPanel error={start.error} what={`the download of ${what}`} onRetry={() => start.reset()} />
        ) : null}
        {progress && busy ? (
          <div className="league-leaders-progress">
            <SyncProgressBar progress={progress} />
          </div>
        ) : null}
        <Link className="small" to="/players">
          More leagues and seasons: Players › Download for offline
        </Link>
      </EmptyState>
    </div>
  );
}
