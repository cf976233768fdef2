import type { About } from '../../shared/bridge/bridge.ts';
import type { CacheCleared, CacheFile, CacheRebuild } from '../../shared/bridge/offline-bridge.ts';
import type { Cell } from '../../shared/columns/cells.ts';
import type { LeadersPage } from '../../shared/domain/leaders.ts';
import type { CareerArcs, Comparables, LeagueFactors, PinnedFactor } from '../../shared/domain/nhle.ts';
import type {
  OfflinePlayerDetail,
  OfflinePlayersPage,
  SyncRequest,
  SyncStateRow,
  UnitCommit,
  UnitRefusal,
} from '../../shared/domain/offline.ts';
import type { Checked } from '../../shared/query/list-engine.ts';
import type { BoardLineCalls } from './board-lines.ts';
import type { JsonBytes } from './json-bytes.ts';
import type { PackedUnit } from './rows.ts';
import type { HeldUnit } from './sync/digest.ts';

/**
 * The typed interface of every call the store answers (store/README.md). The store worker implements it
 * over its SQLite file (open.ts); the host calls it through the client (client.ts), each call
 * asynchronous, with these argument and result types on both sides of the worker boundary (protocol.ts).
 * Arguments and results are plain data (structured-cloned).
 */

/** Rows the store holds, per table. */
export interface StoreCounts {
  leagues: number;
  seasons: number;
  teams: number;
  players: number;
  playerStats: number;
}

/**
 * The download running or last ended (`sync_run`): what it asked, how it stands, and its counts as of
 * its last commit. `state` stays `running` when the app stopped without ending it.
 */
