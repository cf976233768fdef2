import type { WritableDB } from '../../../common/db.ts';
import { departmentOf } from '../identity.ts';
import { scoutNameOf } from '../track.ts';
import { displayName } from '../write-records.ts';

/**
 * The name the department shows for login `owner`: this laptop's scout by the name he set, a colleague by
 * his newest report's (else his login).
 */
export function nameOf(db: WritableDB, owner: string): string {
  const dep = departmentOf(db);
  return dep !== null && owner === dep.user ? scoutNameOf(db, dep) : displayName(db, owner);
}
