import type { AboutAnswer } from '../../../shared/bridge/bridge.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import { normaliseBaseUrl, type ServiceClient } from '../service-client/service-client.ts';
import type { OfflineHost } from './offline-host.ts';

/**
 * The service's `GET /about` kept with the store: each answer of the service in use is kept (store
 * meta, per source), and while that service cannot be reached the kept answer stands in for it, marked
 * `kept` with the reason, so the Hockey Databank's attribution stays in the footer and in exports
 * offline while the page still knows it is offline. Another service's answer is never given for the
 * one in use; a sync from another service clears it with the store's rows.
 */
export interface KeptAbout {
  /**
   * `/about` of `base`. For the service in use: a success is kept; a network error, timeout or 5xx is
   * answered with the kept answer (marked `kept`) when there is one. Other services are asked and never kept.
   */
  get(base: string): Promise<Result<AboutAnswer>>;
  /** The kept answer of the service in use, marked `kept` with `reason` (why the service was not asked), or null. */
  kept(reason: string): Promise<Result<AboutAnswer> | null>;
}

export interface KeptAboutDeps {
  client: ServiceClient;
  offline: OfflineHost | undefined;
  /** The service in use: its base URL and which service it is to the store. */
  inUse(): { baseUrl: string; source: string };
}

/** Errors that mean "the service cannot be reached now", not "it answered otherwise". */
const UNREACHABLE = new Set(['network', 'timeout', 'server']);

export function keptAbout(deps: KeptAboutDeps): KeptAbout {
  const kept = async (reason: string): Promise<Result<AboutAnswer> | null> => {
    if (deps.offline === undefined) return null;
    const about = await deps.offline.lastAbout(deps.inUse().source).catch(() => null);
    return about === null ? null : { ok: true, value: { ...about, kept: { reason } } };
  };
  return {
    kept,
    async get(base) {
      const answer = await deps.client.about(base);
      const inUse = deps.inUse();
      if (normaliseBaseUrl(base) !== inUse.baseUrl || deps.offline === undefined) return answer;
      if (answer.ok) {
        // Kept in the background: the answer never waits for the store to open.
        deps.offline.keepAbout(inUse.source, answer.value).catch(() => {});
        return answer;
      }
      if (!UNREACHABLE.has(answer.error.kind)) return answer;
      return (await kept(answer.error.message)) ?? answer;
    },
  };
}
