import type { ListsBackup, ListsImportReport, ListsSafety } from '../../shared/bridge/lists-safety.ts';
import type { BoardAdd, BoardDetail, BoardKind, BoardSave, DraftBoard } from '../../shared/domain/boards.ts';
import type {
  EntryEdit,
  EntryQuery,
  EntrySave,
  KeptPlayers,
  ListEntriesPage,
  ListEntryRecord,
  PlayerListing,
  ScoutingList,
} from '../../shared/domain/lists.ts';
import type { PinFactor, PinnedFactor } from '../../shared/domain/nhle.ts';
import type { ReportQuery, ReportSave, ScoutingPrefs, ScoutingReport } from '../../shared/domain/reports.ts';
import type { DepartmentApi } from './department/api.ts';
import type { DeskApi } from './department/desk/api.ts';

/**
 * The typed interface of the scouting lists' worker (store/README.md, "The scouting lists"): the scout's
 * own lists in a SQLite file of their own, apart from the player cache. Every input is parsed again with
 * the schemas of shared/domain/lists.ts; bad input throws `ListInputError` naming the field, a missing list or
 * entry `ListNotFoundError`, a write the disk refused `ListsWriteError` (a plain sentence: full disk,
 * read-only folder), a bad `rinkside-lists` file `ListsFileError` naming the place in it. Each write is
 * one transaction, in the file when the call returns.
 *
 * `source` is where a player is from (shared/domain/sources.ts): the host passes the data in use's; entries of
 * other sources stay as they were kept (name, birth date, note) and are never joined to the players of the
 * data in use.
 *
 * With a scouting department set up, the lists also hold colleagues' shared lists, reports and boards
 * (`readOnly`: every change to one throws `ListInputError` naming `id`), and each change of the scout's
 * own is queued for the department in its own transaction: {@link DepartmentApi}.
 */
export interface ListsApi extends DepartmentApi, DeskApi {
  /** Every list, the scout's own and colleagues' shared ones, by name. */
  lists(): ScoutingList[];
  /** Creates a list named `name` (trimmed); throws when a list has that name already (any case). */
  createList(name: string): ScoutingList;
  renameList(id: number, name: string): ScoutingList;
  /** Shares a list of the scout's with the department (its entries readable by every scout), or makes it private. */
  setListShared(id: number, shared: boolean): ScoutingList;
  /** Deletes a list and every entry of it. */
  deleteList(id: number): void;
  /**
   * One list and a page of its players, sorted by `query.sort`, with the latest stats of those who are
   * players of the data in use (`inUse`, the source in use).
   */
  listEntries(id: number, query: Partial<Record<keyof EntryQuery, unknown>>, inUse: string): ListEntriesPage;
  /** Adds a player of `source` to a list or updates his entry (absent rating/note: kept, or none/empty when new). */
  saveEntry(entry: EntrySave, source: string): ListEntryRecord;
  /** Changes one entry's rating or note by its id, whatever source its player is from. */
  editEntry(edit: EntryEdit, inUse: string): ListEntryRecord;
  /** Removes one entry by its id. */
  removeEntry(entryId: number): void;
  /** The lists player `playerId` of `source` is in, by list name. */
  listsOfPlayer(playerId: number, source: string): PlayerListing[];
  /** Ids of every player of `source` in any list, ascending. */
  listedPlayers(source: string): number[];
  /**
   * For each of `players` (as records keep them), whether he is the data in use's player of his id (of the
   * source in use `inUse`, his kept identity agreeing with the cache's): a list entry's `linked` rule.
   * @throws ListInputError naming a bad field.
   */
  playersInUse(players: KeptPlayers['players'], inUse: string): boolean[];
  /** The league factors the scout pinned (shared/domain/nhle.ts), by league slug. */
  pinnedFactors(): PinnedFactor[];
  /** Pins his factor for a league (replacing his earlier pin of it); bad input throws `ListInputError`. */
  pinFactor(pin: PinFactor): PinnedFactor;
  /** Removes his pin of a league (none: nothing happens). */
  unpinFactor(league: string): void;
  /**
   * Binds the entries kept under `legacy` (what earlier versions called every embedded database) to
   * `source`, the embedded database in use, once; returns how many were bound.
   */
  bindLegacySource(legacy: string, source: string): number;
  /**
   * Scouting reports (shared/domain/reports.ts), newest game first unless `query.sort` says otherwise: one
   * player's of the data in use (`inUse`, the source in use) when `query.playerId` is given, else all;
   * `query.search` matches every word in the player's name, the game, the scout and the texts.
   */
  reports(query: ReportQuery, inUse: string): ScoutingReport[];
  /**
   * Saves a report: a new one of player `playerId` of `source`, or report `id`'s fields. A draft may be
   * incomplete; a final one names its game and grades an area (`ListInputError` naming the field).
   */
  saveReport(report: ReportSave, source: string): ScoutingReport;
  deleteReport(id: number): void;
  /** The scout's name on exports and his "not seen enough" threshold. */
  scoutingPrefs(): ScoutingPrefs;
  setScoutingPrefs(prefs: ScoutingPrefs): ScoutingPrefs;
  /** Every draft board: this computer's first, then imported ones by scout. */
  boards(): DraftBoard[];
  /** One board with its players in order and its dated versions (`ListNotFoundError` when none). */
  board(id: number): BoardDetail;
  /**
   * A new board with tiers A, B, C: this computer's scout's (a name already used is refused), or with `kind`
   * 'department' the department's (a director only, with a department set; the one there is when it has
   * one already: store/lists/department/department-board.ts).
   */
  createBoard(name: string, kind?: BoardKind): DraftBoard;
  /** A board's new order, tiers and no-interest marks, whole (shared/domain/boards.ts `BoardSaveSchema`). */
  saveBoard(save: BoardSave): BoardDetail;
  /** Adds a player of `source` at the bottom of a tier (nothing when he is on the board already). */
  addToBoard(add: BoardAdd, source: string): BoardDetail;
  deleteBoard(id: number): void;
  /** Keeps a dated version of a board's order, labelled `label` (empty: "Saved"). */
  saveBoardVersion(id: number, label: string): BoardDetail;
  /**
   * The lists `listIds` (all when null) as a `rinkside-lists` document (store/lists/FORMAT.md), as text.
   * `app` names the app and version that wrote it. All lists (null) also carry every report and board.
   */
  exportLists(listIds: number[] | null, app: string): string;
  /**
   * Imports a `rinkside-lists` document (its text): every list and entry of it or, when anything in it is
   * wrong, nothing (`ListsFileError` naming the place: `lists[2].entries[14].rating`). Lists merge by name
   * (any case), entries by player (source and id); the newer entry wins and the older note is kept as its
   * previous note.
   */
  importLists(text: string): ListsImportReport;
  /** Where the file and backups are, each backup, the opening's notice and the counts. */
  safety(): ListsSafety;
  /** Forgets the opening's notice (the scout read it). */
  dismissNotice(): void;
  /** Takes a backup now (when something changed since the last one, or `always`); resolves when checked. */
  backupNow(always?: boolean): Promise<ListsBackup | null>;
  /**
   * Replaces the lists with backup `name` (a file name of {@link ListsSafety.backups}): the current file is
   * backed up first and kept; the restored one is checked before use.
   */
  restoreBackup(name: string): Promise<ListsSafety>;
  /** Takes a last backup if anything changed since the last one, then closes the file. */
  close(): Promise<void>;
}
