import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { OfflineStatus } from '../../../shared/bridge/offline-bridge.ts';
import { toServiceError } from '../../bridge/client.ts';
import { listQueryOptions } from '../../bridge/queries.ts';
import { useLeagueOptions } from '../../components/options.ts';
import { syncedLeagues } from '../../entities/player/download.ts';
import { SyncProgressBar } from '../../entities/player/SyncProgressBar.tsx';
import { formatInt } from '../../format/index.ts';
import { SEASONS_QUERY, useLeagues } from '../../state/leagues.ts';
import { downloadBusy, useStartSync, useSyncEstimate } from '../../state/offline.ts';
import { SyncActions, useLeagueName } from './SyncProgressCard.tsx';
import { estimateLines, seasonsText, syncedWhen } from './spec.ts';

/** The seasons of the picked leagues (`/leagues/{slug}/seasons`), one per slug, newest first. */
function useSeasonSlugs(leagues: readonly string[]): { slugs: string[]; loading: boolean } {
  return useQueries({
    queries: leagues.map((slug) => listQueryOptions('leagueSeasons', { slug }, SEASONS_QUERY)),
    combine: (results) => {
      const set = new Set<string>();
      for (const r of results) for (const s of r.data?.data ?? []) set.add(s.slug);
      return { slugs: [...set].sort().reverse(), loading: results.some((r) => r.isLoading) };
    },
  });
}

/**
 * "Download for offline": the scout picks leagues, and every season they have is taken unless he narrows
 * the range; the size (team-seasons per league, and those on this computer already) shows before he
 * starts. Start runs `offlineSync` and hands the view `onStarted` (it closes the panel: the download
 * goes on in one line above the table). Team-seasons the key may not see (403) are listed, not fatal.
 */
export function DownloadPanel(props: {
  status: OfflineStatus | undefined;
  onClose: () => void;
  onStarted: () => void;
}) {
  const leagues = useLeagues();
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  const nameOf = useLeagueName();
  const [picked, setPicked] = useState<string[]>([]);
  const { slugs, loading: seasonsLoading } = useSeasonSlugs(picked);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const start = useStartSync();
  const progress = props.status?.progress;
  const running = progress?.state === 'running';
  // Also while the store prepares the stats browser's rows after a download: no other download starts.
  const busy = downloadBusy(progress);
  // Every season of the picked leagues until the scout narrows the range (slugs are newest first).
  const seasonFrom = slugs.includes(from) ? from : (slugs.at(-1) ?? '');
  const seasonTo = slugs.includes(to) ? to : (slugs[0] ?? '');
  const [lo, hi] = seasonFrom <= seasonTo ? [seasonFrom, seasonTo] : [seasonTo, seasonFrom];
  const args = picked.length > 0 && lo !== '' ? { leagues: picked, seasonFrom: lo, seasonTo: hi } : null;
  const estimate = useSyncEstimate(args);

  const toggle = (slug: string) =>
    setPicked((p) => (p.includes(slug) ? p.filter((s) => s !== slug) : [...p, slug].sort()));

  return (
    <section className="card download-panel" aria-labelledby="download-title">
      <div className="section-head">
        <h2 id="download-title">Download for offline</h2>
        <span className="muted small">
          Players of the leagues you pick, kept on this computer to browse without the service.
        </span>
        <div className="topbar-spacer" />
        <button type="button" className="btn ghost" onClick={props.onClose}>
          Close
        </button>
      </div>
      <fieldset className="download-leagues" disabled={running}>
        <legend className="field-label">Leagues</legend>
        {leagues.isLoading ? <span className="muted">Loading leagues…</span> : null}
        {leagues.isError ? (
          <span className="notice error">Leagues could not be loaded: {toServiceError(leagues.error).message}</span>
        ) : null}
        {leagueOptions.map((l) => (
          <label key={l.value} className={picked.includes(l.value) ? 'chip on' : 'chip'}>
            <input type="checkbox" checked={picked.includes(l.value)} onChange={() => toggle(l.value)} />
            {l.label}
          </label>
        ))}
      </fieldset>
      <div className="download-actions">
        <SeasonBound
          label="From season"
          value={seasonFrom}
          onChange={setFrom}
          slugs={slugs}
          disabled={running}
          loading={seasonsLoading}
        />
        <SeasonBound
          label="To season"
          value={seasonTo}
          onChange={setTo}
          slugs={slugs}
          disabled={running}
          loading={seasonsLoading}
        />
        {running && progress ? (
          <SyncActions progress={progress} />
        ) : (
          <button
            type="button"
            className="btn primary"
            disabled={args === null || start.isPending || busy}
            onClick={() => args !== null && start.mutate(args, { onSuccess: props.onStarted })}
          >
            Start download
          </button>
        )}
      </div>
      {args !== null ? <DownloadEstimate estimate={estimate} nameOf={nameOf} /> : null}
      {start.isError ? (
        <p className="notice error" role="alert">
          The download could not start: {toServiceError(start.error).message}
        </p>
      ) : null}
      {progress && progress.state !== 'idle' ? (
        <>
          <SyncProgressBar progress={progress} />
          {running ? null : (
            <div className="download-actions">
              <SyncActions progress={progress} />
            </div>
          )}
        </>
      ) : null}
      <SyncedLeagues
        status={props.status}
        disabled={busy || start.isPending}
        onResync={(l) => start.mutate({ leagues: [l.slug], seasonFrom: l.seasons[0], seasonTo: l.seasons.at(-1) })}
      />
    </section>
  );
}

