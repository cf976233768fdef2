// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SameValueNote } from '../../../renderer/table/SameValueNote.tsx';
import { LIST_ENTRY_COLUMNS } from '../../../shared/columns/lists.ts';
import { sameValueColumns } from '../../../shared/columns/visibility.ts';

afterEach(cleanup);

// A scouting list of three players none of whom has a season on this computer: every stat cell is blank,
// the notes differ. The line under the table must not read "GP: — · G: —" as if those were figures.
const rows = [1, 2, 3].map((id) => ({
  id,
  player: { id, name: `Player ${id}`, position: null },
  latestSeason: null,
  team: null,
  GP: null,
  G: null,
  A: null,
  PTS: null,
  GAA: null,
  SVP: null,
  rating: id,
  note: `note ${id}`,
  addedAt: `2026-12-0${id}T10:00:00Z`,
}));

describe('the line naming the columns left out for one value on every row', () => {
  it('names the columns blank on every row apart, without a dash for each', () => {
    const hidden = sameValueColumns(LIST_ENTRY_COLUMNS, rows);
    // The premise, worked out here: the stat columns are blank on every row.
    const blankLabels = LIST_ENTRY_COLUMNS.filter((c) =>
      ['latestSeason', 'team', 'GP', 'G', 'A', 'PTS', 'GAA', 'SVP'].includes(c.field),
    ).map((c) => c.label);
    expect(hidden.map((h) => h.column.label)).toEqual(expect.arrayContaining(blankLabels));

    const { container } = render(<SameValueNote hidden={hidden} revealed={[]} />);
    const text = container.textContent ?? '';
    expect(text).toContain(`Blank on every row, not shown: ${hidden.map((h) => h.column.label).join(', ')}.`);
    expect(text).not.toContain(': —');
    expect(text).not.toContain('Same on every row');
    expect(text).toContain('Show them');
  });

  it('keeps the values of the columns that hold one, and names the blank ones after them', () => {
    const withTeam = rows.map((r) => ({ ...r, team: 'EDM', latestSeason: '1983-1984' }));
    const hidden = sameValueColumns(LIST_ENTRY_COLUMNS, withTeam);
    const { container } = render(<SameValueNote hidden={[]} revealed={hidden} />);
    const text = container.textContent ?? '';
    expect(text).toMatch(/^Same on every row: .*Team: EDM.*\. Blank on every row: .*GP.*\. Leave them out$/);
    expect(text).not.toContain('GP: —');
  });
});
