import { describe, expect, it } from 'vitest';
import { copiedChartTable, fileCell, rowsTableOf, shownDecimals } from '../../../renderer/charts/chartExport.ts';
import { BRIDGE_ARGS } from '../../../shared/bridge/bridge.ts';

// A chart's "Show as table" rows as files and the clipboard take them. Expected values are literals.

const TABLE = {
  columns: ['Metric', 'League average', 'Nashville Predators'],
  rows: [
    ['PTS%', '.561', '.713'],
    ['GD', '0', '-3'],
    ['SV%', '—', '.919'],
    ['Season', '2017-2018', 'yes'],
  ],
};

describe('chart table export', () => {
  it('turns shown numbers into numbers, the dash into an empty cell, and leaves other text as text', () => {
    expect(fileCell('.713')).toBe(0.713);
    expect(fileCell('3.15')).toBe(3.15);
    expect(fileCell('-3')).toBe(-3);
    expect(fileCell('57')).toBe(57);
    expect(fileCell('—')).toBe(null);
    expect(fileCell('')).toBe(null);
    expect(fileCell('2017-2018')).toBe('2017-2018');
    expect(fileCell('GA/GP (lower is better)')).toBe('GA/GP (lower is better)');
    expect(fileCell('1.2.3')).toBe('1.2.3');
  });

  it('sends the same columns and rows, with the context words, in a form the bridge accepts', () => {
    const t = rowsTableOf(TABLE, { view: 'Compare profile', league: 'NHL', season: '2017-2018' });
    expect(t).toEqual({
      columns: ['Metric', 'League average', 'Nashville Predators'],
      rows: [
        ['PTS%', 0.561, 0.713],
        ['GD', 0, -3],
        ['SV%', null, 0.919],
        ['Season', '2017-2018', 'yes'],
      ],
      // The decimals each number was shown with, so a file shows it the same way.
      decimals: [
        [null, 3, 3],
        [null, 0, 0],
        [null, null, 3],
        [null, null, null],
      ],
      context: { view: 'Compare profile', league: 'NHL', season: '2017-2018' },
    });
    expect(BRIDGE_ARGS.exportRows.safeParse({ table: t, format: 'xlsx' }).success).toBe(true);
  });

  it('counts the decimals a number was shown with, trailing zeros included; the bridge refuses decimals of another shape', () => {
    expect(['2.50', '.713', '57', '-3', '3.15', '—', '2017-2018'].map(shownDecimals)).toEqual([
      2,
      3,
      0,
      0,
      2,
      null,
      null,
    ]);
    // A number written with more decimals than a double holds counts as 15.
    expect(shownDecimals('2.44712643678160931')).toBe(15);
    const t = rowsTableOf(TABLE, { view: 'Compare profile' });
    const bad = BRIDGE_ARGS.exportRows.safeParse({ table: { ...t, decimals: t.decimals?.slice(1) }, format: 'csv' });
    expect(bad.error?.issues[0]?.message).toBe('decimals has 3 rows for 4 rows');
    const short = BRIDGE_ARGS.exportRows.safeParse({
      table: { ...t, decimals: t.decimals?.map((r, i) => (i === 1 ? r.slice(1) : r)) },
      format: 'csv',
    });
    expect(short.error?.issues[0]).toMatchObject({
      path: ['table', 'decimals', 1],
      message: 'decimals row 2 has 2 entries for 3 columns',
    });
  });

  it('copies TSV and an HTML table with the cells as shown, the dash left empty', () => {
    const c = copiedChartTable({
      columns: ['Team', 'SV%'],
      rows: [
        ['A & B', '.919'],
        ['C', '—'],
      ],
    });
    expect(c.text).toBe('Team\tSV%\nA & B\t.919\nC\t');
    expect(c.html).toBe(
      '<table><thead><tr><th>Team</th><th>SV%</th></tr></thead><tbody><tr><td>A &amp; B</td><td>.919</td></tr><tr><td>C</td><td></td></tr></tbody></table>',
    );
  });
});
