import { useState } from 'react';
import type { OfflineStatus } from '../../../shared/bridge/offline-bridge.ts';
import type { SyncProgress } from '../../../shared/domain/offline.ts';
import { toServiceError } from '../../bridge/client.ts';
import { SyncProgressBar } from '../../entities/player/SyncProgressBar.tsx';
import { useLeagues } from '../../state/leagues.ts';
import { useCancelSync, useStartSync } from '../../state/offline.ts';
import { leagueList, resumable } from './spec.ts';

/** A league's name by slug, from the service's leagues (the slug until they load). */
export function useLeagueName(): (slug: string) => string {
  const leagues = useLeagues();
  return (slug) => leagues.data?.data.find((l) => l.slug === slug)?.name ?? slug.toUpperCase();
}

/** Cancel while a download runs, Resume once one stopped before its end; nothing otherwise. */
export function SyncActions({ progress: p }: { progress: SyncProgress }) {
  const start = useStartSync();
  const cancel = useCancelSync();
  if (p.state === 'running') {
    return (
      <button type="button" className="btn" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        Cancel
      </button>
    );
  }
  if (!resumable(p) || p.request === null) return null;
  const request = p.request;
  return (
    <>
      <button
        type="button"
        className="btn primary"
        onClick={() => start.mutate({ ...request, refresh: false })}
        disabled={start.isPending}
      >
        Resume
      </button>
      {start.isError ? (
        <span className="notice error small" role="alert">
          The download could not resume: {toServiceError(start.error).message}
        </span>
      ) : null}
    </>
  );
}

/**
 * Whether the collapsed download card has something to show: a download running, one to resume, or one
 * that ended in this app's run (until dismissed).
 */
export function showsDownload(p: SyncProgress | undefined, dismissed: string | null): boolean {
  if (p === undefined) return false;
  if (p.state === 'done') return p.finishedAt !== dismissed;
  return p.state === 'running' || resumable(p);
}

const TITLE = {
  running: 'Downloading',
  done: 'Downloaded',
  cancelled: 'Download cancelled:',
  interrupted: 'Download interrupted:',
  failed: 'Download stopped:',
  idle: '',
} as const;

/**
 * The download while the panel is closed: which leagues, the bar and its line, Cancel or Resume (or
 * Dismiss once done), and Details (the panel). It takes one line of the view, so the table keeps its room.
 */
export function CollapsedDownload(props: { status: OfflineStatus | undefined; onDetails: () => void }) {
  const nameOf = useLeagueName();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const p = props.status?.progress;
  if (p === undefined || !showsDownload(p, dismissed)) return null;
  const title = `${TITLE[p.state]} ${leagueList(p.request?.leagues ?? [], nameOf)}`;
  return (
    <section className="card download-panel download-compact" aria-label="Download for offline">
      <div className="section-head">
        <h2>{title}</h2>
        <div className="topbar-spacer" />
        <SyncActions progress={p} />
        <button type="button" className="btn ghost" onClick={props.onDetails}>
          Details
        </button>
        {p.state === 'done' && p.preparing !== true ? (
          <button type="button" className="btn ghost" onClick={() => setDismissed(p.finishedAt)}>
            Dismiss
          </button>
        ) : null}
      </div>
      <SyncProgressBar progress={p} />
    </section>
  );
}
