import { describe, expect, it } from 'vitest';
import { departmentScouts } from '../../../department/sync/roster.ts';
import { syncRound } from '../../../electron/host/department/round.ts';
import { StoreError } from '../../../store/index.ts';
import { SRC } from '../store/department/laptop.ts';
import { reportSave } from '../store/fixtures.ts';
import { DIRECTOR_D, DIRECTOR_E, departmentPerFile, refusal, SCOUT_A, SCOUT_B } from './department.ts';
import { deskLaptops } from './desk-laptops.ts';

/**
 * A director's changes to an assignment, and the roster he assigns from, over a real PostgreSQL: director
 * D's laptop edits an assignment it made, the server applies the edit on D's state (no conflict), scout A's
 * laptop gets the new due date, note and game, and A's own laptop refuses to edit it. The roster comes from
 * the server at a director's sync (every scout, one who has written nothing too), and the server refuses it
 * to a scout.
 */

const dep = departmentPerFile();
const laptopOf = deskLaptops(dep, 'rinkside-desk-edit-');

const BEDARD = { source: SRC, playerId: 7, name: 'Connor Bedard', dateOfBirth: '2005-07-17', position: 'C' };

describe('an assignment edited by a director', () => {
  it('reaches its scout with the new due date, note and game; his laptop cannot change it', async () => {
    const d = await laptopOf(DIRECTOR_D, 'Dana Director', true);
    const a = await laptopOf(SCOUT_A, 'Anna Berg');
    const made = await d.lists.departmentAssign({
      assignee: SCOUT_A,
      player: BEDARD,
      assignedOn: '2026-11-01',
      dueDate: '2026-11-30',
      note: 'his release',
      game: { date: '2026-11-20', homeTeam: 'Regina Pats', awayTeam: 'Moose Jaw Warriors' },
    });
    await d.sync();
    await a.sync();

    const edited = await d.lists.departmentEditAssignment({
      uid: made.uid,
      dueDate: '2026-12-12',
      note: 'his release, and his gap control',
      game: { date: '2026-12-05', homeTeam: 'Brandon Wheat Kings', awayTeam: 'Regina Pats' },
    });
    expect(edited).toMatchObject({ dueDate: '2026-12-12', from: '2026-12-05', waiting: true, assignee: SCOUT_A });
    // One change for the edit, on the server's rev of the state D had: applied, not a conflict.
    const [change] = await d.lists.departmentOutbox(10);
    const { rows: revs } = await dep.admin.query('SELECT rev::text FROM rinkside.assignments WHERE id = $1', [
      made.uid,
    ]);
    expect(change?.base).toBe(revs[0]?.rev);
    await d.sync();
    const { rows } = await dep.admin.query(
      `SELECT owner, due_date::text AS due, note, game_date::text AS game, home_team AS home, away_team AS away
         FROM rinkside.assignments WHERE id = $1`,
      [made.uid],
    );
    expect(rows).toEqual([
      {
        owner: DIRECTOR_D,
        due: '2026-12-12',
        note: 'his release, and his gap control',
        game: '2026-12-05',
        home: 'Brandon Wheat Kings',
        away: 'Regina Pats',
      },
    ]);
    expect((await dep.admin.query('SELECT count(*)::int AS n FROM rinkside.conflicts')).rows).toEqual([{ n: 0 }]);

    await a.sync();
    expect(await a.lists.departmentAssignments({})).toEqual([
      expect.objectContaining({
        uid: made.uid,
        dueDate: '2026-12-12',
        note: 'his release, and his gap control',
        game: { date: '2026-12-05', homeTeam: 'Brandon Wheat Kings', awayTeam: 'Regina Pats' },
        waiting: false,
      }),
    ]);
    // Taking the game away: from then on a report from the day it was assigned fulfils it.
    const noGame = await d.lists.departmentEditAssignment({
      uid: made.uid,
      dueDate: '2026-12-12',
      note: '',
      game: null,
    });
    expect(noGame).toMatchObject({ game: null, from: '2026-11-01', note: '' });

    // The scout's own laptop says no plainly (the server would refuse too: assignments.test.ts).
    const refused = await a.lists
      .departmentEditAssignment({ uid: made.uid, dueDate: '2027-01-01', note: 'later', game: null })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as Error).message).toBe("Invalid uid: only the department's directors assign players to scouts.");
    // A due date before the day it was assigned is refused, and the assignment stays as it was.
    const early = await d.lists
      .departmentEditAssignment({ uid: made.uid, dueDate: '2026-10-31', note: 'x', game: null })
      .catch((e: unknown) => e);
    expect((early as Error).message).toBe('Invalid dueDate: the due date is on or after the day it is assigned.');
    expect((await d.lists.departmentAssignments({ who: 'all' }))[0]).toMatchObject({ dueDate: '2026-12-12', note: '' });
  });
});

describe('the roster a director assigns from', () => {
  it("is every scout of the server's, read at a director's sync and kept for offline; a scout is refused it", async () => {
    const every = [DIRECTOR_D, DIRECTOR_E, SCOUT_A, SCOUT_B].sort();
    expect((await departmentScouts(dep.d)).map((s) => s.login)).toEqual(every);
    expect((await departmentScouts(dep.e)).filter((s) => s.director).map((s) => s.login)).toEqual([
      DIRECTOR_D,
      DIRECTOR_E,
    ]);
    expect(await refusal(departmentScouts(dep.a))).toEqual({
      code: '42501',
      message: 'permission denied for function department_scouts',
    });

    const d = await laptopOf(DIRECTOR_D, 'Dana Director', true);
    // Before his first sync: only the logins his laptop knows (himself).
    expect((await d.lists.departmentScouts()).map((s) => s.login)).toEqual([DIRECTOR_D]);
    const b = await laptopOf(SCOUT_B, 'Bo Ek');
    await b.lists.saveReport(reportSave({ status: 'final', gameDate: '2026-10-01' }), SRC);
    await b.sync();
    await syncRound(d.client, d.lists, () => new Date());
    // B by the name of his report; the others, who wrote nothing, by their login.
    expect(await d.lists.departmentScouts()).toEqual([
      { login: SCOUT_B, name: 'Bo Ek', director: false },
      { login: DIRECTOR_D, name: 'Dana Director', director: true },
      { login: DIRECTOR_E, name: DIRECTOR_E, director: true },
      { login: SCOUT_A, name: SCOUT_A, director: false },
    ]);
    // Offline, the same.
    await d.client.end();
    expect((await d.lists.departmentScouts()).map((s) => s.login)).toEqual([SCOUT_B, DIRECTOR_D, DIRECTOR_E, SCOUT_A]);
  });
});
