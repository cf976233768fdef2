import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { push } from '../../../department/sync/push.ts';
import type { ReportSave } from '../../../shared/domain/reports.ts';
import { StoreError } from '../../../store/index.ts';
import { SRC } from '../store/department/laptop.ts';
import { reportSave } from '../store/fixtures.ts';
import { boardChange, DIRECTOR_D, departmentPerFile, SCOUT_A, SCOUT_B } from './department.ts';
import { deskLaptops } from './desk-laptops.ts';
import { sync } from './sync-round.ts';

/**
 * The director's desk over a real PostgreSQL: director D's laptop assigns, scouts A and B sync with their
 * own logins. The assignment reaches A (and only A), is read by him with no connection at all, and is done
 * by his final report dated from the game on; the threshold D sets reaches every laptop; coverage on D's
 * laptop is checked against figures the test works out itself from the reports it had the scouts write.
 */

const dep = departmentPerFile();
const laptopOf = deskLaptops(dep, 'rinkside-desk-sync-');

const BEDARD = { source: SRC, playerId: 7, name: 'Connor Bedard', dateOfBirth: '2005-07-17', position: 'C' };

/** A final report by one scout, as the test keeps it to work out the coverage itself. */
interface Written {
  by: 'a' | 'b' | 'd';
  playerId: number;
  gameDate: string;
  league: string;
  grades: Record<string, number>;
  projection: ReportSave['projection'];
}

const PLAYERS: Record<number, { name: string; position: string; dateOfBirth: string }> = {
  21: { name: 'Matvei Michkov', position: 'RW', dateOfBirth: '2004-12-09' },
  22: { name: 'Ivan Demidov', position: 'RW', dateOfBirth: '2005-12-10' },
  23: { name: 'Macklin Celebrini', position: 'C', dateOfBirth: '2006-06-13' },
};

const WRITTEN: Written[] = [
  {
    by: 'a',
    playerId: 21,
    gameDate: '2026-10-01',
    league: 'KHL',
    grades: { skating: 7, hockeySense: 8 },
    projection: 'top-six-f',
  },
  {
    by: 'b',
    playerId: 21,
    gameDate: '2026-10-15',
    league: 'KHL',
    grades: { skating: 9, hockeySense: 8.5 },
    projection: 'top-six-f',
  },
  {
    by: 'd',
    playerId: 21,
    gameDate: '2026-11-02',
    league: 'KHL',
    grades: { skating: 6.5, puckSkills: 9 },
    projection: 'middle-six-f',
  },
  {
    by: 'a',
    playerId: 22,
    gameDate: '2026-09-20',
    league: 'MHL',
    grades: { skating: 7.5 },
    projection: 'middle-six-f',
  },
  { by: 'a', playerId: 22, gameDate: '2026-10-20', league: 'MHL', grades: { skating: 8 }, projection: 'middle-six-f' },
  {
    by: 'b',
    playerId: 23,
    gameDate: '2026-11-10',
    league: 'NCAA',
    grades: { compete: 9, defensive: 5 },
    projection: 'top-six-f',
  },
  {
    by: 'd',
    playerId: 23,
    gameDate: '2026-11-12',
    league: 'NCAA',
    grades: { compete: 9.5, defensive: 7.5 },
    projection: 'top-six-f',
  },
];

/** The coverage of one player worked out from WRITTEN alone, at `threshold`. */
function expected(playerId: number, threshold: number) {
  const rs = WRITTEN.filter((w) => w.playerId === playerId);
  const dates = rs.map((r) => r.gameDate).sort();
  const areas: Record<string, { graded: number; mean: number; min: number; max: number }> = {};
  for (const area of new Set(rs.flatMap((r) => Object.keys(r.grades)))) {
    const gs = rs.flatMap((r) => (area in r.grades ? [r.grades[area] as number] : []));
    areas[area] = {
      graded: gs.length,
      mean: gs.reduce((x, y) => x + y, 0) / gs.length,
      min: Math.min(...gs),
      max: Math.max(...gs),
    };
  }
  const projections: Record<string, number> = {};
  for (const r of rs) if (r.projection) projections[r.projection] = (projections[r.projection] ?? 0) + 1;
  const top = Object.entries(projections).sort((x, y) => y[1] - x[1])[0]?.[0] ?? null;
  return {
    reports: rs.length,
    scouts: new Set(rs.map((r) => r.by)).size,
    firstSeen: dates[0],
    lastSeen: dates.at(-1),
    areas,
    projections,
    topProjection: top,
    disagreeAreas: Object.entries(areas)
      .filter(([, a]) => a.max - a.min > threshold)
      .map(([k]) => k)
      .sort(),
  };
}

