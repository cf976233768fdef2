// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { tieColumns } from '../../../renderer/entities/league/standings.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import { rangeText } from '../../../renderer/table/Pager.tsx';
import { sortButtonLabel, sortingFromTokens, tokensFromSorting } from '../../../renderer/table/sorting.ts';
import { sortForBlock } from '../../../renderer/views/team/goaltending-spec.ts';
import { GOALTENDING_COLUMNS, TEAM_COLUMNS } from '../../../shared/columns/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';

afterEach(cleanup);

type Goalie = { id: number; player: { name: string }; regularStats: Record<string, number> };
const ROWS: Goalie[] = [
  { id: 1, player: { name: 'Tuukka Rask' }, regularStats: { GP: 41, SVP: 0.929, GAA: 2.12, TOI: 2410.5 } },
  { id: 2, player: { name: 'Jaroslav Halak' }, regularStats: { GP: 31, SVP: 0.919, GAA: 2.39, TOI: 1801 } },
];

/** A harness that keeps the query like the URL does and records every change the table asks for. */
function Harness(props: { initial: ListQuery; log: ListQuery[] }) {
  const [query, setQuery] = useState(props.initial);
  return (
    <DataTable<Goalie>
      label="Leaders"
      columns={GOALTENDING_COLUMNS.regularStats}
      rows={ROWS}
      totalRecords={312}
      query={query}
      onQueryChange={(q) => {
        props.log.push(q);
        setQuery(q);
      }}
      getRowId={(r) => String(r.id)}
      empty={<p>none</p>}
    />
  );
}

function header(name: string) {
  return screen.getAllByRole('columnheader').find((th) => within(th).queryByText(name, { exact: true }));
}

describe('header clicks sort on the server', () => {
  it('a lower-is-better stat (GAA) sorts ascending (best) first, then flips, and resets the offset', () => {
    const log: ListQuery[] = [];
    render(
      <Harness
        initial={{ sort: ['-regularStats.SVP'], offset: 50, limit: 25, filters: { season: '2019-2020' } }}
        log={log}
      />,
    );
    const gaa = header('GAA');
    expect(gaa?.getAttribute('aria-sort')).toBe('none');
    expect(header('SV%')?.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(gaa as HTMLElement).getByRole('button'));
    expect(log.at(-1)).toEqual({ sort: ['regularStats.GAA'], offset: 0, limit: 25, filters: { season: '2019-2020' } });
    expect(header('GAA')?.getAttribute('aria-sort')).toBe('ascending');
    expect(header('SV%')?.getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header('GAA') as HTMLElement).getByRole('button'));
    expect(log.at(-1)?.sort).toEqual(['-regularStats.GAA']);
    expect(header('GAA')?.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(header('GAA') as HTMLElement).getByRole('button'));
    expect(log.at(-1)?.sort).toEqual(['regularStats.GAA']);
  });

  it('a higher-is-better stat (W) and GA: W descending first, GA ascending first', () => {
    const log: ListQuery[] = [];
    render(<Harness initial={{ sort: ['-regularStats.SVP'], offset: 0, limit: 25, filters: {} }} log={log} />);
    fireEvent.click(within(header('W') as HTMLElement).getByRole('button'));
    expect(log.at(-1)?.sort).toEqual(['-regularStats.W']);
    fireEvent.click(within(header('GA') as HTMLElement).getByRole('button'));
    expect(log.at(-1)?.sort).toEqual(['regularStats.GA']);
  });

  it('a text column sorts ascending first', () => {
    const log: ListQuery[] = [];
    render(<Harness initial={{ sort: ['-regularStats.SVP'], offset: 0, limit: 25, filters: {} }} log={log} />);
    fireEvent.click(within(header('Player') as HTMLElement).getByRole('button'));
    expect(log.at(-1)?.sort).toEqual(['player']);
    fireEvent.click(within(header('Player') as HTMLElement).getByRole('button'));
    expect(log.at(-1)?.sort).toEqual(['-player']);
  });

  it('renders formatted numbers right-aligned and the pager range', () => {
    render(<Harness initial={{ sort: ['-regularStats.SVP'], offset: 0, limit: 25, filters: {} }} log={[]} />);
    const cell = screen.getByText('.929');
    expect(cell.closest('td')?.className).toContain('num');
    expect(screen.getByText('2.12')).toBeTruthy();
    expect(screen.getByText('2,411')).toBeTruthy();
    expect(screen.getByText('1–2 of 312')).toBeTruthy();
  });

  it('the pager moves offset by the page size and a new page size keeps the top row', () => {
    const log: ListQuery[] = [];
    render(<Harness initial={{ sort: ['-regularStats.SVP'], offset: 50, limit: 25, filters: {} }} log={log} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(log.at(-1)?.offset).toBe(75);
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(log.at(-1)?.offset).toBe(300);
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(log.at(-1)?.offset).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '100' } });
    expect(log.at(-1)).toMatchObject({ offset: 0, limit: 100 });
  });
});

