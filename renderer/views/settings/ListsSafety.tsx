import { useId, useState } from 'react';
import type { ListsBackup } from '../../../shared/bridge/lists-safety.ts';
import { formatCount } from '../../../shared/columns/index.ts';
import { toServiceError } from '../../bridge/client.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { SkeletonText } from '../../components/States.tsx';
import { bytesText, useListsSafety, useRestoreBackup, whenText } from '../../state/storage.ts';
import { ListsTransfer } from './ListsTransfer.tsx';

/** Backups listed before "Show all". */
const SHOWN = 6;

/** One backup: when it was taken, its size, and Restore (asked once more before it is done). */
function BackupRow(props: { backup: ListsBackup; busy: boolean; onRestore: (b: ListsBackup) => void }) {
  const { backup } = props;
  const when = whenText(backup.takenAt);
  return (
    <tr>
      <th scope="row">{when}</th>
      <td className="num">{bytesText(backup.bytes)}</td>
      <td>
        <div className="saved-key-actions">
          <ConfirmAction
            verb="Restore"
            busy={props.busy}
            onConfirm={() => props.onRestore(backup)}
            askLabel={`Restore the backup of ${when}…`}
            note={<span className="small muted">Your lists as they are now are backed up first.</span>}
          />
        </div>
      </td>
    </tr>
  );
}

/** The backups, newest first, with Restore; the first {@link SHOWN} until "Show all". */
function BackupsTable({ backups, labelledBy }: { backups: ListsBackup[]; labelledBy: string }) {
  const restore = useRestoreBackup();
  const [all, setAll] = useState(false);
  const shown = all ? backups : backups.slice(0, SHOWN);
  return (
    <>
      <table className="saved-keys backups" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Backup taken</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">
              <span className="visually-hidden">Restore</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((b) => (
            <BackupRow key={b.name} backup={b} busy={restore.isPending} onRestore={(x) => restore.mutate(x.name)} />
          ))}
        </tbody>
      </table>
      {backups.length > SHOWN ? (
        <button type="button" className="btn ghost small self-start" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${backups.length} backups`}
        </button>
      ) : null}
      {restore.isSuccess ? (
        <output className="notice ok">
          Restored. Your lists now hold {formatCount(restore.data.lists, 'list')} and{' '}
          {formatCount(restore.data.entries, 'player')}.
        </output>
      ) : null}
      {restore.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(restore.error).message}
        </p>
      ) : null}
    </>
  );
}

/**
 * Settings' "Scouting lists on this computer": where the lists file and its backups are, the backups
 * (restore any of them), and export and import of the lists as a file.
 */
export function ListsSafety() {
  const id = useId();
  const safety = useListsSafety();
  const s = safety.data;
  const newest = s?.backups[0];
  return (
    <section className="card settings-card lists-safety" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Scouting lists on this computer</h2>
      {safety.isLoading ? <SkeletonText width="l" /> : null}
      {safety.isError ? (
        <ErrorPanel error={safety.error} what="your lists’ files" onRetry={() => void safety.refetch()} />
      ) : null}
      {s ? (
        <>
          <dl className="facts vertical">
            <div>
              <dt>Lists file</dt>
              <dd>
                <code className="path">{s.file}</code>
                <span>
                  {formatCount(s.lists, 'list')}, {formatCount(s.entries, 'player')} · {bytesText(s.bytes)}
                </span>
              </dd>
            </div>
            <div>
              <dt>Backups</dt>
              <dd>
                <code className="path">{s.backupsDir}</code>
                <span className="backup-when">
                  {newest
                    ? `Last backup ${whenText(newest.takenAt)}${s.pendingBackup ? '; the latest changes are backed up in a few seconds' : ''}.`
                    : 'No backup yet: one is taken a few seconds after your first change.'}
                </span>
                <span className="muted small">Kept: the last 20, and one a day for 30 days.</span>
              </dd>
            </div>
          </dl>
          {s.backupError ? (
            <p className="notice error" role="alert">
              {s.backupError.message} ({whenText(s.backupError.at)})
            </p>
          ) : null}
          {s.backups.length > 0 ? <BackupsTable backups={s.backups} labelledBy={`${id}-h`} /> : null}
        </>
      ) : null}
      <ListsTransfer />
    </section>
  );
}
