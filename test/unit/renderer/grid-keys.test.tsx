// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchShortcut } from '../../../renderer/components/useSearchShortcut.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import {
  isSearchShortcut,
  isTextField,
  nextHeaderIndex,
  nextRowIndex,
  rowsPerPage,
} from '../../../renderer/table/gridKeys.ts';
import { historyEntryKey, openedRow, rememberOpenedRow } from '../../../renderer/table/rowMemory.ts';
import { TEAM_COLUMNS } from '../../../shared/columns/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';

afterEach(cleanup);

describe('nextRowIndex: the row a key moves to', () => {
  it.each([
    // key, current, count, pageRows, expected
    ['ArrowDown', 0, 10, 5, 1],
    ['ArrowDown', 9, 10, 5, 9],
    ['ArrowUp', 3, 10, 5, 2],
    ['ArrowUp', 0, 10, 5, 0],
    ['PageDown', 2, 10, 5, 7],
    ['PageDown', 7, 10, 5, 9],
    ['PageUp', 7, 10, 5, 2],
    ['PageUp', 3, 10, 5, 0],
    ['Home', 6, 10, 5, 0],
    ['End', 1, 10, 5, 9],
    // An active index beyond the page (rows went away) counts as the last row.
    ['ArrowUp', 40, 10, 5, 8],
    ['ArrowDown', -3, 10, 5, 1],
    // A page size below 1 still moves one row.
    ['PageDown', 0, 10, 0, 1],
  ] as const)('%s from %i of %i rows (page %i) → %i', (key, current, count, page, expected) => {
    expect(nextRowIndex(key, current, count, page)).toBe(expected);
  });

  it('keys that do not move rows, and empty tables, give null', () => {
    expect(nextRowIndex('Enter', 0, 10, 5)).toBeNull();
    expect(nextRowIndex('ArrowLeft', 0, 10, 5)).toBeNull();
    expect(nextRowIndex('a', 0, 10, 5)).toBeNull();
    expect(nextRowIndex('ArrowDown', 0, 0, 5)).toBeNull();
  });
});