describe('sort buttons are named by what they show first (WCAG 2.5.3, label in name)', () => {
  it('an abbreviation, then its title; a title that starts with the header word alone', () => {
    expect(sortButtonLabel('W', 'Wins')).toBe('W (Wins): sort');
    expect(sortButtonLabel('Pos', 'Position')).toBe('Pos (Position): sort');
    expect(sortButtonLabel('SV%', 'Save percentage, regular season')).toBe(
      'SV% (Save percentage, regular season): sort',
    );
    expect(sortButtonLabel('Team', 'Team name')).toBe('Team name: sort');
    expect(sortButtonLabel('Team', 'Team')).toBe('Team: sort');
    expect(sortButtonLabel('GP', undefined)).toBe('GP: sort');
  });

  it('every header button of a table has a name that starts with its visible text', () => {
    render(<Harness initial={{ sort: ['-regularStats.SVP'], offset: 0, limit: 25, filters: {} }} log={[]} />);
    for (const th of screen.getAllByRole('columnheader')) {
      const button = th.querySelector('button');
      if (!button) continue;
      const visible = button.querySelector('.sort-ind')
        ? (button.textContent ?? '').replace(/[▲▼↕]$/, '')
        : (button.textContent ?? '');
      expect(button.getAttribute('aria-label')?.startsWith(visible)).toBe(true);
    }
  });
});

describe('sort state mapping', () => {
  it('maps URL tokens to column state and back through the catalog', () => {
    const s = sortingFromTokens(['-views', 'name', '-unknownKey'], TEAM_COLUMNS);
    expect(s).toEqual([
      { id: 'views', desc: true },
      { id: 'name', desc: false },
    ]);
    expect(tokensFromSorting(s, TEAM_COLUMNS)).toEqual(['-views', 'name']);
  });
  it('moves a stat sort to another stat block', () => {
    expect(sortForBlock('-regularStats.SVP', 'postseasonStats')).toBe('-postseasonStats.SVP');
    expect(sortForBlock('totalStats.GAA', 'regularStats')).toBe('regularStats.GAA');
    expect(sortForBlock('player', 'totalStats')).toBe('player');
  });
});

describe('standings tie columns and the pager range', () => {
  const row = (stats: Record<string, number | null>) => ({ id: 1, stats });
  it('shows T before overtime losses existed and OTL after', () => {
    expect(tieColumns([row({ T: 13, OTL: null }), row({ T: 7, OTL: null })])).toEqual({ showT: true, showOTL: false });
    expect(tieColumns([row({ T: 0, OTL: 9 }), row({ T: 0, OTL: 5 })])).toEqual({ showT: false, showOTL: true });
    expect(tieColumns([row({ T: 10, OTL: 4 })])).toEqual({ showT: true, showOTL: true });
    expect(tieColumns([row({ T: 0, OTL: 0 })])).toEqual({ showT: true, showOTL: true });
    expect(tieColumns([row({ T: null, OTL: null })])).toEqual({ showT: false, showOTL: false });
  });
  it('writes the range as scouts read it', () => {
    expect(rangeText(0, 25, 312)).toBe('1–25 of 312');
    expect(rangeText(300, 12, 312)).toBe('301–312 of 312');
    expect(rangeText(0, 0, 0)).toBe('0 of 0');
    expect(rangeText(1000, 1000, 52258)).toBe('1,001–2,000 of 52,258');
  });
});
