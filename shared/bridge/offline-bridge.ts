import { z } from 'zod';
import { IdSchema } from '../contract/id.ts';
import { SEASON_SLUG_RE, SLUG_RE } from '../contract/spec.ts';
import type { LeadersPage } from '../domain/leaders.ts';
import type {
  OfflinePlayerDetail,
  OfflinePlayersPage,
  SyncEstimate,
  SyncProgress,
  SyncStateRow,
} from '../domain/offline.ts';

/**
 * Arguments and results of the offline store's bridge operations (merged into shared/bridge/bridge.ts):
 * start, watch and cancel a download of leagues for offline use, and query the players it holds.
 */

/**
 * A player cache found damaged when it was opened (empty, not a database, failing `PRAGMA quick_check`)
 * and discarded for a new one: why, where the discarded file was kept (null when it could not be), and the
 * league-seasons it held, as far as they could still be read (null: not at all), which are downloaded
 * again.
 */
export interface CacheRebuild {
  at: string;
  reason: string;
  keptAs: string | null;
  /** Each with the source it was downloaded from (shared/domain/sources.ts). */
  synced: { leagueSlug: string; seasonSlug: string; source: string }[] | null;
}

/**
 * What the settings file records of the player cache (SettingsSchema `offline`): the league-seasons it
 * holds and where from, written by the host after each download (null once none is), so a cache found
 * damaged is downloaded again even when nothing of it can be read.
 */
export const CacheRecordSchema = z
  .object({
    synced: z
      .array(
        z
          .object({ leagueSlug: z.string().max(100), seasonSlug: z.string().max(20), source: z.string().max(4096) })
          .strict(),
      )
      .max(5000),
  })
  .strict();

/** The player cache's file and its size on disk (bytes, the file with its WAL). */
export interface CacheFile {
  file: string;
  bytes: number;
}

/** What clearing the player cache freed: the file's size before and after (bytes, with its WAL). */
export interface CacheCleared extends CacheFile {
  bytesBefore: number;
}

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
  /** The cache's file and size. */
  cache: CacheFile;
  /** Set when a damaged cache was discarded at opening (and its league-seasons downloaded again), until dismissed. */
  rebuilt: CacheRebuild | null;
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
  /** Deletes every downloaded player (the scouting lists stay) and gives the disk space back (VACUUM). */
  offlineClear: Empty,
  /** Forgets the notice of a discarded cache (the scout read it). */
  offlineNoticeDismiss: Empty,
  /**
   * A players list query as the service query record of shared/query/query.ts (`q`, `position`,
   * `nationality`, `age:min`, `age:max`, `league`, `season`, `shoots`, `catches`, `sort`, `offset`, `limit`).
   */
  offlinePlayers: z.object({ query: z.record(z.string(), z.string().max(2000)).default({}) }),
  /**
   * A page of the stats browser's leaders (shared/domain/leaders.ts): the query record of the view's URL
   * (`league`, `season`, `season:min`, `season:max`, `position`, `nationality`, `team`, `draft`,
   * `draftAge:min`, `draftAge:max`, `block`, `mode`, `minGP`, `sort`, `offset`, `limit`).
   */
  offlineLeaders: z.object({ query: z.record(z.string(), z.string().max(2000)).default({}) }),
  /** One player with every stats row the store holds for him. */
  offlinePlayer: z.object({
    id: IdSchema,
  }),
} as const;

export interface OfflineResults {
  offlineSync: OfflineStatus;
  offlineSyncEstimate: SyncEstimate;
  offlineSyncStatus: OfflineStatus;
  offlineSyncCancel: OfflineStatus;
  offlineClear: CacheCleared;
  offlineNoticeDismiss: null;
  offlinePlayers: OfflinePlayersPage;
  offlinePlayer: OfflinePlayerDetail;
  offlineLeaders: LeadersPage;
}
