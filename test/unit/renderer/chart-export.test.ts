import { describe, expect, it } from 'vitest';
import { copiedChartTable, fileCell, rowsTableOf } from '../../../renderer/charts/chartExport.ts';
import { BRIDGE_ARGS } from '../../../shared/bridge.ts';

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
      context: { view: 'Compare profile', league: 'NHL', season: '2017-2018' },
    });
    expect(BRIDGE_ARGS.exportRows.safeParse({ table: t, format: 'xlsx' }).success).toBe(true);
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
