import { describe, expect, it } from 'vitest';
import { exportTable, scoutsOf, weekRows } from '../../../renderer/views/viewing-log/rows.ts';
import type { Assignment, GameSeen, ViewingLog } from '../../../shared/department/desk.ts';

/**
 * The viewing log's rows as the view shows and exports them: a scout's final reports of one date and the
 * same two teams are one game (its players by name), the week's totals are its scouts', and a director's
 * choice of scout keeps his rows only.
 */

const seen = (date: string, playerId: number, playerName: string, homeTeam = 'Regina Pats'): GameSeen => ({
  date,
  source: 'embedded:test',
  playerId,
  playerName,
  homeTeam,
  awayTeam: 'Moose Jaw Warriors',
  league: 'WHL',
});

const assignment = {
  uid: '8b0f5b5e-6c1a-4c9e-9d44-3f1f0a1b2c3d',
  director: 'director_d',
  assignee: 'scout_b',
  assigneeName: 'Bo Ek',
  player: { source: 'embedded:test', playerId: 9, name: 'Zeev Buium', dateOfBirth: null, position: 'D' },
  assignedOn: '2026-11-01',
  dueDate: '2026-11-30',
  note: '',
  game: { date: '2026-11-14', homeTeam: 'Denver', awayTeam: 'North Dakota' },
  from: '2026-11-14',
  doneOn: null,
  waiting: false,
} satisfies Assignment;

const LOG: ViewingLog = [
  {
    week: '2026-W46',
    monday: '2026-11-09',
    scouts: [
      {
        owner: 'scout_a',
        name: 'Anna Berg',
        // Two players of one game, newest id first as the store may give them; a second game.
        seen: [
          seen('2026-11-10', 7, 'Connor Bedard'),
          seen('2026-11-10', 8, 'Berkly Catton'),
          seen('2026-11-12', 7, 'Connor Bedard', 'Brandon'),
        ],
        planned: [],
      },
      { owner: 'scout_b', name: 'Bo Ek', seen: [], planned: [assignment] },
    ],
  },
];

describe('the viewing log rows', () => {
  it("group a scout's reports into games and sum the week", () => {
    const [week] = weekRows(LOG, null);
    expect(week).toMatchObject({
      week: '2026-W46',
      monday: '2026-11-09',
      sunday: '2026-11-15',
      games: 2,
      reports: 3,
      planned: 1,
    });
    expect(week?.scouts[0]?.games.map((g) => [g.date, g.homeTeam, g.players.map((p) => p.name)])).toEqual([
      ['2026-11-10', 'Regina Pats', ['Berkly Catton', 'Connor Bedard']],
      ['2026-11-12', 'Brandon', ['Connor Bedard']],
    ]);
    expect(scoutsOf(LOG)).toEqual([
      { owner: 'scout_a', name: 'Anna Berg' },
      { owner: 'scout_b', name: 'Bo Ek' },
    ]);
  });

  it('keep the chosen scout only, and export a row per week and scout', () => {
    const weeks = weekRows(LOG, 'scout_b');
    expect(weeks.map((w) => [w.games, w.reports, w.planned, w.scouts.map((s) => s.owner)])).toEqual([
      [0, 0, 1, ['scout_b']],
    ]);
    expect(weekRows(LOG, 'nobody')).toEqual([]);
    expect(exportTable(weekRows(LOG, null)).rows).toEqual([
      [
        '2026-W46',
        '2026-11-09',
        'Anna Berg',
        '2',
        '3',
        '0',
        '2026-11-10 Moose Jaw Warriors at Regina Pats (WHL): Berkly Catton, Connor Bedard; 2026-11-12 Moose Jaw Warriors at Brandon (WHL): Connor Bedard',
        '—',
      ],
      [
        '2026-W46',
        '2026-11-09',
        'Bo Ek',
        '0',
        '0',
        '1',
        '—',
        '2026-11-14 North Dakota at Denver: Zeev Buium, due 2026-11-30',
      ],
    ]);
  });
});