export interface SyncRun {
  request: SyncRequest;
  state: 'running' | 'done' | 'cancelled' | 'failed';
  /** Team-seasons of the request, and those done (committed or refused, earlier runs included). */
  unitsTotal: number;
  unitsDone: number;
  /** Stat lines of the team-seasons done, and the distinct players they name. */
  rows: number;
  players: number;
  /** ISO 8601 date-times: the start, the last commit, the end (null while it runs). */
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** The counts of a download a commit brings it to. */
export type RunCounts = Pick<SyncRun, 'unitsDone' | 'rows' | 'players'>;

/** A players list query as the page sends it: the service query record of shared/query/query.ts (strings). */
export type RawPlayerQuery = Readonly<Record<string, string>>;

/** What the sync driver asks of the store (sync/state.ts reads, sync/checkpoints.ts writes). */
export interface SyncCalls {
  /** Which service the synced rows came from (a base URL, or `embedded`), or null when empty. */
  source(): string | null;
  /**
   * Deletes everything synced (and the kept `/about` of another service) when `source` differs from the
   * one the rows came from, then records it. `cleared`: rows of another service were there.
   */
  adoptSource(source: string): { cleared: boolean };
  /**
   * Binds what is recorded under `legacy` (the one name earlier versions gave every embedded database) to
   * `source`, the embedded database in use: the rows' source, each league-season's and the kept `/about`'s,
   * in one transaction. The first embedded database used after the upgrade is taken to be the one they
   * came from, as earlier versions ran one. False when the rows are of another source (only a kept `/about`
   * of `legacy` is then bound).
   */
  bindLegacySource(legacy: string, source: string): boolean;
  /**
   * Of these players (as a stats record embeds them), those to fetch with `/players/{id}`: without a
   * row, or whose stored `updatedAt` differs from the record's. A record without `updatedAt` counts as
   * unchanged once the player is stored.
   */
  stalePlayers(players: { id: number; updatedAt: string | null }[]): number[];
  /** `leagueSlug|teamId|seasonSlug` of every team-season checkpointed (done or refused). */
  doneUnits(): string[];
  /**
   * The stat lines of these checkpointed team-seasons (`leagueSlug|teamId|seasonSlug`) and the distinct
   * players they name: what a resumed download holds already.
   */
  unitContents(units: string[]): { rows: number; players: number[] };
  /** Writes one team-season with its checkpoint, in one transaction. */
  commitUnit(unit: UnitCommit): void;
  /**
   * Writes several team-seasons in one transaction, each with its checkpoint (and the running download's
   * `counts`, when given): all of them or none, so a stop or crash loses only team-seasons not yet
   * checkpointed, which a resumed download fetches again. Rows that did not change are not written.
   */
  commitUnits(units: UnitCommit[], counts?: RunCounts): void;
  /**
   * {@link SyncCalls.commitUnits} of team-seasons packed on the host (`packUnit`: rows and players as their
   * values in the store's column order), as a download sends them: the same writes, one transaction, each
   * unit's digest recorded (sync/digest.ts); and the checkpoints of `held` team-seasons, fetched with the
   * digest they were last written with, whose rows are neither sent nor read.
   */
  commitPacked(units: PackedUnit[], counts?: RunCounts, held?: HeldUnit[]): void;
  /**
   * The digests recorded for these team-seasons (`leagueSlug|teamId|seasonSlug`), by key; a team-season
   * without one is left out.
   */
  unitDigests(units: string[]): Record<string, string>;
  /** Records a download that starts (or resumes) as running, with its counts so far. */
  beginRun(request: SyncRequest, counts: RunCounts & { unitsTotal: number }, startedAt: string): void;
  /** Records how the running download ended. */
  endRun(state: 'done' | 'cancelled' | 'failed', error: string | null, at: string): void;
  /** The download running or last ended, or null when none was ever started. */
  lastRun(): SyncRun | null;
  /** Records a team-season the service refused (403) as checkpointed. */
  refuseUnit(refusal: UnitRefusal): void;
  /** Forgets the checkpoints of these league-seasons so the next sync fetches them again. */
  forgetUnits(leagueSlug: string, seasons: string[]): void;
  /**
   * Starts syncing these league-seasons again: forgets their checkpoints and marks them in progress (their
   * last sync time stays), in one transaction, so a re-sync stopped midway resumes where it stopped.
   */
  beginResync(leagueSlug: string, seasons: string[]): void;
  /** Records a finished sync of these league-seasons from `source` at `at` (ISO 8601), clearing their in-progress mark. */
  markSynced(leagueSlug: string, seasons: string[], source: string, at: string): void;
  /** Each synced league-season: when, from where, and its stats rows. */
  syncState(): SyncStateRow[];
  /** The team-seasons refused with 403. */
  refusals(): UnitRefusal[];
  counts(): StoreCounts;
}

/**
 * Reading players (players/read.ts), the search and season rows as the last derivation left them
 * ({@link DeriveCalls}).
 */
export interface PlayerCalls {
  /**
   * A page of players in the spec's envelope, or the issue that refused the query (a bad filter, an
   * unknown sort key, an offset out of range), naming the parameter and, for `sort`, its allowed values.
   * `today` (default now) dates ages.
   */
  listPlayers(query: RawPlayerQuery, today?: Date): Checked<OfflinePlayersPage>;
  /** One player with every stats row the store holds for him, newest season first; null when absent. */
  player(id: number, today?: Date): OfflinePlayerDetail | null;
}

/** The stats browser (leaders/): a query, which writes nothing. */
export interface LeaderCalls {
  /**
   * A page of leaders (shared/domain/leaders.ts): best single seasons or totals over a range, filtered, sorted
   * and paged; or the issue that refused the query, naming the parameter (and, for `sort`, its allowed
   * values). Read as the last derivation left the rows ({@link DeriveCalls}). Skaters' single regular
   * seasons carry NHLe (shared/domain/nhle.ts) with the scout's `pins` (kept with his lists) applied.
   */
  leaders(query: RawPlayerQuery, pins?: readonly PinnedFactor[]): Checked<LeadersPage>;
}

/**
 * The rows derived from what downloads wrote (derive.ts): made by this write step alone, never by a query,
 * after each download and at opening.
 */
export interface DeriveCalls {
  /**
   * Derives the stats browser's rows of the players downloads changed (leaders/refresh.ts), rewrites their
   * search rows (search.ts) and keeps the default league factors of NHLe of the rows (nhle/cache.ts);
   * returns how many players' rows were derived (0: none waited).
   */
  prepareLeaders(): number;
}

/**
 * The two pages the bridge hands on to the page, the players list's and the stats browser's leaders', as
 * {@link PlayerCalls.listPlayers} and {@link LeaderCalls.leaders} give them but as their JSON text in UTF-8
 * (page-json.ts): they cross from the worker as bytes, and the browser shell sends those bytes as they are.
 */
export interface PageJsonCalls {
  listPlayersJson(query: RawPlayerQuery, today?: Date): Checked<JsonBytes<OfflinePlayersPage>>;
  leadersJson(query: RawPlayerQuery, pins?: readonly PinnedFactor[]): Checked<JsonBytes<LeadersPage>>;
}

/** A table of the store an export reads: the stats browser's leaders, or the players list. */
export type StoreTable = 'leaders' | 'players';

/** A page of a store table as an export file's rows (export-cells.ts). */
export interface ExportCells {
  /** The page's rows, each the cells of the asked columns in their order. */
  rows: Cell[][];
  /** Every row of the query (the envelope's `totalRecords`). */
  totalRecords: number;
}

/** The store's tables as export rows (export-cells.ts). */
export interface ExportCallsApi {
  /**
   * A page of `table` for `query` (as {@link LeaderCalls.leaders} or {@link PlayerCalls.listPlayers} read
   * it, `pins` for the leaders' NHLe) as the cells of the columns `columnIds` (ids of the table's catalog,
   * shared/columns: LEADER_COLUMNS or PLAYER_EXPORT_COLUMNS), each row's place counted from the page's
   * offset; or the issue that refused the query, or `columns` naming an id the catalog lacks.
   */
  exportCells(
    table: StoreTable,
    query: RawPlayerQuery,
    columnIds: readonly string[],
    pins?: readonly PinnedFactor[],
  ): Checked<ExportCells>;
}

/** NHL equivalency (nhle/, shared/domain/nhle.ts): league factors from the moves in the store. */
export interface NhleCalls {
  /**
   * Every league's factor into the NHL for a query (`minGP`, `seasonFrom`, `seasonTo`; defaults: 20 GP,
   * every season), with its sample, 90 % interval and path, every league pair behind them, and the
   * scout's `pins` (kept with his lists) applied; or the issue naming the parameter refused.
   */
  leagueFactors(query: Readonly<Record<string, unknown>>, pins: readonly PinnedFactor[]): Checked<LeagueFactors>;
  /**
   * The comparables of a player-season (`playerId`, `league`, `season`, `k`, `size`; shared/domain/nhle.ts), or
   * the issue that refused it: a bad parameter, a line the store does not hold, a league with no factor, an
   * unknown birth date or position.
   */
  comparables(query: Readonly<Record<string, unknown>>, pins: readonly PinnedFactor[]): Checked<Comparables>;
  /** Career arcs by draft age of 1–6 players, and the median arc of a player-season's comparables. */
  careerArcs(query: Readonly<Record<string, unknown>>, pins: readonly PinnedFactor[]): Checked<CareerArcs>;
}

/** The last `/about` of the service the rows are from (meta.ts). */
export interface AboutCalls {
  /** The last `/about` answer kept for `source`, or null. */
  lastAbout(source: string): About | null;
  /** Keeps `about` as `source`'s last answer (another service's is replaced). */
  keepAbout(source: string, about: About): void;
}

/** The cache's file itself (maintenance.ts). */
export interface CacheCalls {
  /** The cache's file and its size on disk. */
  cacheFile(): CacheFile;
  /** What this opening did with a damaged file (opening.ts), until dismissed; null when nothing. */
  rebuilt(): CacheRebuild | null;
  dismissRebuilt(): void;
  /**
   * Deletes everything downloaded (players, stats, teams, checkpoints, search rows, the rows' source; the
   * kept `/about` stays) and gives the disk space back: `VACUUM`, then the WAL truncated. Sizes in bytes.
   */
  clear(): CacheCleared;
}

/** Every call of the store, synchronous as the worker runs it. */
export interface StoreApi
  extends SyncCalls,
    BoardLineCalls,
    PlayerCalls,
    LeaderCalls,
    DeriveCalls,
    PageJsonCalls,
    ExportCallsApi,
    NhleCalls,
    AboutCalls,
    CacheCalls {
  /** Closes the database (the worker then ends). */
  close(): void;
}
