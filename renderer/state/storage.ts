import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListsOpenNotice } from '../../shared/bridge/lists-safety.ts';
import type { CacheRebuild } from '../../shared/bridge/offline-bridge.ts';
import { call } from '../bridge/client.ts';
import { formatBytes, formatDateTime } from '../format/index.ts';
import { offlineKeys } from './offline.ts';

/**
 * The safety of what is kept on this computer, shared by the app's notice and Settings: the lists file
 * and its backups (a restore at opening, restoring on request, import), and the player cache (discarded
 * when damaged, cleared on request). TanStack Query hooks over shared/bridge/lists-bridge.ts and
 * shared/bridge/offline-bridge.ts; the lists' keys start with `lists`, so any write refetches every list view.
 */

/** Cache keys: under `lists` (every list write refetches them). */
export const storageKeys = {
  listsSafety: ['lists', 'safety'] as const,
};

/** How often the lists' safety is read again while changes wait for their backup, in ms. */
const PENDING_POLL_MS = 2_000;

/**
 * The lists file, its backups and the notice of a restore at opening (`listsSafety`): read afresh whenever
 * it is shown (the backups change on their own), and every 2 s while changes wait for their backup.
 */
export function useListsSafety() {
  return useQuery({
    queryKey: storageKeys.listsSafety,
    queryFn: () => call('listsSafety', {}),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.pendingBackup ? PENDING_POLL_MS : false),
  });
}

/** A write that changes the lists as a whole: every lists query is refetched after it. */
function useListsWrite<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['lists'] }) });
}

/** Replaces the lists with a backup (`listsRestore`); the lists as they were become a backup first. */
export const useRestoreBackup = () => useListsWrite((name: string) => call('listsRestore', { name }));
/** Imports a `rinkside-lists` file's text (`scoutingListsImport`): all of it, or nothing and an error naming the place. */
export const useImportLists = () => useListsWrite((text: string) => call('scoutingListsImport', { text }));
/** Forgets the notice of a restore at opening (`listsNoticeDismiss`). */
export const useDismissListsNotice = () => useListsWrite(() => call('listsNoticeDismiss', {}));

/** A write to the player cache: the download status and the players lists are refetched after it. */
function useCacheWrite<R>(fn: () => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['offline'] }) });
}

/** Deletes every downloaded player and gives the disk space back (`offlineClear`). */
export const useClearCache = () => useCacheWrite(() => call('offlineClear', {}));
/** Forgets the notice of a cache discarded at opening (`offlineNoticeDismiss`). */
export const useDismissCacheNotice = () => useCacheWrite(() => call('offlineNoticeDismiss', {}));
export { offlineKeys };

/** A time as the scout reads it (`2026-11-25 13:47`, local time). */
export const whenText = formatDateTime;

/** How long before `now` `iso` was, in words: `3 minutes`, `2 hours`, `5 days`. */
export function ageText(iso: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  const unit = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (s < 90) return unit(s, 'second');
  if (s < 90 * 60) return unit(Math.round(s / 60), 'minute');
  if (s < 36 * 3600) return unit(Math.round(s / 3600), 'hour');
  return unit(Math.round(s / 86_400), 'day');
}

/** A size in bytes as the scout reads it: `812 KB`, `321.4 MB`. */
export const bytesText = formatBytes;

/** The one notice of a lists file restored (or not, or left as it is) at opening, in plain words. */
export function listsNoticeText(n: ListsOpenNotice, now = new Date()): string {
  if (n.unavailable === true) {
    return `Your scouting lists cannot be opened (${n.reason}). Rinkside left the file as it is; your lists are unavailable until you restore a backup in Settings.`;
  }
  const why = `Your scouting lists file could not be used (${n.reason})`;
  const kept = n.keptAs === null ? '' : ` The damaged file was kept as ${n.keptAs}.`;
  if (n.restoredFrom === null) {
    return `${why}, and no backup could be restored: your lists start empty.${kept}`;
  }
  const taken = n.restoredFrom.takenAt;
  const lost =
    n.lastChangeAt !== null && Date.parse(n.lastChangeAt) > Date.parse(taken)
      ? ` Changes made after then (the last at ${whenText(n.lastChangeAt)}) are not in it.`
      : '';
  return `${why}. Rinkside restored your lists from the backup of ${whenText(taken)} (${ageText(taken, now)} old).${lost}${kept}`;
}

/**
 * What stands while the lists' folder cannot be written (`ListsSafety.readOnly`), naming the folder: said at
 * launch, not first at a save the scout then loses.
 */
export function readOnlyNoticeText(file: string): string {
  const folder = file.replace(/[\\/][^\\/]*$/, '') || file;
  return `Rinkside cannot write to ${folder}: your lists, reports and boards are shown as they are, but no change can be saved until the folder can be written to. Everything saved before is kept.`;
}

/** The one notice of a player cache discarded at opening, in plain words. */
export function cacheNoticeText(r: CacheRebuild, downloading: boolean): string {
  const again = downloading
    ? 'Rinkside is downloading its leagues again.'
    : 'Download the leagues again in Players to search them offline.';
  return `The downloaded players could not be used (${r.reason}) and were set aside; your scouting lists are not affected. ${again}`;
}
