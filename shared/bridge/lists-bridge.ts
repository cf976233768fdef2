import { z } from 'zod';
import {
  EntryEditSchema,
  EntryQuerySchema,
  EntrySaveSchema,
  IdSchema,
  KeptPlayersSchema,
  type ListEntriesPage,
  type ListEntryRecord,
  ListNameSchema,
  type PlayerListing,
  type ScoutingList,
} from '../domain/lists.ts';
import type { ExportStatus } from './export-bridge.ts';
import { BACKUP_NAME_RE, LISTS_FILE_MAX_CHARS, type ListsImportReport, type ListsSafety } from './lists-safety.ts';

/**
 * Arguments and results of the scouting lists' bridge operations (merged into shared/bridge/bridge.ts). Every
 * one reads or writes the lists on this computer only: nothing of a list is ever sent to the service.
 */
export const LISTS_ARGS = {
  /** Every list, by name. */
  scoutingLists: z.object({}).strict().default({}),
  /** Creates a list; a name already used (case-insensitively) is refused, naming `name`. */
  scoutingListCreate: z.object({ name: ListNameSchema }).strict(),
  scoutingListRename: z.object({ id: IdSchema, name: ListNameSchema }).strict(),
  /** Deletes a list and its entries. */
  scoutingListDelete: z.object({ id: IdSchema }).strict(),
  /** One list and a page of its players with their latest stats. */
  scoutingListEntries: z.object({ id: IdSchema, query: EntryQuerySchema.prefault({}) }).strict(),
  /** Adds a player of the data in use to a list, or updates his rating and note there. */
  scoutingListEntrySave: EntrySaveSchema,
  /** Changes one entry's rating or note by its id (a list's table; the player may be of another source). */
  scoutingListEntryEdit: EntryEditSchema,
  /** Removes one entry by its id. */
  scoutingListEntryRemove: z.object({ entryId: IdSchema }).strict(),
  /** The lists a player of the data in use is in, with his rating and note in each. */
  scoutingListsOfPlayer: z.object({ playerId: IdSchema }).strict(),
  /** The ids of every player of the data in use in any list (the Players view fills their stars). */
  scoutingListedPlayers: z.object({}).strict().default({}),
  /**
   * For each player a record names (in order), whether he is the data in use's player of his id: a link to
   * his page opens him only then (a list entry's `linked`, shared/domain/lists.ts).
   */
  scoutingPlayersInUse: KeptPlayersSchema,
  /**
   * Writes the lists `listIds` (every list when absent) as a `rinkside-lists` file (store/lists/FORMAT.md):
   * Electron asks where to save; the browser shell serves it as a download, as table exports do.
   */
  scoutingListsExport: z.object({ listIds: z.array(IdSchema).min(1).max(10_000).optional() }).strict(),
  /**
   * Imports a `rinkside-lists` file the scout picked (its text, at most 32 MiB): all of it or, when
   * anything in it is wrong, nothing, with an error naming the place in the file.
   */
  scoutingListsImport: z
    .object({ text: z.string().max(LISTS_FILE_MAX_CHARS, 'the file is larger than 32 MB') })
    .strict(),
  /** Where the lists file and its backups are, each backup, and the notice of a restore at opening. */
  listsSafety: z.object({}).strict().default({}),
  /** Replaces the lists with one of their backups (the lists as they are become a backup first). */
  listsRestore: z
    .object({ name: z.string().regex(BACKUP_NAME_RE, 'a backup name such as lists-20261125T134700123Z.sqlite') })
    .strict(),
  /** Forgets the notice of a restore at opening (the scout read it). */
  listsNoticeDismiss: z.object({}).strict().default({}),
} as const;

/** Result types of the scouting lists' bridge operations. */
export interface ListsResults {
  scoutingLists: ScoutingList[];
  scoutingListCreate: ScoutingList;
  scoutingListRename: ScoutingList;
  scoutingListDelete: null;
  scoutingListEntries: ListEntriesPage;
  scoutingListEntrySave: ListEntryRecord;
  scoutingListEntryEdit: ListEntryRecord;
  scoutingListEntryRemove: null;
  scoutingListsOfPlayer: PlayerListing[];
  scoutingListedPlayers: number[];
  scoutingPlayersInUse: boolean[];
  scoutingListsExport: ExportStatus;
  scoutingListsImport: ListsImportReport;
  listsSafety: ListsSafety;
  listsRestore: ListsSafety;
  listsNoticeDismiss: null;
}
