import { describe, expect, it } from 'vitest';
import { flatten, moveBy, moveItem, moveToTier, unflatten } from '../../../renderer/views/boards/boardModel.ts';
import type { BoardEntry } from '../../../shared/domain/boards.ts';
import { mergeBoards } from '../../../shared/domain/boards-merge.ts';
import { finalProblem, type ScoutingReport, summarizeReports } from '../../../shared/domain/reports.ts';

/**
 * The pure parts of reports and boards: a player's file in numbers (averages and ranges recomputed here
 * from the grades the test gives), the moves of a board (one list over tier headers), and the merge's
 * identity of one player across two scouts' databases.
 */

const report = (id: number, status: 'draft' | 'final', grades: ScoutingReport['grades']): ScoutingReport => ({
  id,
  uid: `u${id}`,
  source: 's',
  playerId: 1,
  playerName: 'P',
  playerPosition: 'C',
  dateOfBirth: null,
  scout: '',
  owner: '',
  readOnly: false,
  retracted: false,
  gameDate: `2026-10-${String(id).padStart(2, '0')}`,
  homeTeam: 'H',
  awayTeam: 'A',
  league: '',
  score: '',
  positionPlayed: 'C',
  kind: 'skater',
  grades,
  projection: null,
  strengths: '',
  weaknesses: '',
  notes: '',
  status,
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-10-01T00:00:00Z',
});

describe('a player’s file in numbers', () => {
  it('averages and ranges each area over final reports only; "not seen" is no grade; flags under the threshold', () => {
    const rs = [
      report(1, 'final', { skating: 6, puckSkills: 7.5, compete: null }),
      report(2, 'final', { skating: 8.5, puckSkills: 7 }),
      report(3, 'draft', { skating: 1, puckSkills: 1 }),
      report(4, 'final', { skating: 7, defensive: 4 }),
    ];
    const s = summarizeReports(rs, 3);
    expect([s.viewings, s.drafts, s.notSeenEnough]).toEqual([3, 1, false]);
    expect(summarizeReports(rs, 4).notSeenEnough).toBe(true);
    const by = Object.fromEntries(s.areas.map((a) => [a.area, a]));
    expect(by.skating).toEqual({ area: 'skating', graded: 3, mean: (6 + 8.5 + 7) / 3, min: 6, max: 8.5 });
    expect(by.puckSkills).toEqual({ area: 'puckSkills', graded: 2, mean: 7.25, min: 7, max: 7.5 });
    expect(by.compete).toEqual({ area: 'compete', graded: 0, mean: null, min: null, max: null });
    expect(by.defensive?.graded).toBe(1);
  });

  it('lets a draft be incomplete but not a final report, naming the field', () => {
    const r = { ...report(1, 'final', {}), homeTeam: '', awayTeam: '' };
    expect(finalProblem({ ...r, status: 'draft' })).toBeNull();
    expect(finalProblem(r)?.key).toBe('homeTeam');
    expect(finalProblem({ ...r, homeTeam: 'H', grades: { skating: null } })?.key).toBe('grades');
    expect(finalProblem({ ...r, homeTeam: 'H', grades: { skating: 5, positioning: 6 } })?.key).toBe(
      'grades.positioning',
    );
  });
});

const e = (
  id: number,
  tier: number,
  noInterest = false,
  name = `P${id}`,
  dateOfBirth: string | null = null,
): BoardEntry => ({
  source: 's',
  playerId: id,
  name,
  position: null,
  dateOfBirth,
  tier,
  noInterest,
});
const names = (es: readonly BoardEntry[]) => es.map((x) => `${x.name}/${x.noInterest ? 'x' : x.tier}`);
const TIERS = ['A', 'B', 'C'];

describe('moving players on a board', () => {
  const board = [e(1, 0), e(2, 0), e(3, 1), e(4, 2), e(5, 0, true)];
  it('moves one place, crossing a tier header into the next tier, never above the first tier', () => {
    expect(names(moveBy(board, TIERS, 's\u00002', -1))).toEqual(['P2/0', 'P1/0', 'P3/1', 'P4/2', 'P5/x']);
    expect(names(moveBy(board, TIERS, 's\u00001', -1))).toEqual(names(board));
    // Down past B's header: P2 is at the top of B.
    expect(names(moveBy(board, TIERS, 's\u00002', 1))).toEqual(['P1/0', 'P2/1', 'P3/1', 'P4/2', 'P5/x']);
    // Up past B's header: P3 is at the bottom of A.
    expect(names(moveBy(board, TIERS, 's\u00003', -1))).toEqual(['P1/0', 'P2/0', 'P3/0', 'P4/2', 'P5/x']);
    // Down past No interest's header.
    expect(names(moveBy(board, TIERS, 's\u00004', 1))).toEqual(['P1/0', 'P2/0', 'P3/1', 'P4/x', 'P5/x']);
  });

  it('moves to the bottom of a tier or to no interest', () => {
    expect(names(moveToTier(board, 's\u00004', 0))).toEqual(['P1/0', 'P2/0', 'P4/0', 'P3/1', 'P5/x']);
    expect(names(moveToTier(board, 's\u00001', 'none'))).toEqual(['P2/0', 'P3/1', 'P4/2', 'P5/x', 'P1/x']);
    expect(names(moveToTier(board, 's\u00005', 2))).toEqual(['P1/0', 'P2/0', 'P3/1', 'P4/2', 'P5/2']);
  });

  it('a drag to any place of the one list gives each player the tier of the header above him', () => {
    const items = flatten(board, TIERS);
    expect(items.map((i) => i.id)).toEqual([
      'tier:0',
      's\u00001',
      's\u00002',
      'tier:1',
      's\u00003',
      'tier:2',
      's\u00004',
      'tier:none',
      's\u00005',
    ]);
    expect(names(unflatten(items))).toEqual(names(board));
    // P1 dragged down onto P4's place (index 6): as dnd-kit's arrayMove does, he takes that index and the
    // items between move up one, so he is below P4, in C.
    expect(names(unflatten(moveItem(items, 1, 6)))).toEqual(['P2/0', 'P3/1', 'P4/2', 'P1/2', 'P5/x']);
    // Nobody lands above the first header.
    expect(names(unflatten(moveItem(items, 4, 0)))).toEqual(['P3/0', 'P1/0', 'P2/0', 'P4/2', 'P5/x']);
  });
});

describe('merging boards', () => {
  it('takes two sources’ ids for one player when his name and birth date agree, and never merges two of one board', () => {
    const a = [e(1, 0, false, 'Jonas Ek', '2008-01-02'), e(2, 0, false, 'Ola Berg', '2008-03-04')];
    const b = [
      { ...e(901, 0, false, 'Jonas Ek', '2008-01-02'), source: 'other' },
      { ...e(2, 0, false, 'Ola Berg', null) },
      { ...e(77, 0, false, 'Ola Berg', null), source: 'other' },
    ];
    const rows = mergeBoards([
      { label: 'A', entries: a },
      { label: 'B', entries: b },
    ]);
    expect(rows.map((r) => [r.name, r.ranks, r.spread, r.missingFrom])).toEqual([
      ['Jonas Ek', [1, 1], 0, []],
      ['Ola Berg', [2, 2], 0, []],
      ['Ola Berg', [null, 3], 0, ['A']],
    ]);
  });
});
