import { z } from 'zod';
import {
  EntryQuerySchema,
  EntrySaveSchema,
  IdSchema,
  type ListEntriesPage,
  type ListEntryRecord,
  ListNameSchema,
  type PlayerListing,
  type ScoutingList,
} from './lists.ts';

/**
 * Arguments and results of the scouting lists' bridge operations (merged into shared/bridge.ts). Every
 * one reads or writes the local store only: nothing of a list is ever sent to the service.
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
  /** Adds a player to a list, or updates his rating and note there. */
  scoutingListEntrySave: EntrySaveSchema,
  scoutingListEntryRemove: z.object({ listId: IdSchema, playerId: IdSchema }).strict(),
  /** The lists a player is in, with his rating and note in each. */
  scoutingListsOfPlayer: z.object({ playerId: IdSchema }).strict(),
  /** The ids of every player in any list (the Players view fills their stars). */
  scoutingListedPlayers: z.object({}).strict().default({}),
} as const;

/** Result types of the scouting lists' bridge operations. */
export interface ListsResults {
  scoutingLists: ScoutingList[];
  scoutingListCreate: ScoutingList;
  scoutingListRename: ScoutingList;
  scoutingListDelete: null;
  scoutingListEntries: ListEntriesPage;
  scoutingListEntrySave: ListEntryRecord;
  scoutingListEntryRemove: null;
  scoutingListsOfPlayer: PlayerListing[];
  scoutingListedPlayers: number[];
}
