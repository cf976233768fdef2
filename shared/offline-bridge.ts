import { z } from 'zod';
import type { ListEnvelope } from './envelope.ts';
import type {
  OfflinePlayerDetail,
  OfflinePlayerListRecord,
  SyncEstimate,
  SyncProgress,
  SyncStateRow,
} from './offline.ts';
import { SEASON_SLUG_RE, SLUG_RE } from './spec.ts';

/**
 * Arguments and results of the offline store's bridge operations (merged into shared/bridge.ts):
 * start, watch and cancel a download of leagues for offline use, and query the players it holds.
 */

/** What the download status answers: progress, each league-season's last sync, and the store's counts. */
export interface OfflineStatus {
  progress: SyncProgress;
  synced: SyncStateRow[];
  counts: { leagues: number; seasons: number; teams: number; players: number; playerStats: number };
  /**
   * When the players on this computer came from another service than the one in use: that service's base
   * URL (`embedded` for the app's local service). A download from the service in use replaces them.
   */
  otherSource: string | null;
}

const Empty = z.object({}).strict().default({});

/** What a download asks for: leagues and an inclusive season range (absent: every season). */
const SyncArgs = z.object({
  leagues: z.array(z.string().regex(SLUG_RE, 'a league slug')).min(1, 'pick at least one league').max(50),
  seasonFrom: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 2023-2024').optional(),
  seasonTo: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 2023-2024').optional(),
});

export const OFFLINE_ARGS = {
  /** Starts downloading `leagues` for seasons `seasonFrom`..`seasonTo` (inclusive; absent: every season). */
  offlineSync: SyncArgs.extend({ refresh: z.boolean().default(false) }),
  /** The size of that download before it starts: team-seasons per league, and those already on this computer. */
  offlineSyncEstimate: SyncArgs,
  offlineSyncStatus: Empty,
  offlineSyncCancel: Empty,
  /**
   * A players list query as the service query record of shared/query.ts (`q`, `position`,
   * `nationality`, `age:min`, `age:max`, `league`, `season`, `shoots`, `catches`, `sort`, `offset`, `limit`).
   */
  offlinePlayers: z.object({ query: z.record(z.string(), z.string().max(2000)).default({}) }),
  /** One player with every stats row the store holds for him. */
  offlinePlayer: z.object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  }),
} as const;

export interface OfflineResults {
  offlineSync: OfflineStatus;
  offlineSyncEstimate: SyncEstimate;
  offlineSyncStatus: OfflineStatus;
  offlineSyncCancel: OfflineStatus;
  offlinePlayers: ListEnvelope<OfflinePlayerListRecord>;
  offlinePlayer: OfflinePlayerDetail;
}
