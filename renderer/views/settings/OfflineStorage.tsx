import { useId, useState } from 'react';
import { formatCount } from '../../../shared/columns/index.ts';
import { toServiceError } from '../../bridge/client.ts';
import { SkeletonText } from '../../components/States.tsx';
import { useOfflineStatus } from '../../state/offline.ts';
import { bytesText, useClearCache } from '../../state/storage.ts';

/**
 * Settings' "Downloaded players": the player cache's file and size, and Clear (asked once more), which
 * deletes every downloaded player, gives the space back, and leaves the scouting lists as they are.
 */
export function OfflineStorage() {
  const id = useId();
  const status = useOfflineStatus();
  const clear = useClearCache();
  const [asking, setAsking] = useState(false);
  const s = status.data;
  const running = s?.progress.state === 'running';
  return (
    <section className="card settings-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Downloaded players</h2>
      {s === undefined ? <SkeletonText width="l" /> : null}
      {s ? (
        <dl className="facts vertical">
          <div>
            <dt>File</dt>
            <dd>
              <code className="path">{s.cache.file}</code> · {bytesText(s.cache.bytes)}
            </dd>
          </div>
          <div>
            <dt>Holds</dt>
            <dd>
              {formatCount(s.counts.players, 'player')}, {formatCount(s.counts.playerStats, 'season line')} of{' '}
              {formatCount(s.synced.length, 'league-season')}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="muted small">
        Downloaded from the service for offline use; they can be downloaded again. Your scouting lists are kept in a
        file of their own and are not touched.
      </p>
      <div className="row">
        {asking ? (
          <>
            <span className="small">Delete every downloaded player?</span>
            <button
              type="button"
              className="btn danger small"
              disabled={clear.isPending || running}
              onClick={() => clear.mutate(undefined, { onSettled: () => setAsking(false) })}
            >
              {clear.isPending ? 'Clearing…' : 'Clear'}
            </button>
            <button type="button" className="btn ghost small" onClick={() => setAsking(false)}>
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={running || s === undefined || s.counts.players === 0}
            onClick={() => {
              clear.reset();
              setAsking(true);
            }}
          >
            Clear downloaded players…
          </button>
        )}
      </div>
      {running ? <p className="muted small">A download is running: cancel it in Players to clear.</p> : null}
      {clear.isSuccess ? (
        <output className="notice ok">
          Cleared: the file went from {bytesText(clear.data.bytesBefore)} to {bytesText(clear.data.bytes)}.
        </output>
      ) : null}
      {clear.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(clear.error).message}
        </p>
      ) : null}
    </section>
  );
}
