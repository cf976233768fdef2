// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from '../../../renderer/components/SearchField.tsx';
import { useListFilters } from '../../../renderer/state/useListFilters.ts';
import type { ListQuery } from '../../../shared/query/query.ts';

/**
 * The router commits a URL write a moment after it is asked for. These probes hold "the URL" in state and
 * commit each write `LAG` ms late, so a keystroke can fall between a write and its commit, as it did in a
 * loaded browser: the box was emptied, the older search then arrived and was put back in the box.
 */
const PAUSE = 300;
const LAG = 100;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const start: ListQuery = { sort: [], offset: 0, limit: 25, filters: {} };

function FiltersProbe(props: { writes: string[] }) {
  const [query, setQuery] = useState(start);
  const f = useListFilters(
    query,
    (next) => {
      props.writes.push(next.filters.q ?? '');
      setTimeout(() => setQuery(next), LAG);
    },
    ['q'],
    PAUSE,
  );
  return (
    <div>
      <input type="search" aria-label="search" value={f.text} onChange={(e) => f.setText(e.currentTarget.value)} />
      <output data-testid="url">{query.filters.q ?? ''}</output>
      <button type="button" onClick={() => setQuery({ ...start, filters: { q: 'Back' } })}>
        back
      </button>
    </div>
  );
}

function FieldProbe(props: { writes: string[] }) {
  const [url, setUrl] = useState('');
  return (
    <div>
      <SearchField
        label="Search"
        value={url}
        onSearch={(q) => {
          props.writes.push(q);
          setTimeout(() => setUrl(q), LAG);
        }}
      />
      <output data-testid="url">{url}</output>
      <button type="button" onClick={() => setUrl('Back')}>
        back
      </button>
    </div>
  );
}

const box = () => screen.getByRole('searchbox') as HTMLInputElement;
const url = () => screen.getByTestId('url').textContent;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe.each([
  ['a view’s filters (useListFilters)', FiltersProbe],
  ['a table’s search field (SearchField)', FieldProbe],
])('%s', (_name, Probe) => {
  it('keeps a keystroke made while the URL catches up with the search before it', () => {
    const writes: string[] = [];
    render(<Probe writes={writes} />);
    type('anni slao');
    wait(PAUSE + LAG / 2); // the write is asked for; its commit is still on the way
    expect(writes).toEqual(['anni slao']);
    expect(url()).toBe('');
    type('');
    wait(LAG); // the older search arrives in the URL
    expect(url()).toBe('anni slao');
    expect(box().value).toBe('');
    wait(PAUSE + LAG);
    expect(url()).toBe('');
    expect(box().value).toBe('');
    expect(writes).toEqual(['anni slao', '']);
  });

  it('still puts a URL change it did not write (Back, a link) in the box', () => {
    const writes: string[] = [];
    render(<Probe writes={writes} />);
    type('Sel');
    wait(PAUSE + LAG);
    expect(url()).toBe('Sel');
    fireEvent.click(screen.getByText('back'));
    expect(url()).toBe('Back');
    expect(box().value).toBe('Back');
    wait(PAUSE * 2);
    expect(writes).toEqual(['Sel']);
  });
});
