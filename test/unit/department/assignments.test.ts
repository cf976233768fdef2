import { randomUUID } from 'node:crypto';
import { push } from '../../../department/sync/push.ts';
import {
  type AssignmentState,
  type Change,
  ChangeSchema,
  DEPARTMENT_SETTINGS_ID,
  type SettingState,
} from '../../../shared/department/changes.ts';
import { DIRECTOR_D, DIRECTOR_E, departmentPerFile, idsIn, pullAll, refusal, SCOUT_A, SCOUT_B } from './department.ts';

/**
 * Assignments and the department's settings on a real server, as two scouts (A, B) and two directors (D, E)
 * connected as their own login roles: the refusals are PostgreSQL's (row-level security, triggers), and a
 * scout's feed carries his own assignments only.
 */

const dep = departmentPerFile();

const RLS = (table: string) => ({
  code: '42501',
  message: `new row violates row-level security policy for table "${table}"`,
});

function assignment(assignee: string, over: Partial<AssignmentState> = {}): AssignmentState {
  return {
    assignee,
    player: { source: 'embedded:demo', playerId: 77, name: 'Jonas Berg', dateOfBirth: '2007-05-02', position: 'D' },
    assignedOn: '2025-01-10',
    dueDate: '2025-01-20',
    note: 'his gap control',
    game: { date: '2025-01-18', homeTeam: 'Frölunda', awayTeam: 'Luleå' },
    deleted: false,
    ...over,
  };
}

const change = (kind: Change['kind'], recordId: string, base: string | null, state: unknown): Change =>
  ChangeSchema.parse({ changeId: randomUUID(), kind, recordId, base, state });

const READ = 'SELECT id FROM rinkside.assignments ORDER BY id';

describe('assignments', () => {
  const toA = randomUUID();
  const toB = randomUUID();
  let revA: string;
  beforeAll(async () => {
    const out = await push(dep.d, [
      change('assignment', toA, null, assignment(SCOUT_A)),
      change('assignment', toB, null, assignment(SCOUT_B, { game: null })),
    ]);
    expect(out.map((o) => o.outcome)).toEqual(['applied', 'applied']);
    revA = out[0]?.rev as string;
  });

  it('are all seen by every director, each scout sees only his own', async () => {
    const both = [toA, toB].sort();
    expect((await dep.d.query(READ)).rows.map((r) => r.id)).toEqual(both);
    expect((await dep.e.query(READ)).rows.map((r) => r.id)).toEqual(both);
    expect((await dep.a.query(READ)).rows.map((r) => r.id)).toEqual([toA]);
    expect((await dep.b.query(READ)).rows.map((r) => r.id)).toEqual([toB]);
    // Not even counted: for A, B's assignment is not there.
    expect((await dep.a.query('SELECT count(*)::int AS n FROM rinkside.assignments')).rows).toEqual([{ n: 1 }]);
  });

  it('travel in the feed to their scout and the directors, never to another scout', async () => {
    expect(idsIn((await pullAll(dep.a, '0')).pages, 'assignments')).toEqual([toA]);
    expect(idsIn((await pullAll(dep.b, '0')).pages, 'assignments')).toEqual([toB]);
    expect(idsIn((await pullAll(dep.e, '0')).pages, 'assignments').sort()).toEqual([toA, toB].sort());
    const page = (await pullAll(dep.a, '0')).pages.find((p) => p.table === 'assignments');
    expect(page?.rows[0]).toMatchObject({
      kind: 'assignment',
      owner: DIRECTOR_D,
      rev: revA,
      state: assignment(SCOUT_A),
    });
  });

  it('a scout making one, directly or pushed, is refused by the policy', async () => {
    const direct = await refusal(
      dep.a.query(
        `INSERT INTO rinkside.assignments (id, rev, assignee, player, assigned_on, due_date)
         VALUES ($1, $2, $3, '{}', '2025-01-01', '2025-01-02')`,
        [randomUUID(), randomUUID(), SCOUT_A],
      ),
    );
    expect(direct).toEqual(RLS('assignments'));
    const [out] = await push(dep.b, [change('assignment', randomUUID(), null, assignment(SCOUT_B))]);
    expect(out?.outcome).toBe('refused');
    expect(out?.reason).toBe(`42501: ${RLS('assignments').message}`);
  });

  it("a scout changing his own assignment (he sees it) is refused, and the director's stays", async () => {
    const err = await refusal(
      dep.a.query(`UPDATE rinkside.assignments SET due_date = '2026-12-31' WHERE id = $1`, [toA]),
    );
    expect(err).toEqual(RLS('assignments'));
    const [out] = await push(dep.a, [change('assignment', toA, revA, assignment(SCOUT_A, { deleted: true }))]);
    expect(out?.outcome).toBe('refused');
    expect(out?.reason).toBe(`42501: ${RLS('assignments').message}`);
    // Another scout's: not there for him at all.
    const r = await dep.b.query(`UPDATE rinkside.assignments SET note = 'mine' WHERE id = $1`, [toA]);
    expect(r.rowCount).toBe(0);
    const { rows } = await dep.admin.query(
      'SELECT owner, due_date::text AS due, note, deleted FROM rinkside.assignments WHERE id = $1',
      [toA],
    );
    expect(rows).toEqual([{ owner: DIRECTOR_D, due: '2025-01-20', note: 'his gap control', deleted: false }]);
  });

  it('nobody deletes one: a delete is a tombstone', async () => {
    expect(await refusal(dep.d.query('DELETE FROM rinkside.assignments WHERE id = $1', [toB]))).toEqual({
      code: '42501',
      message: 'permission denied for table assignments',
    });
  });

  it("another director changes it, and the first director's state is kept as his conflict", async () => {
    const [out] = await push(dep.e, [change('assignment', toA, null, assignment(SCOUT_A, { dueDate: '2025-01-25' }))]);
    expect(out?.outcome).toBe('conflict');
    const { rows } = await dep.a.query('SELECT owner, due_date::text AS due FROM rinkside.assignments WHERE id = $1', [
      toA,
    ]);
    expect(rows).toEqual([{ owner: DIRECTOR_E, due: '2025-01-25' }]);
    const kept = await dep.d.query('SELECT author, state FROM rinkside.conflicts WHERE record_id = $1', [toA]);
    expect(kept.rows).toEqual([{ author: DIRECTOR_D, state: assignment(SCOUT_A) }]);
    revA = out?.rev as string;
  });

  it('stays with its scout, and goes to scouts only', async () => {
    const [moved] = await push(dep.d, [change('assignment', toA, revA, assignment(SCOUT_B))]);
    expect(moved?.outcome).toBe('refused');
    expect(moved?.reason).toBe('23514: an assignment stays with its scout: delete it and assign the player anew');
    const [nobody] = await push(dep.d, [change('assignment', randomUUID(), null, assignment('nobody_here'))]);
    expect(nobody?.reason).toBe('23514: nobody_here is not a scout of this department');
  });

  it("deleted by a director, reaches its scout's laptop as a tombstone", async () => {
    const before = await pullAll(dep.b, '0');
    const [out] = await push(dep.d, [
      change('assignment', toB, null, assignment(SCOUT_B, { game: null, deleted: true })),
    ]);
    expect(out?.outcome).toBe('conflict');
    const after = await pullAll(dep.b, before.cursor);
    const page = after.pages.find((p) => p.table === 'assignments');
    expect(page?.rows.map((r) => [r.id, r.state.deleted])).toEqual([[toB, true]]);
  });
});

