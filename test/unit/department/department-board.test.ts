import { describe, expect, it } from 'vitest';
import { push } from '../../../department/sync/push.ts';
import { type ListsClient, StoreError } from '../../../store/index.ts';
import { laptopsFolder, SRC, setup } from '../store/department/laptop.ts';
import { boardChange, DIRECTOR_D, DIRECTOR_E, departmentPerFile, SCOUT_A } from './department.ts';
import { departmentLaptop } from './sync-round.ts';

/**
 * The department board made and edited in the app, against a real PostgreSQL (department.ts: directors D and
 * E, scout A): D makes it on his laptop and pushes it; E pulls it, reorders it and pushes; D pulls E's
 * version. Scout A pulls it read-only: his laptop refuses his writes before anything is queued, and a
 * laptop that wrongly believes he is a director has its change refused by the server, kept with the
 * server's reason, and the board stays as he left it on his laptop.
 */

const dep = departmentPerFile();
const laptops = laptopsFolder('rinkside-department-board-');

/** A laptop of `user`, set up as the host does after the server said whether he is a director. */
const laptopOf = (user: string, director: boolean) => departmentLaptop(dep, laptops, user, { scoutName: '', director });

const player = (playerId: number, name: string) => ({
  playerId,
  player: { name, position: 'C', dateOfBirth: '2008-02-03' },
});

/** The one department board of a laptop, and its players' names in order. */
async function departmentBoard(lists: ListsClient) {
  const found = (await lists.boards()).filter((b) => b.kind === 'department');
  expect(found).toHaveLength(1);
  const d = await lists.board(found[0]?.id as number);
  return { ...d, names: d.entries.map((e) => e.name) };
}

/** What `work` threw, as the store's error (its message), or null. */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => (e instanceof StoreError ? e.message : `not a StoreError: ${String(e)}`),
  );

/** The department boards the server holds, as its admin reads them. */
async function serverBoards() {
  const { rows } = await dep.admin.query<{ id: string; owner: string; name: string; names: string[] }>(
    `SELECT id, owner, name, (SELECT array_agg(e->>'name' ORDER BY o) FROM jsonb_array_elements(entries)
       WITH ORDINALITY AS x(e, o)) AS names FROM rinkside.boards WHERE kind = 'department'`,
  );
  return rows;
}

