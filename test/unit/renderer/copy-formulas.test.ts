import { describe, expect, it } from 'vitest';
import { copiedChartTable } from '../../../renderer/charts/chartExport.ts';
import { copiedTable } from '../../../renderer/table/copyTable.ts';
import { LIST_ENTRY_COLUMNS, SCORING_COLUMNS, STANDINGS_COLUMNS } from '../../../shared/columns/index.ts';

// What Copy puts on the clipboard when a note or a name starts like a formula. Expected texts are literals.

const col = (list: readonly { id: string }[], id: string) => {
  const c = list.find((x) => x.id === id);
  if (!c) throw new Error(id);
  return c as (typeof LIST_ENTRY_COLUMNS)[number];
};

describe('formulas on the clipboard', () => {
  it('a text column that starts like a formula gets a leading quote in the TSV and the HTML', () => {
    const columns = [col(LIST_ENTRY_COLUMNS, 'name'), col(LIST_ENTRY_COLUMNS, 'note')];
    const rows = [
      { name: 'Alpha Skater', note: '=HYPERLINK("http://evil.example","Click")' },
      { name: '@Beta', note: '+1 on his skating\nstrong on the puck' },
      { name: 'Gamma', note: 'Calm; =1+1 is not at the start' },
      { name: '-Delta', note: '\tTab first' },
    ];
    const c = copiedTable(columns, rows);
    expect(c.text.split('\n')).toEqual([
      'Player\tNote',
      `Alpha Skater\t'=HYPERLINK("http://evil.example","Click")`,
      "'@Beta\t'+1 on his skating strong on the puck",
      'Gamma\tCalm; =1+1 is not at the start',
      "'-Delta\t' Tab first",
    ]);
    expect(c.html).toContain("<td>'=HYPERLINK(&quot;http://evil.example&quot;,&quot;Click&quot;)</td>");
    expect(c.html).toContain("<td>'@Beta</td><td>'+1 on his skating strong on the puck</td>");
    expect(c.html).toContain('<td>Gamma</td><td>Calm; =1+1 is not at the start</td>');
  });

  it('a text cell that starts like a formula after spaces, line feeds or zero-width characters is escaped too', () => {
    const columns = [col(LIST_ENTRY_COLUMNS, 'name'), col(LIST_ENTRY_COLUMNS, 'note')];
    const rows = [
      { name: ' =Alpha', note: '\n=HYPERLINK("http://evil.example","Click")' },
      { name: '\u200B@Beta', note: '\u2060\uFEFF+1' },
      { name: 'Gamma', note: '\u200Dplain' },
    ];
    const c = copiedTable(columns, rows);
    expect(c.text.split('\n')).toEqual([
      'Player\tNote',
      `' =Alpha\t' =HYPERLINK("http://evil.example","Click")`,
      "'\u200B@Beta\t'\u2060\uFEFF+1",
      'Gamma\t\u200Dplain',
    ]);
    expect(c.html).toContain("<td>' =Alpha</td>");
    expect(c.html).toContain("<td>'\u200B@Beta</td><td>'\u2060\uFEFF+1</td>");
    const chart = copiedChartTable({ columns: ['Metric', ' =Evil Club'], rows: [['\u200B-Note', '-3']] });
    expect(chart.text).toBe("Metric\t' =Evil Club\n'\u200B-Note\t-3");
  });

  it('signed numbers in numeric columns and the catalog’s own headers stay as they are', () => {
    const gd = col(STANDINGS_COLUMNS, 'stats.GD');
    const pm = col(SCORING_COLUMNS.regularStats, 'regularStats.PM');
    const team = col(STANDINGS_COLUMNS, 'teamName');
    const c = copiedTable(
      [team, gd, pm],
      [
        { teamName: 'Winnipeg Jets', stats: { GD: 57 }, regularStats: { PM: -3 } },
        { teamName: 'Buffalo Sabres', stats: { GD: -81 }, regularStats: { PM: 12 } },
      ],
    );
    expect(c.text).toBe('Team\tGD\t+/-\nWinnipeg Jets\t+57\t-3\nBuffalo Sabres\t-81\t+12');
    expect(c.html).toContain('<th>Team</th><th>GD</th><th>+/-</th>');
  });

  it("a chart table's headers and text cells are data: escaped; its numbers are not", () => {
    const c = copiedChartTable({
      columns: ['Metric', '=Evil Club', 'Winnipeg Jets'],
      rows: [
        ['GD', '-3', '57'],
        ['@Note', '—', '.919'],
      ],
    });
    expect(c.text).toBe("Metric\t'=Evil Club\tWinnipeg Jets\nGD\t-3\t57\n'@Note\t\t.919");
  });

  it("a chart table's header the catalog writes (`+/-`) is copied as written, as the file has it", () => {
    const c = copiedChartTable({ columns: ['Season', '+/-', '+/- Club'], rows: [['2023-2024', '-3', '4']] });
    expect(c.text).toBe("Season\t+/-\t'+/- Club\n2023-2024\t-3\t4");
    expect(c.html).toContain("<th>Season</th><th>+/-</th><th>'+/- Club</th>");
  });
});