describe('coverage', () => {
  it("sums up the department's final reports per player, as worked out here from what was written", async () => {
    const d = await laptopOf(DIRECTOR_D, 'Dana Director', true);
    const laptopsBy = { a: await laptopOf(SCOUT_A, 'Anna Berg'), b: await laptopOf(SCOUT_B, 'Bo Ek'), d };
    for (const w of WRITTEN) {
      await laptopsBy[w.by].lists.saveReport(
        reportSave({
          status: 'final',
          playerId: w.playerId,
          player: PLAYERS[w.playerId],
          gameDate: w.gameDate,
          league: w.league,
          grades: w.grades,
          projection: w.projection,
        }),
        SRC,
      );
    }
    // A draft and a report taken back are no viewings.
    await laptopsBy.a.lists.saveReport(reportSave({ status: 'draft', playerId: 21, player: PLAYERS[21] }), SRC);
    expect(await d.lists.departmentSetThreshold(1.5)).toBe(1.5);
    // The department board, written by a director straight to the server: Michkov in tier A, Demidov in B.
    const place = (playerId: number, tier: number) => ({
      ...(PLAYERS[playerId] as (typeof PLAYERS)[number]),
      source: SRC,
      playerId,
      tier,
      noInterest: false,
    });
    const [board] = await push(dep.e, [
      boardChange(randomUUID(), null, {
        kind: 'department',
        name: 'Department 2026',
        tiers: ['A', 'B'],
        entries: [place(21, 0), place(22, 1)],
      }),
    ]);
    expect(board?.outcome).toBe('applied');
    for (const l of Object.values(laptopsBy)) await l.sync();
    for (const l of Object.values(laptopsBy)) await l.sync();

    expect(await laptopsBy.a.lists.departmentThreshold()).toBe(1.5);
    const cov = await d.lists.departmentCoverage({ sort: 'name', desc: false });
    expect(cov.threshold).toBe(1.5);
    expect(cov.rows.map((r) => r.player.name)).toEqual(['Ivan Demidov', 'Macklin Celebrini', 'Matvei Michkov']);
    for (const r of cov.rows) {
      const e = expected(r.player.playerId, 1.5);
      expect({ ...r, disagreeAreas: [...r.disagreeAreas].sort() }).toMatchObject(e);
      expect(Object.keys(r.areas).sort()).toEqual(Object.keys(e.areas).sort());
    }
    const michkov = cov.rows.find((r) => r.player.playerId === 21);
    expect(michkov?.scoutNames).toEqual(['Anna Berg', 'Bo Ek', 'Dana Director']);
    // A scout's laptop holds the same reports, so the same figures.
    expect((await laptopsBy.b.lists.departmentCoverage({ sort: 'name', desc: false })).rows).toEqual(cov.rows);

    // Filters and sorting.
    const names = async (q: Parameters<typeof d.lists.departmentCoverage>[0]) =>
      (await d.lists.departmentCoverage(q)).rows.map((r) => r.player.name);
    expect(await names({ league: 'khl' })).toEqual(['Matvei Michkov']);
    expect(await names({ notSeenSince: '2026-11-01', sort: 'name', desc: false })).toEqual(['Ivan Demidov']);
    expect(await names({ fewerScoutsThan: 2, sort: 'name', desc: false })).toEqual(['Ivan Demidov']);
    // Draft years by the September 15 rule: Michkov (Dec 2004) 2023, Demidov (Dec 2005) 2024, Celebrini (Jun 2006) 2024.
    expect(await names({ draftYear: 2024, sort: 'name', desc: false })).toEqual(['Ivan Demidov', 'Macklin Celebrini']);
    expect(await names({ tier: 'a' })).toEqual(['Matvei Michkov']);
    expect(await names({ sort: 'tier', desc: false })).toEqual(['Matvei Michkov', 'Ivan Demidov', 'Macklin Celebrini']);
    expect(cov.rows.map((r) => r.tier)).toEqual(['B', null, 'A']);
    expect(await names({ sort: 'reports', desc: true })).toEqual([
      'Matvei Michkov',
      'Ivan Demidov',
      'Macklin Celebrini',
    ]);
    expect(await names({ sort: 'mean:skating', desc: true })).toEqual([
      'Ivan Demidov',
      'Matvei Michkov',
      'Macklin Celebrini',
    ]);
    expect(await names({ sort: 'lastSeen', desc: false })).toEqual([
      'Ivan Demidov',
      'Matvei Michkov',
      'Macklin Celebrini',
    ]);
  });
});

