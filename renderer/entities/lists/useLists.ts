import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { call } from '../../bridge/client.ts';

/*
 * TanStack Query hooks over the scouting lists' bridge operations (shared/bridge/lists-bridge.ts). Every key
 * starts with `lists`, so any write refetches every list view, star and popover at once.
 */

/** Cache keys of the lists' queries. */
export const listKeys = {
  all: ['lists'] as const,
  lists: ['lists', 'index'] as const,
  entries: (id: number, query: Record<string, string>) => ['lists', 'entries', id, query] as const,
  ofPlayer: (playerId: number) => ['lists', 'ofPlayer', playerId] as const,
  listed: ['lists', 'listed'] as const,
};

/** Every list, by name. */
export function useScoutingLists() {
  return useQuery({ queryKey: listKeys.lists, queryFn: () => call('scoutingLists', {}) });
}

/** The list query as the store takes it: sort tokens joined, offset and limit as text. */
export function entriesQuery(query: ListQuery): { sort?: string; offset: string; limit: string } {
  const out: { sort?: string; offset: string; limit: string } = {
    offset: String(query.offset),
    limit: String(query.limit),
  };
  if (query.sort && query.sort.length > 0) out.sort = query.sort.join(',');
  return out;
}

/** One list and a page of its players (the previous page stays while the next loads). */
export function useListEntries(id: number | null, query: ListQuery) {
  const q = entriesQuery(query);
  return useQuery({
    queryKey: listKeys.entries(id ?? 0, q),
    queryFn: () => call('scoutingListEntries', { id: id as number, query: q }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** The lists a player is in, with his rating and note in each (the popover's starting values). */
export function useListsOfPlayer(playerId: number, enabled: boolean) {
  return useQuery({
    queryKey: listKeys.ofPlayer(playerId),
    queryFn: () => call('scoutingListsOfPlayer', { playerId }),
    enabled,
  });
}

/** The ids of every player in any list, as a set (one query shared by every star on the page). */
export function useListedPlayers() {
  return useQuery({
    queryKey: listKeys.listed,
    queryFn: () => call('scoutingListedPlayers', {}),
    select: (ids) => new Set(ids),
  });
}

/** A write to the lists; on success every lists query is refetched. */
function useListWrite<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: listKeys.all }),
  });
}

/** Creates a list (`scoutingListCreate`); a duplicate or empty name rejects with a message naming `name`. */
export const useCreateList = () =>
  useListWrite((args: BridgeArgs<'scoutingListCreate'>) => call('scoutingListCreate', args));
/** Renames a list (`scoutingListRename`). */
export const useRenameList = () =>
  useListWrite((args: BridgeArgs<'scoutingListRename'>) => call('scoutingListRename', args));
/** Deletes a list and its entries (`scoutingListDelete`). */
export const useDeleteList = () =>
  useListWrite((args: BridgeArgs<'scoutingListDelete'>) => call('scoutingListDelete', args));
/** Adds a player to a list or updates his rating and note there (`scoutingListEntrySave`). */
export const useSaveEntry = () =>
  useListWrite((args: BridgeArgs<'scoutingListEntrySave'>) => call('scoutingListEntrySave', args));
/** Changes an entry's rating or note by its id, whatever source its player is from (`scoutingListEntryEdit`). */
export const useEditEntry = () =>
  useListWrite((args: BridgeArgs<'scoutingListEntryEdit'>) => call('scoutingListEntryEdit', args));
/** Removes an entry from its list by its id (`scoutingListEntryRemove`). */
export const useRemoveEntry = () =>
  useListWrite((args: BridgeArgs<'scoutingListEntryRemove'>) => call('scoutingListEntryRemove', args));