/** The size of the download before it starts: per league, and in all. */
function DownloadEstimate(props: { estimate: ReturnType<typeof useSyncEstimate>; nameOf: (slug: string) => string }) {
  const { estimate } = props;
  if (estimate.isError) {
    return (
      <p className="notice error small download-estimate">
        The size of this download could not be read: {toServiceError(estimate.error).message}
      </p>
    );
  }
  if (estimate.data === undefined) return <p className="muted small download-estimate">Counting team-seasons…</p>;
  const lines = estimateLines(estimate.data, props.nameOf);
  return (
    <section className="download-estimate" aria-label="Size of this download">
      <ul className="small">
        {lines.leagues.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <strong className="small">{lines.total}</strong>
    </section>
  );
}

/**
 * What is on this computer, per league: its seasons, stats rows and when they were last synced, with
 * Re-sync (the league's seasons again: rows replaced, only players whose record changed fetched again).
 */
function SyncedLeagues(props: {
  status: OfflineStatus | undefined;
  disabled: boolean;
  onResync: (league: ReturnType<typeof syncedLeagues>[number]) => void;
}) {
  const leagues = syncedLeagues(props.status?.synced ?? []);
  if (leagues.length === 0) return null;
  return (
    <div className="synced-leagues">
      <span className="field-label">On this computer</span>
      <table className="synced-table" aria-label="Synced leagues">
        <thead>
          <tr>
            <th scope="col">League</th>
            <th scope="col">Seasons</th>
            <th scope="col" className="num">
              Stats rows
            </th>
            <th scope="col">Last synced</th>
            <th scope="col">
              <span className="visually-hidden">Re-sync</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {leagues.map((l) => (
            <tr key={l.slug}>
              <th scope="row">{l.name}</th>
              <td>{seasonsText(l.seasons)}</td>
              <td className="num">{formatInt(l.rows)}</td>
              <td>{l.inProgress ? `${syncedWhen(l)} (re-sync unfinished)` : syncedWhen(l)}</td>
              <td>
                <button
                  type="button"
                  className="btn ghost small"
                  disabled={props.disabled}
                  onClick={() => props.onResync(l)}
                  aria-label={`Re-sync ${l.name}`}
                >
                  Re-sync
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One end of the download's season range: a select over the picked leagues' season slugs. */
function SeasonBound(props: {
  label: string;
  value: string;
  onChange: (slug: string) => void;
  slugs: readonly string[];
  disabled: boolean;
  loading: boolean;
}) {
  const none = props.slugs.length === 0;
  return (
    <label className="inline-field">
      <span className="field-label">{props.label}</span>
      <select
        value={props.value}
        disabled={props.disabled || none}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {none ? <option value="">{props.loading ? 'Loading…' : 'Pick a league'}</option> : null}
        {props.slugs.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}
