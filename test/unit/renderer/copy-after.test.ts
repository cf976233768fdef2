import { describe, expect, it } from 'vitest';
import { copiedTable } from '../../../renderer/table/copyTable.ts';
import { GOALTENDING_COLUMNS } from '../../../shared/columns/index.ts';

// "Copy this page" of a team's goaltending page lists the goalies Min GP ranks, then those under it, and
// says of each which he is, in the last column an export writes. Expected texts are literals.

const columns = GOALTENDING_COLUMNS.regularStats.filter((c) => ['player', 'regularStats.GP'].includes(c.id));
const goalie = (name: string, GP: number) => ({ player: { id: 1, name }, regularStats: { GP } });
const marker = { header: 'Ranked (Min GP 16)', first: '16 or more games: ranked', after: 'Under 16 games: not ranked' };

describe('a copied page with goalies under Min GP', () => {
  it('ends each row with the export’s marker: the ranked goalie, then the two under Min GP', () => {
    const rows = [goalie('Randy Holt', 63), goalie('Greg Millen', 10), goalie('Nick Ricci', 9)];
    const c = copiedTable(columns, rows, { marker, ranked: 1, offset: 0 });
    expect(c.text.split('\n')).toEqual([
      'Player\tGP\tRanked (Min GP 16)',
      'Randy Holt\t63\t16 or more games: ranked',
      'Greg Millen\t10\tUnder 16 games: not ranked',
      'Nick Ricci\t9\tUnder 16 games: not ranked',
    ]);
    expect(c.html).toContain('<th>Ranked (Min GP 16)</th>');
    expect(c.html).toContain('<td>Greg Millen</td><td>10</td><td>Under 16 games: not ranked</td>');
  });

  it('marks by the row’s place in the whole list: a later page that straddles the two groups', () => {
    const rows = [goalie('A', 30), goalie('B', 20), goalie('C', 5)];
    // 27 ranked in all; this page starts at row 25, so its first two are ranked and its third is not.
    const c = copiedTable(columns, rows, { marker, ranked: 27, offset: 25 });
    expect(c.text.split('\n').map((l) => l.split('\t')[2])).toEqual([
      'Ranked (Min GP 16)',
      '16 or more games: ranked',
      '16 or more games: ranked',
      'Under 16 games: not ranked',
    ]);
  });

  it('without a part listed after, no marker column', () => {
    expect(copiedTable(columns, [goalie('Randy Holt', 63)]).text).toBe('Player\tGP\nRandy Holt\t63');
  });
});
