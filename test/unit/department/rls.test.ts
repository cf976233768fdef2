import { randomUUID } from 'node:crypto';
import { generatePassword } from '../../../department/admin/scouts.ts';
import { push } from '../../../department/sync/push.ts';
import { serverIdentity, syncProblem } from '../../../department/sync/server-check.ts';
import {
  boardChange,
  DIRECTOR_D,
  departmentPerFile,
  entryChange,
  idsIn,
  listChange,
  pullAll,
  refusal,
  reportChange,
  reportState,
  SCOUT_A,
  SCOUT_B,
} from './department.ts';

/**
 * The server, not the app, enforces who sees and writes what: each refusal below is PostgreSQL's own
 * (row-level security, grants), seen by connecting as each scout's login role. A and B are scouts, D a
 * director; the admin is the cluster's superuser.
 */

const dep = departmentPerFile();

const RLS_INSERT = /^new row violates row-level security policy for table "(\w+)"$/;

describe("a scout's private list", () => {
  const list = randomUUID();
  const entry = randomUUID();
  beforeAll(async () => {
    const out = await push(dep.a, [listChange(list, null, { name: 'Sleepers' }), entryChange(entry, list, null)]);
    expect(out.map((o) => o.outcome)).toEqual(['applied', 'applied']);
  });

  it("is filtered out of B's SELECT silently, while A and the admin read it", async () => {
    const sql = 'SELECT name FROM rinkside.lists WHERE id = $1';
    expect((await dep.b.query(sql, [list])).rows).toEqual([]);
    expect((await dep.a.query(sql, [list])).rows).toEqual([{ name: 'Sleepers' }]);
    expect((await dep.admin.query(sql, [list])).rows).toEqual([{ name: 'Sleepers' }]);
    // Not by name either, and not in a count: for B it does not exist.
    expect((await dep.b.query("SELECT count(*)::int AS n FROM rinkside.lists WHERE name = 'Sleepers'")).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('hides its entries from B (SELECT and pull), not from A', async () => {
    const sql = 'SELECT note FROM rinkside.list_entries WHERE list_id = $1';
    expect((await dep.b.query(sql, [list])).rows).toEqual([]);
    expect((await dep.a.query(sql, [list])).rows).toEqual([{ note: 'quick release' }]);
    const bPull = await pullAll(dep.b, '0');
    expect(idsIn(bPull.pages, 'lists')).not.toContain(list);
    expect(idsIn(bPull.pages, 'list_entries')).not.toContain(entry);
    const aPull = await pullAll(dep.a, '0');
    expect(idsIn(aPull.pages, 'lists')).toContain(list);
    expect(idsIn(aPull.pages, 'list_entries')).toContain(entry);
  });

  it("cannot be updated by B: his UPDATE matches no row and A's name stays", async () => {
    const r = await dep.b.query("UPDATE rinkside.lists SET name = 'Mine now' WHERE id = $1", [list]);
    expect(r.rowCount).toBe(0);
    expect((await dep.admin.query('SELECT name FROM rinkside.lists WHERE id = $1', [list])).rows).toEqual([
      { name: 'Sleepers' },
    ]);
  });
});

describe("rows written in a colleague's name", () => {
  it('a private list inserted for A by B directly on the server is refused by the policy', async () => {
    const err = await refusal(
      dep.b.query("INSERT INTO rinkside.lists (id, owner, rev, name) VALUES ($1, $2, $3, 'Planted')", [
        randomUUID(),
        SCOUT_A,
        randomUUID(),
      ]),
    );
    expect(err).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "lists"' });
    expect(
      (await dep.admin.query("SELECT count(*)::int AS n FROM rinkside.lists WHERE name = 'Planted'")).rows,
    ).toEqual([{ n: 0 }]);
  });

  it("an entry put by B (in his own name) into A's list is refused too", async () => {
    const list = randomUUID();
    await push(dep.a, [listChange(list, null, { shared: true })]);
    const err = await refusal(
      dep.b.query(`INSERT INTO rinkside.list_entries (id, rev, list_id, player) VALUES ($1, $2, $3, '{"name":"x"}')`, [
        randomUUID(),
        randomUUID(),
        list,
      ]),
    );
    expect(err?.code).toBe('42501');
    expect(err?.message).toMatch(RLS_INSERT);
    expect(err?.message).toContain('"list_entries"');
  });
});

describe("A's final report", () => {
  const report = randomUUID();
  let rev: string;
  beforeAll(async () => {
    const [out] = await push(dep.a, [reportChange(report, null, reportState('A wrote this'))]);
    rev = out?.rev as string;
  });

  it("is read by B (finished work is the department's)", async () => {
    const { rows } = await dep.b.query("SELECT owner, body->>'notes' AS notes FROM rinkside.reports WHERE id = $1", [
      report,
    ]);
    expect(rows).toEqual([{ owner: SCOUT_A, notes: 'A wrote this' }]);
  });

  it("B's UPDATE of it is refused with the server's error, and the report is unchanged", async () => {
    const err = await refusal(
      dep.b.query(`UPDATE rinkside.reports SET body = jsonb_set(body, '{notes}', '"B was here"') WHERE id = $1`, [
        report,
      ]),
    );
    expect(err).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "reports"' });
    // Taking it over is no way round: `owner` is not updatable at all.
    const steal = await refusal(
      dep.b.query('UPDATE rinkside.reports SET owner = current_user WHERE id = $1', [report]),
    );
    expect(steal).toEqual({ code: '42501', message: 'permission denied for table reports' });
    const { rows } = await dep.admin.query(
      "SELECT owner, rev, body->>'notes' AS notes FROM rinkside.reports WHERE id = $1",
      [report],
    );
    expect(rows).toEqual([{ owner: SCOUT_A, rev, notes: 'A wrote this' }]);
  });

  it("B's pushed change to it is refused per change, with the server's error as the reason", async () => {
    const [out] = await push(dep.b, [reportChange(report, rev, reportState('B was here'))]);
    expect(out?.outcome).toBe('refused');
    expect(out?.reason).toBe('42501: new row violates row-level security policy for table "reports"');
    const { rows } = await dep.admin.query("SELECT body->>'notes' AS notes FROM rinkside.reports WHERE id = $1", [
      report,
    ]);
    expect(rows).toEqual([{ notes: 'A wrote this' }]);
  });
});

describe('deletes', () => {
  it.each([
    'reports',
    'report_versions',
    'lists',
    'list_entries',
    'withdrawals',
    'boards',
    'board_versions',
    'changes',
    'conflicts',
    'schema_migrations',
  ])('B deleting from %s is refused: permission denied', async (table) => {
    const err = await refusal(dep.b.query(`DELETE FROM rinkside.${table}`));
    expect(err).toEqual({ code: '42501', message: `permission denied for table ${table}` });
    // Nor even his own rows: a delete is a tombstone (deleted = true).
    const own = await refusal(dep.b.query(`DELETE FROM rinkside.${table} WHERE false`));
    expect(own?.code).toBe('42501');
  });
});

describe('the department board', () => {
  const board = randomUUID();
  let rev: string;
  beforeAll(async () => {
    const [out] = await push(dep.d, [boardChange(board, null, { kind: 'department', name: 'Department 2025' })]);
    expect(out?.outcome).toBe('applied');
    rev = out?.rev as string;
  });

  it('is written by a director (pushed, and by a plain UPDATE), and read by every scout', async () => {
    const r = await dep.d.query(`UPDATE rinkside.boards SET label = 'after the combine' WHERE id = $1`, [board]);
    expect(r.rowCount).toBe(1);
    const { rows } = await dep.a.query('SELECT owner, kind, label FROM rinkside.boards WHERE id = $1', [board]);
    expect(rows).toEqual([{ owner: DIRECTOR_D, kind: 'department', label: 'after the combine' }]);
  });

  it("a scout's UPDATE of it is refused by the policy", async () => {
    const err = await refusal(dep.a.query(`UPDATE rinkside.boards SET label = 'mine' WHERE id = $1`, [board]));
    expect(err).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "boards"' });
  });

  it('a scout making a department board, directly or pushed, is refused', async () => {
    const err = await refusal(
      dep.b.query(
        `INSERT INTO rinkside.boards (id, rev, kind, name, tiers, entries) VALUES ($1, $2, 'department', 'Mine', '[]', '[]')`,
        [randomUUID(), randomUUID()],
      ),
    );
    expect(err).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "boards"' });
    const [out] = await push(dep.b, [boardChange(randomUUID(), null, { kind: 'department' })]);
    expect(out?.outcome).toBe('refused');
    expect(out?.reason).toBe('42501: new row violates row-level security policy for table "boards"');
    const [over] = await push(dep.a, [boardChange(board, rev, { kind: 'department', name: 'Taken over' })]);
    expect(over?.reason).toBe('42501: new row violates row-level security policy for table "boards"');
  });

  it("a director may not write a scout's own board", async () => {
    const own = randomUUID();
    await push(dep.a, [boardChange(own, null)]);
    const err = await refusal(dep.d.query(`UPDATE rinkside.boards SET label = 'directed' WHERE id = $1`, [own]));
    expect(err).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "boards"' });
  });
});

describe('the roles the app connects as', () => {
  it('are neither superuser nor bypass row-level security, and the app refuses a role that is', async () => {
    for (const [client, user] of [
      [dep.a, SCOUT_A],
      [dep.b, SCOUT_B],
      [dep.d, DIRECTOR_D],
    ] as const) {
      const id = await serverIdentity(client);
      expect(id).toMatchObject({ user, superuser: false, bypassRls: false, scout: true });
      expect(syncProblem(id)).toBeNull();
    }
    const { rows } = await dep.admin.query(
      "SELECT rolname, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname LIKE 'scout\\_%' OR rolname LIKE 'director\\_%' ORDER BY 1",
    );
    expect(rows.every((r) => !r.rolsuper && !r.rolbypassrls && !r.rolcreaterole && !r.rolcreatedb)).toBe(true);
    expect(rows).toHaveLength(4);
    const admin = await serverIdentity(dep.admin);
    expect(admin.superuser).toBe(true);
    expect(syncProblem(admin)).toBe(
      "Rinkside does not sync as admin: it is a superuser, so the server's rules would not bind it. Ask the department's admin for a scout login (npm run department -- add-scout).",
    );
    expect(syncProblem({ ...admin, superuser: false, bypassRls: true })).toContain(
      'a role that bypasses row-level security',
    );
  });

  it('a login that is no scout reads nothing, and the app says why instead of failing', async () => {
    const password = generatePassword();
    await dep.admin.query(`CREATE ROLE outsider LOGIN PASSWORD '${password}'`);
    const outsider = await dep.cluster.clientAs('outsider', password);
    const err = await refusal(outsider.query('SELECT * FROM rinkside.reports'));
    expect(err).toEqual({ code: '42501', message: 'permission denied for schema rinkside' });
    const id = await serverIdentity(outsider);
    expect(id).toMatchObject({ user: 'outsider', scout: false, schemaVersion: 0 });
    expect(syncProblem(id)).toBe(
      "outsider is not a scout of this department (not a member of rinkside_scout). Ask the department's admin to add it (npm run department -- add-scout).",
    );
  });

  it("cannot write the stamp or sneak a row below colleagues' cursors", async () => {
    const id = randomUUID();
    await dep.a.query(
      `INSERT INTO rinkside.lists (id, rev, name, shared, xid, committed_at) VALUES ($1, $2, 'Old', true, '3', '2001-01-01')`,
      [id, randomUUID()],
    );
    const { rows } = await dep.admin.query(
      "SELECT xid::text::bigint > 3 AS restamped, committed_at > now() - interval '1 hour' AS now FROM rinkside.lists WHERE id = $1",
      [id],
    );
    expect(rows).toEqual([{ restamped: true, now: true }]);
  });
});
