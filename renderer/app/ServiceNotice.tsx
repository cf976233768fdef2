import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LocalServiceStatus } from '../../shared/bridge/bridge.ts';
import { queryKeys, useLocalServiceStatus } from '../bridge/queries.ts';
import { formatClock } from '../format/index.ts';

/** The notice's words for a status, or null when there is nothing to say. `seen`: restarts already dismissed. */
export function serviceNoticeText(s: LocalServiceStatus | undefined, seen: number): string | null {
  if (s === undefined || s.state === 'none') return null;
  if (s.state !== 'running') return s.message;
  if (s.restarts <= seen) return null;
  const at = s.lastStopAt === null ? '' : ` at ${formatClock(s.lastStopAt)}`;
  const times = s.restarts - seen > 1 ? ` (${s.restarts - seen} times)` : '';
  return `The local service stopped unexpectedly${at} and was restarted${times}; what was loading carried on.`;
}

/**
 * One notice for the whole page about the app's own local service (host: embedded-service.ts), however
 * many requests were under way: while it restarts, when it could not be restarted (with Try again), and
 * once after it was restarted, until dismissed.
 */
export function ServiceNotice() {
  const status = useLocalServiceStatus();
  const client = useQueryClient();
  const [seen, setSeen] = useState(0);
  const s = status.data;
  const restarts = s?.restarts ?? 0;
  // A restarted service has a new address: what the page shows of it (the footer) is read again.
  useEffect(() => {
    if (restarts > 0) void client.invalidateQueries({ queryKey: queryKeys.appInfo });
  }, [client, restarts]);
  const text = serviceNoticeText(s, seen);
  if (s === undefined || text === null) return null;
  const failed = s.state === 'failed';
  return (
    <div className={`notice ${failed ? 'error' : 'warn'} service-notice`} role={failed ? 'alert' : 'status'}>
      <span>{text}</span>
      {failed ? (
        // Any request asks the host to try once more.
        <button type="button" className="btn small" onClick={() => void client.invalidateQueries()}>
          Try again
        </button>
      ) : null}
      {s.state === 'running' ? (
        <button type="button" className="btn ghost small" onClick={() => setSeen(s.restarts)}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