describe('an assignment', () => {
  it('made by a director reaches its scout offline, never another scout, and is done by his report', async () => {
    const d = await laptopOf(DIRECTOR_D, 'Dana Director', true);
    const a = await laptopOf(SCOUT_A, 'Anna Berg');
    const b = await laptopOf(SCOUT_B, 'Bo Ek');
    const made = await d.lists.departmentAssign({
      assignee: SCOUT_A,
      player: BEDARD,
      assignedOn: '2026-11-01',
      dueDate: '2026-11-30',
      note: 'his release under pressure',
      game: { date: '2026-11-20', homeTeam: 'Regina Pats', awayTeam: 'Moose Jaw Warriors' },
    });
    expect(made).toMatchObject({ assignee: SCOUT_A, from: '2026-11-20', doneOn: null, waiting: true });
    // A scout assigns nobody: the laptop says so plainly (the server would refuse too: assignments.test.ts).
    const refused = await a.lists
      .departmentAssign({ assignee: SCOUT_B, player: BEDARD, dueDate: '2027-01-01' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as Error).message).toBe(
      "Invalid assignee: only the department's directors assign players to scouts.",
    );

    await d.sync();
    await a.sync();
    await b.sync();
    // Offline: A's connection is gone; his laptop answers from its own file.
    await a.client.end();
    const mine = await a.lists.departmentAssignments({});
    expect(mine).toEqual([
      expect.objectContaining({
        uid: made.uid,
        director: DIRECTOR_D,
        assignee: SCOUT_A,
        player: BEDARD,
        dueDate: '2026-11-30',
        note: 'his release under pressure',
        game: { date: '2026-11-20', homeTeam: 'Regina Pats', awayTeam: 'Moose Jaw Warriors' },
        doneOn: null,
        waiting: false,
      }),
    ]);
    expect(await b.lists.departmentAssignments({ who: 'all' })).toEqual([]);

    // A report of the day before the game does not fulfil it; a draft of the game does not either.
    await a.lists.saveReport(reportSave({ status: 'final', gameDate: '2026-11-19', grades: { skating: 8 } }), SRC);
    await a.lists.saveReport(reportSave({ status: 'draft', gameDate: '2026-11-20' }), SRC);
    expect((await a.lists.departmentAssignments({}))[0]?.doneOn).toBeNull();
    expect(await a.lists.departmentAssignments({ open: true })).toHaveLength(1);
    await a.lists.saveReport(reportSave({ status: 'final', gameDate: '2026-11-20', grades: { skating: 8 } }), SRC);
    expect((await a.lists.departmentAssignments({}))[0]?.doneOn).toBe('2026-11-20');
    expect(await a.lists.departmentAssignments({ open: true })).toEqual([]);

    // Back online: the director sees it done by A's report.
    a.client = await dep.cluster.clientAs(SCOUT_A, dep.passwords[SCOUT_A] as string);
    await sync(a.lists, a.client);
    await d.sync();
    const all = await d.lists.departmentAssignments({ who: 'all' });
    expect(all.map((x) => [x.assigneeName, x.doneOn])).toEqual([['Anna Berg', '2026-11-20']]);

    // Taken back by the director: gone from A's laptop at his next sync.
    await d.lists.departmentUnassign(made.uid);
    await d.sync();
    await sync(a.lists, a.client);
    expect(await a.lists.departmentAssignments({})).toEqual([]);
  });
});

