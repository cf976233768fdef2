import type { SyncProgress } from '../../../shared/domain/offline.ts';
import { progressFraction, progressText } from './download.ts';
import './sync-progress.css';

/**
 * The progress bar and line of the current or last download, with the refused (403) team-seasons. While
 * the store prepares the stats browser's rows after it, the bar shows work of unknown length.
 */
export function SyncProgressBar({ progress: p }: { progress: SyncProgress }) {
  const pct = Math.round(progressFraction(p) * 100);
  const preparing = p.preparing === true;
  const tone = toneOf(p);
  return (
    <div className="sync-progress">
      <progress max={100} value={preparing ? undefined : pct} aria-label="Download progress">
        {pct}%
      </progress>
      <p className={tone ? `notice ${tone}` : 'muted small'} role="status" aria-live="polite">
        {progressText(p)}
      </p>
      {p.refused.length > 0 ? (
        <details className="small">
          <summary>Refused team-seasons</summary>
          <ul>
            {p.refused.slice(0, 50).map((r) => (
              <li key={`${r.leagueSlug}/${r.teamId}/${r.seasonSlug}`}>
                {r.leagueSlug} {r.seasonSlug}, team {r.teamId}: {r.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * The progress line's tone: an error for a failed download, a warning for refused team-seasons or a stop
 * before the end, success once done (and prepared), none otherwise.
 */
function toneOf(p: SyncProgress): 'error' | 'warn' | 'ok' | '' {
  if (p.state === 'failed') return 'error';
  if (p.state === 'done' && p.preparing === true) return '';
  if (p.state === 'done' && p.refused.length === 0) return 'ok';
  if (p.refused.length > 0 || p.state === 'cancelled' || p.state === 'interrupted') return 'warn';
  return '';
}
