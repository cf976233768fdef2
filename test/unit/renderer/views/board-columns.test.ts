import { describe, expect, it } from 'vitest';
import { boardTable } from '../../../../renderer/views/boards/boardExport.ts';
import {
  chosenColumns,
  colsParam,
  parseBoardSort,
  sortedWithinTiers,
} from '../../../../renderer/views/boards/boardFacts.ts';
import { flatten, saveEntries, unflatten } from '../../../../renderer/views/boards/boardModel.ts';
import { BOARD_DEFAULT_COLUMN_IDS } from '../../../../shared/columns/index.ts';
import { type BoardFacts, type BoardRowFacts, NO_ROW_FACTS } from '../../../../shared/domain/board-facts.ts';
import type { BoardDetail, BoardEntry } from '../../../../shared/domain/boards.ts';

/**
 * A board's columns in the page: the in-tier sort is for viewing only (each tier ordered by a column,
 * missing values last, the headers and the saved order untouched), the URL's choice of columns, and the
 * export's cells at the board's precision with `—` where a value is missing. Expected orders and cells are
 * the test's own, worked out from the figures written here.
 */

const entry = (id: number, tier: number, noInterest = false): BoardEntry => ({
  source: 's',
  playerId: id,
  name: `P${id}`,
  position: 'C',
  dateOfBirth: '2007-01-01',
  tier,
  noInterest,
});

const EMPTY = NO_ROW_FACTS;
const TIERS = ['A', 'B'];
// Saved order: A = P1, P2, P3; B = P4, P5; no interest = P6.
const ENTRIES = [entry(1, 0), entry(2, 0), entry(3, 0), entry(4, 1), entry(5, 1), entry(6, 1, true)];
const PTS: Record<number, number | null> = { 1: 10, 2: null, 3: 30, 4: 5, 5: 50, 6: 1 };
const ROWS: Record<string, BoardRowFacts> = Object.fromEntries(
  ENTRIES.map((e) => [
    `s\u0000${e.playerId}`,
    { ...EMPTY, PTS: PTS[e.playerId] ?? null, PTSperGP: e.playerId === 1 ? 10 / 3 : null, league: 'ohl' },
  ]),
);
const shown = (items: readonly ReturnType<typeof flatten>[number][]) =>
  items.map((i) => (i.kind === 'player' ? i.entry.name : i.kind === 'tier' ? `[${TIERS[i.tier]}]` : '[none]'));

describe('a board sorted within its tiers', () => {
  it('orders each tier by the column, missing values last, headers where they were', () => {
    const items = flatten(ENTRIES, TIERS);
    const desc = sortedWithinTiers(items, ROWS, { id: 'PTS', desc: true });
    expect(shown(desc)).toEqual(['[A]', 'P3', 'P1', 'P2', '[B]', 'P5', 'P4', '[none]', 'P6']);
    const asc = sortedWithinTiers(items, ROWS, { id: 'PTS', desc: false });
    expect(shown(asc)).toEqual(['[A]', 'P1', 'P3', 'P2', '[B]', 'P4', 'P5', '[none]', 'P6']);
  });

  it('leaves the saved order as it was: the entries, their tiers and what a save would send', () => {
    const before = JSON.stringify(ENTRIES);
    const items = flatten(ENTRIES, TIERS);
    sortedWithinTiers(items, ROWS, { id: 'PTS', desc: true });
    expect(JSON.stringify(ENTRIES)).toBe(before);
    expect(saveEntries(unflatten(items))).toEqual(saveEntries(ENTRIES));
    // No sort (or a column the catalog lacks): the items themselves.
    expect(sortedWithinTiers(items, ROWS, null)).toBe(items);
    expect(sortedWithinTiers(items, ROWS, parseBoardSort('-nope'))).toBe(items);
  });

  it('reads its sort and its columns from the URL', () => {
    expect(parseBoardSort('-PTS')).toEqual({ id: 'PTS', desc: true });
    expect(parseBoardSort('league')).toEqual({ id: 'league', desc: false });
    expect(parseBoardSort(null)).toBeNull();
    expect(chosenColumns(null).map((c) => c.id)).toEqual(BOARD_DEFAULT_COLUMN_IDS);
    expect(chosenColumns('PTS,team,nope').map((c) => c.id)).toEqual(['team', 'PTS']);
    expect(chosenColumns('none')).toEqual([]);
    expect(colsParam(['PTS', 'team'])).toBe('team,PTS');
    expect(colsParam([])).toBe('none');
    expect(colsParam(BOARD_DEFAULT_COLUMN_IDS)).toBeNull();
  });
});

describe('a board’s export', () => {
  it('carries the chosen columns after its own, numbers at the board’s precision, — where missing', () => {
    const detail: BoardDetail = {
      board: {
        id: 1,
        uid: 'u',
        name: 'B',
        scout: '',
        owner: '',
        kind: 'scout',
        tiers: TIERS,
        createdAt: '',
        updatedAt: '',
        players: 6,
        lastWriter: '',
        readOnly: false,
      },
      entries: ENTRIES,
      versions: [],
    };
    const facts: BoardFacts = { departmentMissing: null, rows: ROWS };
    const t = boardTable(detail, chosenColumns('position,league,PTS,PTSperGP,viewings'), facts);
    expect(t.columns).toEqual(['Rank', 'Tier', 'Player', 'Pos', 'Born', 'League', 'PTS', 'PTS/GP', 'Viewings']);
    // P1: 10 / 3 PTS/GP shown as the board shows rates, two decimals; no viewing known: —.
    expect(t.rows[0]).toEqual(['1', 'A', 'P1', 'C', '2007-01-01', 'ohl', '10', '3.33', '—']);
    expect(t.rows[1]?.slice(5)).toEqual(['ohl', '—', '—', '—']);
    expect(t.rows[5]?.slice(0, 2)).toEqual(['—', 'No interest']);
  });
});