describe('the department board', () => {
  it('is made by a director, edited by another after a pull, read-only for a scout and refused to him twice over', async () => {
    const d = await laptopOf(DIRECTOR_D, true);
    const e = await laptopOf(DIRECTOR_E, true);
    const a = await laptopOf(SCOUT_A, false);

    // D makes it; asking again (under any name) opens the one there is.
    const made = await d.lists.createBoard('2027 department', 'department');
    expect(made).toMatchObject({ kind: 'department', name: '2027 department', readOnly: false, lastWriter: '' });
    expect((await d.lists.createBoard('Another', 'department')).id).toBe(made.id);
    for (const [id, name] of [
      [31, 'Ivan Demidov'],
      [32, 'Matvei Michkov'],
      [33, 'Cole Eiserman'],
    ] as const)
      await d.lists.addToBoard({ boardId: made.id, ...player(id, name), tier: 0 }, SRC);
    await d.lists.saveBoardVersion(made.id, 'First cut');
    expect(await d.sync()).toMatchObject({ skipped: 0, problems: [] });
    expect(await d.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [] });
    expect(await serverBoards()).toEqual([
      {
        id: made.uid,
        owner: DIRECTOR_D,
        name: '2027 department',
        names: ['Ivan Demidov', 'Matvei Michkov', 'Cole Eiserman'],
      },
    ]);

    // A lists file of D's carries his own boards, never the department's (it travels by sync only).
    await d.lists.createBoard('D’s own 2027', 'scout');
    const file = JSON.parse(await d.lists.exportLists(null, 'test')) as { boards?: { name: string }[] };
    expect(file.boards?.map((b) => b.name)).toEqual(['D’s own 2027']);

    // E pulls it, may edit it, and making "another" opens it too; he moves Eiserman to the top.
    expect(await e.sync()).toMatchObject({ skipped: 0, problems: [] });
    const onE = await departmentBoard(e.lists);
    expect(onE.board).toMatchObject({ uid: made.uid, readOnly: false, lastWriter: DIRECTOR_D });
    expect(onE.names).toEqual(['Ivan Demidov', 'Matvei Michkov', 'Cole Eiserman']);
    expect((await e.lists.createBoard('E tries', 'department')).uid).toBe(made.uid);
    const top = (n: string) => onE.entries.find((x) => x.name === n);
    const order = ['Cole Eiserman', 'Ivan Demidov', 'Matvei Michkov'].map((n) => ({
      source: top(n)?.source as string,
      playerId: top(n)?.playerId as number,
      tier: n === 'Matvei Michkov' ? 1 : 0,
      noInterest: false,
    }));
    await e.lists.saveBoard({ id: onE.board.id, tiers: ['A', 'B', 'C'], entries: order });
    await e.lists.saveBoardVersion(onE.board.id, 'E: Eiserman up');
    expect(await e.sync()).toMatchObject({ skipped: 0, problems: [] });
    expect(await e.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [] });

    // D pulls E's version: the order, the label among the versions, E as its last writer; no conflict.
    await d.sync();
    const onD = await departmentBoard(d.lists);
    expect(onD.board).toMatchObject({ uid: made.uid, readOnly: false, lastWriter: DIRECTOR_E });
    expect(onD.names).toEqual(['Cole Eiserman', 'Ivan Demidov', 'Matvei Michkov']);
    expect(onD.entries.map((x) => x.tier)).toEqual([0, 0, 1]);
    expect(onD.versions.map((v) => v.label)).toEqual(['E: Eiserman up', 'First cut']);
    expect(await d.lists.departmentConflicts()).toEqual([]);
    expect((await serverBoards()).map((b) => [b.owner, b.names])).toEqual([
      [DIRECTOR_E, ['Cole Eiserman', 'Ivan Demidov', 'Matvei Michkov']],
    ]);

    // Scout A sees it read-only; his laptop refuses every write, and making one, before anything is queued.
    await a.sync();
    const onA = await departmentBoard(a.lists);
    expect(onA.board).toMatchObject({ uid: made.uid, readOnly: true, lastWriter: DIRECTOR_E });
    expect(onA.names).toEqual(['Cole Eiserman', 'Ivan Demidov', 'Matvei Michkov']);
    const readOnly = "Invalid id: this board is the department's; only its directors change it.";
    expect(await refusal(a.lists.saveBoard({ id: onA.board.id, tiers: ['A'], entries: [] }))).toBe(readOnly);
    expect(await refusal(a.lists.saveBoardVersion(onA.board.id, 'mine'))).toBe(readOnly);
    expect(await refusal(a.lists.deleteBoard(onA.board.id))).toBe(readOnly);
    expect(await refusal(a.lists.addToBoard({ boardId: onA.board.id, ...player(34, 'Sneaky Add') }, SRC))).toBe(
      "Invalid boardId: this board is the department's; only its directors change it.",
    );
    expect(await refusal(a.lists.createBoard('Scout A board', 'department'))).toBe(
      "Invalid kind: only the department's directors make the department board.",
    );
    expect(await a.lists.departmentOutbox(100)).toEqual([]);
    expect((await departmentBoard(a.lists)).names).toEqual(['Cole Eiserman', 'Ivan Demidov', 'Matvei Michkov']);

    // Forced past the laptop (it wrongly believes he is a director): the server refuses the change, which
    // stays listed with its reason; his board is still as he left it here, the server's as E left it.
    const { host, port, database } = dep.cluster.info;
    await a.lists.departmentConfigure({ server: host, port, database, user: SCOUT_A, scoutName: '', director: true });
    const forced = onA.entries
      .slice(1)
      .map((x) => ({ source: x.source, playerId: x.playerId, tier: 0, noInterest: false }));
    await a.lists.saveBoard({ id: onA.board.id, tiers: ['A', 'B', 'C'], entries: forced });
    await a.sync();
    const status = await a.lists.departmentStatus();
    expect(status.refused.map((r) => [r.kind, r.recordId, r.reason])).toEqual([
      ['board', made.uid, '42501: new row violates row-level security policy for table "boards"'],
    ]);
    expect((await departmentBoard(a.lists)).names).toEqual(['Ivan Demidov', 'Matvei Michkov']);
    // And straight to the server with his own login: refused alike.
    const [direct] = await push(a.client, [boardChange(made.uid, null, { kind: 'department', name: 'Taken over' })]);
    expect(direct?.reason).toBe('42501: new row violates row-level security policy for table "boards"');
    expect((await serverBoards()).map((b) => [b.owner, b.name, b.names])).toEqual([
      [DIRECTOR_E, '2027 department', ['Cole Eiserman', 'Ivan Demidov', 'Matvei Michkov']],
    ]);
    for (const l of [d, e, a]) await l.lists.close();
  });
});

describe('making the department board without a department', () => {
  it('is refused with a plain sentence, and nothing is made', async () => {
    const l = await laptops.fresh();
    expect(await refusal(l.lists.createBoard('Ours', 'department'))).toBe(
      'Invalid kind: the department board needs a department: set one up in Settings → Department.',
    );
    expect(await l.lists.boards()).toEqual([]);
    // A scout set up as no director is refused the same way as on the server's laptop above.
    await l.lists.departmentConfigure(setup('scout_x'));
    expect(await refusal(l.lists.createBoard('Ours', 'department'))).toBe(
      "Invalid kind: only the department's directors make the department board.",
    );
    expect(await l.lists.boards()).toEqual([]);
    await l.lists.close();
  });
});
