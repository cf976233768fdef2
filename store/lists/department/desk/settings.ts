import {
  DEFAULT_DISAGREEMENT_THRESHOLD,
  DEPARTMENT_SETTINGS_ID,
  type SettingState,
  SettingStateSchema,
} from '../../../../shared/department/changes.ts';
import { ListInputError, parseListInput } from '../../../../shared/domain/lists.ts';
import type { WritableDB } from '../../../common/db.ts';
import { departmentOf } from '../identity.ts';
import { enqueue, revOf } from '../outbox.ts';
import { writeSetting } from './records.ts';

/**
 * The department's settings on a laptop, as last pulled (or as a director here set them): the grade range
 * over which the department's scouts disagree on a player.
 */

/** The disagreement threshold in grade points: the department's, else the default. */
export function disagreementThreshold(db: WritableDB): number {
  return (
    db
      .query<{ t: number }, [string]>('SELECT disagreementThreshold AS t FROM department_settings WHERE uid = ?')
      .get(DEPARTMENT_SETTINGS_ID)?.t ?? DEFAULT_DISAGREEMENT_THRESHOLD
  );
}

/**
 * A director sets the threshold (0.5 to 9, in half points): written here and queued in one transaction.
 * @throws ListInputError naming `threshold` (a bad value, or the scout is no director).
 */
export function setDisagreementThreshold(db: WritableDB, raw: unknown): number {
  const state: SettingState = parseListInput(SettingStateSchema, { disagreementThreshold: raw, deleted: false }, '');
  const dep = departmentOf(db);
  if (dep === null) throw new ListInputError('department', 'Invalid department: none is set up on this computer.');
  if (!dep.director)
    throw new ListInputError('threshold', "Invalid threshold: only the department's directors set it.");
  db.tx(() => {
    const rev = revOf(db, 'setting', DEPARTMENT_SETTINGS_ID) ?? null;
    writeSetting(
      { db, dep },
      { uid: DEPARTMENT_SETTINGS_ID, owner: dep.user, rev: undefined, at: new Date().toISOString() },
      state,
    );
    enqueue(db, 'setting', DEPARTMENT_SETTINGS_ID, state, rev);
  });
  return state.disagreementThreshold;
}
