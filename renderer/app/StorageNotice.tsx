import { useOfflineStatus } from '../state/offline.ts';
import {
  cacheNoticeText,
  listsNoticeText,
  readOnlyNoticeText,
  useDismissCacheNotice,
  useDismissListsNotice,
  useListsSafety,
} from '../state/storage.ts';

/**
 * The one notice, wherever the scout is, of what the app did with a file it found damaged at launch: the
 * scouting lists restored from a backup (how old it is, where the damaged file was kept), or the
 * downloaded players set aside and downloaded again. It stays until dismissed; Settings tells the rest.
 * Above them, for as long as it is so, that the lists' folder cannot be written.
 */
export function StorageNotice() {
  const lists = useListsSafety();
  const offline = useOfflineStatus();
  const dismissLists = useDismissListsNotice();
  const dismissCache = useDismissCacheNotice();
  const listsNotice = lists.data?.notice ?? null;
  const rebuilt = offline.data?.rebuilt ?? null;
  const readOnly = lists.data?.readOnly === true ? lists.data.file : null;
  if (listsNotice === null && rebuilt === null && readOnly === null) return null;
  return (
    <>
      {readOnly !== null ? (
        <div className="notice warn service-notice storage-notice" role="status">
          <span>{readOnlyNoticeText(readOnly)}</span>
        </div>
      ) : null}
      {listsNotice !== null ? (
        <div
          className={`notice ${listsNotice.restoredFrom === null ? 'error' : 'warn'} service-notice storage-notice`}
          role="alert"
        >
          <span>
            {listsNoticeText(listsNotice)} <a href="#/settings">Backups in Settings</a>
          </span>
          <button type="button" className="btn ghost small" onClick={() => dismissLists.mutate()}>
            Dismiss
          </button>
        </div>
      ) : null}
      {rebuilt !== null ? (
        <div className="notice warn service-notice storage-notice" role="status">
          <span>{cacheNoticeText(rebuilt, offline.data?.progress.state === 'running')}</span>
          <button type="button" className="btn ghost small" onClick={() => dismissCache.mutate()}>
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}