describe("the department's settings", () => {
  const threshold = (t: number): SettingState => ({ disagreementThreshold: t, deleted: false });

  it('are written by a director and read by every scout', async () => {
    const [out] = await push(dep.d, [change('setting', DEPARTMENT_SETTINGS_ID, null, threshold(2.5))]);
    expect(out?.outcome).toBe('applied');
    const { rows } = await dep.b.query(
      'SELECT owner, disagreement_threshold::float AS t FROM rinkside.department_settings',
    );
    expect(rows).toEqual([{ owner: DIRECTOR_D, t: 2.5 }]);
    const page = (await pullAll(dep.a, '0')).pages.find((p) => p.table === 'department_settings');
    expect(page?.rows.map((r) => r.state)).toEqual([threshold(2.5)]);
  });

  it("a scout's change is refused by the policy and the director's value stays", async () => {
    const err = await refusal(dep.a.query('UPDATE rinkside.department_settings SET disagreement_threshold = 9'));
    expect(err).toEqual(RLS('department_settings'));
    const [out] = await push(dep.b, [change('setting', DEPARTMENT_SETTINGS_ID, null, threshold(1))]);
    expect(out?.reason).toBe(`42501: ${RLS('department_settings').message}`);
    const { rows } = await dep.admin.query(
      'SELECT disagreement_threshold::float AS t FROM rinkside.department_settings',
    );
    expect(rows).toEqual([{ t: 2.5 }]);
  });

  it('are one record: another id is refused by the server', async () => {
    const [out] = await push(dep.e, [change('setting', randomUUID(), null, threshold(3))]);
    expect(out?.outcome).toBe('refused');
    expect(out?.reason).toMatch(/^23514: new row for relation "department_settings" violates check constraint/);
  });
});
