import { describe, expect, it } from 'vitest';
import { cellValue } from '../../../shared/columns/cells.ts';
import { PLAYER_COLUMNS, TEAM_COLUMNS } from '../../../shared/columns/index.ts';

const column = (cols: typeof TEAM_COLUMNS, id: string) => {
  const c = cols.find((x) => x.id === id);
  if (!c) throw new Error(`no column ${id}`);
  return c;
};

describe('export cells', () => {
  it('a nationality reads as the table shows it, its name with its code', () => {
    const nat = column(PLAYER_COLUMNS, 'nationality');
    expect(cellValue(nat, { nationality: { slug: 'can', name: 'Canada' } }, 1)).toBe('Canada (CAN)');
    expect(cellValue(nat, { nationality: null }, 1)).toBeNull();
  });

  it('other objects with a name give the name; numbers stay numbers', () => {
    expect(cellValue(column(TEAM_COLUMNS, 'league'), { league: { slug: 'nhl', name: 'NHL' } }, 1)).toBe('NHL');
    expect(cellValue(column(TEAM_COLUMNS, 'views'), { views: 0 }, 1)).toBe(0);
  });
});