describe('nextHeaderIndex: the header a key moves to along the header row', () => {
  it.each([
    // key, current, count, expected
    ['ArrowRight', 0, 6, 1],
    ['ArrowRight', 5, 6, 5],
    ['ArrowLeft', 3, 6, 2],
    ['ArrowLeft', 0, 6, 0],
    ['Home', 4, 6, 0],
    ['End', 1, 6, 5],
    // A header index beyond the row (columns went away) counts as its last header.
    ['ArrowLeft', 20, 6, 4],
  ] as const)('%s from %i of %i headers → %i', (key, current, count, expected) => {
    expect(nextHeaderIndex(key, current, count)).toBe(expected);
  });

  it('keys that do not move along the row, and rows without sortable headers, give null', () => {
    expect(nextHeaderIndex('Enter', 0, 6)).toBeNull();
    expect(nextHeaderIndex(' ', 0, 6)).toBeNull();
    expect(nextHeaderIndex('ArrowDown', 0, 6)).toBeNull();
    expect(nextHeaderIndex('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('rowsPerPage', () => {
  it('counts the body rows that fit under the header, less one; at least one', () => {
    // 600 px viewport, 32 px header, 30 px rows: 18 full rows fit, 17 move.
    expect(rowsPerPage(600, 32, 30)).toBe(17);
    expect(rowsPerPage(40, 32, 30)).toBe(1);
    expect(rowsPerPage(0, 0, 30)).toBe(1);
    expect(rowsPerPage(600, 32, 0)).toBe(1);
  });
});

describe('the search shortcut', () => {
  const el = (tagName: string, type?: string, editable = false) => ({
    tagName,
    isContentEditable: editable,
    getAttribute: (n: string) => (n === 'type' ? (type ?? null) : null),
  });
  const slash = { key: '/', ctrlKey: false, altKey: false, metaKey: false };

  it('text fields take "/" as a character', () => {
    expect(isTextField(el('INPUT'))).toBe(true);
    expect(isTextField(el('INPUT', 'search'))).toBe(true);
    expect(isTextField(el('TEXTAREA'))).toBe(true);
    expect(isTextField(el('SELECT'))).toBe(true);
    expect(isTextField(el('DIV', undefined, true))).toBe(true);
    expect(isSearchShortcut(slash, el('INPUT', 'password'))).toBe(false);
  });
  it('"/" elsewhere (a row, a button, a checkbox, nothing) is the shortcut; with modifiers it is not', () => {
    expect(isTextField(el('TR'))).toBe(false);
    expect(isTextField(el('INPUT', 'checkbox'))).toBe(false);
    expect(isSearchShortcut(slash, el('TR'))).toBe(true);
    expect(isSearchShortcut(slash, el('BUTTON'))).toBe(true);
    expect(isSearchShortcut(slash, null)).toBe(true);
    expect(isSearchShortcut({ ...slash, ctrlKey: true }, el('TR'))).toBe(false);
    expect(isSearchShortcut({ ...slash, key: '?' }, el('TR'))).toBe(false);
  });
});

type Team = {
  id: number;
  name: string;
  league: { name: string };
  country: { name: string };
  teamClass: string;
  views: number;
};
// Values differ from row to row, so no column is left out for holding one value on every row.
const TEAMS: Team[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 + i,
  name: `Team ${String.fromCharCode(65 + i)}`,
  league: { name: i % 2 ? 'NHL' : 'AHL' },
  country: { name: `Country ${i}` },
  teamClass: i % 2 ? 'men' : 'women',
  views: i,
}));

function Harness(props: { rows: Team[]; opened: string[]; label?: string }) {
  const [query, setQuery] = useState<ListQuery>({ sort: ['name'], offset: 0, limit: 100, filters: {} });
  return (
    <DataTable<Team>
      label={props.label ?? 'Teams'}
      columns={TEAM_COLUMNS}
      rows={props.rows}
      totalRecords={props.rows.length}
      query={query}
      onQueryChange={setQuery}
      getRowId={(t) => String(t.id)}
      onOpenRow={(t) => props.opened.push(t.name)}
      empty={<p>none</p>}
    />
  );
}

const bodyRows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')];
const tabbable = () => bodyRows().filter((r) => r.tabIndex === 0);

describe('DataTable keyboard', () => {
  it('is one Tab stop; arrows, Home/End move focus; Enter opens the focused row', () => {
    const opened: string[] = [];
    render(<Harness rows={TEAMS} opened={opened} />);
    expect(bodyRows()).toHaveLength(12);
    expect(tabbable().map((r) => r.textContent)).toEqual([expect.stringContaining('Team A')]);

    const first = tabbable()[0] as HTMLTableRowElement;
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Team D');
    // The focused row is now the one Tab stop.
    expect(tabbable()).toEqual([document.activeElement]);

    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement?.textContent).toContain('Team L');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Team L');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement?.textContent).toContain('Team A');
    // Up on the first row leaves the body for the header row's Tab stop; Down comes back to the row.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement?.closest('thead')).not.toBeNull();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Team A');

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(opened).toEqual(['Team B']);
  });

  it('the header row is one Tab stop: arrows move the stop along its sort buttons', () => {
    render(<Harness rows={TEAMS} opened={[]} label="Header keys" />);
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('thead button')];
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    const stops = () => buttons.filter((b) => b.tabIndex === 0);
    expect(stops()).toEqual([buttons[0]]);
    act(() => buttons[0]?.focus());
    fireEvent.keyDown(buttons[0] as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    expect(stops()).toEqual([buttons[1]]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(buttons.at(-1));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons.at(-1));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    expect(stops()).toEqual([buttons[0]]);
  });

  it('remembers the opened row per history entry and focuses it when the table mounts again there', () => {
    const opened: string[] = [];
    const view = render(<Harness rows={TEAMS} opened={opened} label="Remembering" />);
    const rows = bodyRows();
    act(() => (rows[0] as HTMLTableRowElement).focus());
    for (let i = 0; i < 5; i += 1) fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(opened).toEqual(['Team F']);
    expect(openedRow(historyEntryKey(), 'Remembering')).toBe('105');
    view.unmount();
    act(() => (document.activeElement as HTMLElement | null)?.blur());

    render(<Harness rows={TEAMS} opened={opened} label="Remembering" />);
    expect(document.activeElement?.getAttribute('data-row-id')).toBe('105');
    expect(tabbable()).toEqual([document.activeElement]);
  });

  it('a remembered row no longer on the page leaves the first row as the Tab stop and focus alone', () => {
    rememberOpenedRow(historyEntryKey(), 'Gone', '999');
    render(<Harness rows={TEAMS} opened={[]} label="Gone" />);
    expect(document.activeElement).toBe(document.body);
    expect(tabbable().map((r) => r.dataset.rowId)).toEqual(['100']);
    expect(screen.getByRole('table', { name: 'Gone' })).toBeTruthy();
  });
});

function SearchHarness() {
  const ref = useRef<HTMLInputElement>(null);
  useSearchShortcut(ref);
  return (
    <div>
      <input ref={ref} type="search" aria-label="Search" defaultValue="bru" />
      <input type="text" aria-label="Other field" />
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('useSearchShortcut', () => {
  it('"/" outside a text field focuses the search box; inside a text field it is left alone', () => {
    render(<SearchHarness />);
    const search = screen.getByLabelText('Search') as HTMLInputElement;
    const other = screen.getByLabelText('Other field');
    const button = screen.getByRole('button', { name: 'Elsewhere' });

    act(() => button.focus());
    const fromButton = fireEvent.keyDown(button, { key: '/' });
    expect(document.activeElement).toBe(search);
    // The "/" was taken by the shortcut, not typed.
    expect(fromButton).toBe(false);

    act(() => other.focus());
    const fromField = fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);
    expect(fromField).toBe(true);
  });
});