describe('what is new', () => {
  it("counts colleagues' new final reports on the scout's players and his new assignments, until he looks", async () => {
    const a = await laptopOf(SCOUT_A, 'Anna Berg');
    const b = await laptopOf(SCOUT_B, 'Bo Ek');
    const d = await laptopOf(DIRECTOR_D, 'Dana Director', true);
    const list = await a.lists.createList('Russian wingers');
    await a.lists.saveEntry({ listId: list.id, playerId: 21, player: PLAYERS[21] }, SRC);
    await a.sync();
    await a.lists.departmentMarkSeen();
    expect(await a.lists.departmentWhatsNew()).toEqual({ count: 0, players: [], assignments: [] });

    const michkov = { playerId: 21, player: PLAYERS[21] };
    await b.lists.saveReport(
      reportSave({ status: 'final', ...michkov, gameDate: '2026-12-01', notes: 'Bo: new' }),
      SRC,
    );
    await b.lists.saveReport(reportSave({ status: 'draft', ...michkov, gameDate: '2026-12-02' }), SRC);
    // Not on A's lists or boards: not his news.
    await b.lists.saveReport(reportSave({ status: 'final', playerId: 23, player: PLAYERS[23] }), SRC);
    // His own report is no news to him.
    await a.lists.saveReport(reportSave({ status: 'final', ...michkov, gameDate: '2026-12-03' }), SRC);
    const made = await d.lists.departmentAssign({
      assignee: SCOUT_A,
      player: { source: SRC, playerId: 21, ...PLAYERS[21] } as typeof BEDARD,
      dueDate: '2099-01-31',
    });
    await b.sync();
    await d.sync();
    await a.sync();

    const news = await a.lists.departmentWhatsNew();
    expect(news.count).toBe(2);
    expect(news.players.map((p) => [p.name, p.reports.map((r) => [r.scout, r.gameDate, r.notes])])).toEqual([
      ['Matvei Michkov', [['Bo Ek', '2026-12-01', 'Bo: new']]],
    ]);
    expect(news.assignments.map((x) => x.uid)).toEqual([made.uid]);
    // B's laptop has no list of Michkov's: nothing new for him there, and no assignment.
    expect((await b.lists.departmentWhatsNew()).players).toEqual([]);

    await a.lists.departmentMarkSeen();
    expect(await a.lists.departmentWhatsNew()).toEqual({ count: 0, players: [], assignments: [] });
  });
});

describe('the viewing log', () => {
  it("shows each week's games per scout and the open assignments as planned; a director sees every scout's", async () => {
    const a = await laptopOf(SCOUT_A, 'Anna Berg');
    const b = await laptopOf(SCOUT_B, 'Bo Ek');
    const d = await laptopOf(DIRECTOR_D, 'Dana Director', true);
    const game = (gameDate: string, playerId: number) =>
      reportSave({
        status: 'final',
        gameDate,
        playerId,
        player: PLAYERS[playerId],
        homeTeam: 'HIFK',
        awayTeam: 'Tappara',
      });
    // 2027-03-01 is a Monday: ISO week 2027-W09 (week 1 began on Monday 4 January); 2027-03-08 opens W10.
    await a.lists.saveReport(game('2027-03-02', 21), SRC);
    await a.lists.saveReport(game('2027-03-09', 22), SRC);
    await b.lists.saveReport(game('2027-03-07', 23), SRC);
    await b.lists.saveReport(reportSave({ status: 'draft', gameDate: '2027-03-03' }), SRC);
    await d.lists.departmentAssign({
      assignee: SCOUT_B,
      player: { source: SRC, playerId: 22, ...PLAYERS[22] } as typeof BEDARD,
      assignedOn: '2027-03-01',
      dueDate: '2027-03-20',
      game: { date: '2027-03-10', homeTeam: 'Ilves', awayTeam: 'Lukko' },
    });
    for (const l of [a, b, d]) await l.sync();
    for (const l of [a, b, d]) await l.sync();

    const window = { from: '2027-03-01', to: '2027-03-14' };
    const shape = (log: Awaited<ReturnType<typeof d.lists.departmentViewingLog>>) =>
      log.map((w) => [
        w.week,
        w.monday,
        w.scouts.map((s) => [
          s.name,
          s.seen.map((g) => `${g.date} ${g.playerName}`),
          s.planned.map((p) => p.player.name),
        ]),
      ]);
    expect(shape(await d.lists.departmentViewingLog({ who: 'all', ...window }))).toEqual([
      [
        '2027-W10',
        '2027-03-08',
        [
          ['Anna Berg', ['2027-03-09 Ivan Demidov'], []],
          ['Bo Ek', [], ['Ivan Demidov']],
        ],
      ],
      [
        '2027-W09',
        '2027-03-01',
        [
          ['Anna Berg', ['2027-03-02 Matvei Michkov'], []],
          ['Bo Ek', ['2027-03-07 Macklin Celebrini'], []],
        ],
      ],
    ]);
    // A scout sees his own only, even when he asks for everyone's.
    expect(shape(await a.lists.departmentViewingLog({ who: 'all', ...window }))).toEqual([
      ['2027-W10', '2027-03-08', [['Anna Berg', ['2027-03-09 Ivan Demidov'], []]]],
      ['2027-W09', '2027-03-01', [['Anna Berg', ['2027-03-02 Matvei Michkov'], []]]],
    ]);
    expect(shape(await b.lists.departmentViewingLog(window))).toEqual([
      ['2027-W10', '2027-03-08', [['Bo Ek', [], ['Ivan Demidov']]]],
      ['2027-W09', '2027-03-01', [['Bo Ek', ['2027-03-07 Macklin Celebrini'], []]]],
    ]);
  });
});
