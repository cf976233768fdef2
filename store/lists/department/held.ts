import type { ChangeKind, StateOf } from '../../../shared/department/changes.ts';
import type { DepartmentIdentity, NotSentRecord } from '../../../shared/department/laptop.ts';
import type { WritableDB } from '../../common/db.ts';
import { titleOf } from './conflicts.ts';
import { TABLE_OF } from './outbox.ts';

/**
 * Work written under another login of the department on this laptop (a laptop handed from one scout to
 * another: configure.ts). The server would refuse it from the login set up now (its rows would be another
 * owner's), and it must not be lost: the outbox's changes and the open conflicts of the login before are
 * held for him (`heldFor`), the push and the conflicts list skip them, and they come back when the laptop is
 * set up for him again. {@link notSent} names what of his the server never got.
 */

/** Holds the waiting (and refused) changes and the unsettled conflicts of the login set before, `was`. */
export function holdFor(db: WritableDB, was: string): void {
  db.query<never, [string]>('UPDATE department_outbox SET heldFor = ? WHERE heldFor IS NULL').run(was);
  db.query<never, [string]>(
    'UPDATE department_conflicts SET heldFor = ? WHERE heldFor IS NULL AND serverResolved = 0',
  ).run(was);
}

/** Gives login `user` back what was held for him; returns how many of his changes wait again (refused aside). */
export function releaseFor(db: WritableDB, user: string): number {
  db.query<never, [string]>('UPDATE department_conflicts SET heldFor = NULL WHERE heldFor = ?').run(user);
  return db
    .query<never, [string]>('UPDATE department_outbox SET heldFor = NULL WHERE heldFor = ?')
    .run(user)
    .changes.valueOf() as number;
}

/** Another login's shareable records of each kind, and how each is named. */
const OTHERS: readonly [ChangeKind, string, string][] = [
  ['list', "owner NOT IN ('', ?)", 'name'],
  ['entry', "owner NOT IN ('', ?)", 'playerName'],
  ['report', "owner NOT IN ('', ?) AND scout = '' AND status = 'final'", 'playerName'],
  ['board', "owner NOT IN ('', ?) AND scout = '' AND kind = 'scout'", 'name'],
];

/**
 * What was written here under another login of the department and never reached the server: his changes
 * held in the outbox (one line per record, in the order made), then his records the server has no rev of
 * and nothing is queued for. Empty without a department.
 */
export function notSent(db: WritableDB, dep: DepartmentIdentity | null): NotSentRecord[] {
  if (dep === null) return [];
  const held = db
    .query<{ owner: string; kind: ChangeKind; recordId: string; state: string; madeAt: string }, []>(
      `SELECT heldFor AS owner, kind, recordId, state, madeAt FROM department_outbox o
       WHERE heldFor IS NOT NULL AND seq = (SELECT max(seq) FROM department_outbox l
         WHERE l.kind = o.kind AND l.recordId = o.recordId AND l.heldFor = o.heldFor)
       ORDER BY seq`,
    )
    .all()
    .map((r) => ({
      owner: r.owner,
      kind: r.kind,
      recordId: r.recordId,
      title: titleOf(r.kind, JSON.parse(r.state) as StateOf<ChangeKind>),
      madeAt: r.madeAt,
    }));
  const never = OTHERS.flatMap(([kind, whose, title]) =>
    db
      .query<{ owner: string; recordId: string; title: string }, [string]>(
        `SELECT owner, uid AS recordId, ${title} AS title FROM ${TABLE_OF[kind]} t WHERE ${whose} AND rev IS NULL
           AND NOT EXISTS (SELECT 1 FROM department_outbox o WHERE o.kind = '${kind}' AND o.recordId = t.uid)
         ORDER BY id`,
      )
      .all(dep.user)
      .map((r) => ({ ...r, kind, madeAt: null })),
  );
  return [...held, ...never];
}
