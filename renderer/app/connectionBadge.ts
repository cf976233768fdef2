import type { About } from '../../shared/bridge/bridge.ts';
import { DATA_SOURCE_LABELS } from '../state/dataSource.ts';

/** The top bar's badge for the embedded local service with its built-in key. */
export interface ConnectionBadge {
  /** `Demo data` or `Local service`. */
  label: string;
  /** CSS modifier: `demo` (synthetic data) or `local` (real data on the built-in key). */
  kind: 'demo' | 'local';
  /** The tooltip: what the scout is connected to, in full. */
  title: string;
}

/**
 * Which badge the top bar shows. "Demo data" only when the service's `GET /about` says its data is
 * `synthetic`: the built-in key also serves a real Hockey Databank database (`npm start -- --db FILE`),
 * and calling that demo data would mislead a scout. Real data on the built-in key is labelled
 * "Local service". No badge on the scout's own key, and none until `/about` has answered (so the badge
 * never flashes a wrong word); a service without `/about` on the built-in key gets "Local service".
 *
 * @param builtInKey true when the app uses the embedded service's built-in key (`AppInfo.demo`)
 * @param source `provenance.source` of `/about`, or undefined while it loads or when it failed
 * @param aboutFailed whether `/about` failed
 */
export function connectionBadge(
  builtInKey: boolean,
  source: About['provenance']['source'] | undefined,
  aboutFailed: boolean,
): ConnectionBadge | null {
  if (!builtInKey) return null;
  if (source === 'synthetic') {
    return {
      label: 'Demo data',
      kind: 'demo',
      title: DATA_SOURCE_LABELS.synthetic.badgeTitle,
    };
  }
  if (source === 'hockey-databank') {
    return {
      label: 'Local service',
      kind: 'local',
      title: DATA_SOURCE_LABELS['hockey-databank'].badgeTitle,
    };
  }
  return aboutFailed
    ? { label: 'Local service', kind: 'local', title: 'The embedded local service, on its built-in key' }
    : null;
}
