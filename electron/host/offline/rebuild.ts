import type { SyncRequest } from '../../../shared/domain/offline.ts';
import type { StoreClient } from '../../../store/index.ts';
import type { SettingsStore } from '../common/settings.ts';

/**
 * The player cache can always be downloaded again: the settings file records which league-seasons were
 * downloaded (after each download), so that a cache found damaged and discarded at opening
 * (store/opening.ts) is downloaded again, league by league, even when nothing of the damaged file can be
 * read any more.
 */

/** A downloaded league-season, and the source it came from. */
export interface SyncedUnit {
  leagueSlug: string;
  seasonSlug: string;
  source: string;
}

/** The most league-seasons the settings file records (the rest are left to the scout). */
const RECORD_MAX = 5000;

/** Records the league-seasons the cache holds now in the settings (none: the record is removed). */
export async function recordSynced(settings: SettingsStore, store: StoreClient): Promise<void> {
  const synced = (await store.syncState()).map((r) => ({
    leagueSlug: r.leagueSlug,
    seasonSlug: r.seasonSlug,
    source: r.baseUrl,
  }));
  const next = synced.length === 0 ? null : { synced: synced.slice(0, RECORD_MAX) };
  if (JSON.stringify(settings.get().offline ?? null) !== JSON.stringify(next)) await settings.update({ offline: next });
}

/**
 * The downloads that fetch again the `units` of `source` (the source in use: another's are left to the
 * scout): one per league, from its first season to its last (seasons in between that were not downloaded
 * come too: a download takes a range).
 */
export function redownloads(units: readonly SyncedUnit[], source: string): SyncRequest[] {
  const byLeague = new Map<string, string[]>();
  for (const u of units) {
    if (u.source === source) byLeague.set(u.leagueSlug, [...(byLeague.get(u.leagueSlug) ?? []), u.seasonSlug]);
  }
  return [...byLeague].map(([league, seasons]) => {
    const sorted = [...seasons].sort();
    return { leagues: [league], seasonFrom: sorted[0] as string, seasonTo: sorted.at(-1) as string, refresh: false };
  });
}
