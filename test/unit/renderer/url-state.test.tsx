// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlListQuery } from '../../../renderer/state/useUrlListQuery.ts';
import type { ListQueryOptions } from '../../../shared/query/query.ts';

afterEach(cleanup);

const options: ListQueryOptions = {
  filterKeys: ['season'],
  defaultSort: ['-regularStats.SVP'],
  defaultLimit: 100,
  sortKeys: ['regularStats.SVP', 'regularStats.GAA'],
};

/** The list query as text, buttons that sort, page, change the season and set another view param; `seen` gets each render's filters. */
function Probe(props: { seen?: Record<string, string>[] }) {
  const [q, setQ] = useUrlListQuery(options);
  props.seen?.push(q.filters);
  return (
    <div>
      <output data-testid="q">{JSON.stringify(q)}</output>
      <button type="button" onClick={() => setQ({ ...q, sort: ['-regularStats.GAA'], offset: 0 })}>
        gaa
      </button>
      <button type="button" onClick={() => setQ({ ...q, offset: q.offset + q.limit })}>
        next
      </button>
      <button type="button" onClick={() => setQ({ ...q, offset: 0 }, { extra: { block: 'totalStats' } })}>
        totals
      </button>
      <button type="button" onClick={() => setQ({ ...q, filters: { season: '2020-2021' }, offset: 0 })}>
        season
      </button>
    </div>
  );
}

describe('a view’s list query lives in the URL', () => {
  it('reads the URL, writes changes back, keeps other params, and Back restores the previous state', () => {
    const router = createMemoryRouter([{ path: '/teams/:id', element: <Probe /> }], {
      initialEntries: ['/teams/7?season=2019-2020&block=postseasonStats&limit=25'],
    });
    render(<RouterProvider router={router} />);
    const read = () => JSON.parse(screen.getByTestId('q').textContent ?? '{}');
    expect(read()).toEqual({ sort: ['-regularStats.SVP'], offset: 0, limit: 25, filters: { season: '2019-2020' } });

    fireEvent.click(screen.getByText('gaa'));
    expect(router.state.location.search).toBe(
      '?block=postseasonStats&limit=25&season=2019-2020&sort=-regularStats.GAA',
    );

    fireEvent.click(screen.getByText('next'));
    expect(read().offset).toBe(25);
    expect(router.state.location.search).toContain('offset=25');

    fireEvent.click(screen.getByText('totals'));
    expect(router.state.location.search).toBe('?block=totalStats&limit=25&season=2019-2020&sort=-regularStats.GAA');

    act(() => {
      void router.navigate(-1);
    });
    expect(read().offset).toBe(25);
    expect(read().sort).toEqual(['-regularStats.GAA']);
  });
});

describe('a sort or a page keeps the filters’ object', () => {
  it('is the same object until a filter changes, so what a view builds from it is not rebuilt', () => {
    const seen: Record<string, string>[] = [];
    const router = createMemoryRouter([{ path: '/', element: <Probe seen={seen} /> }], {
      initialEntries: ['/?season=2019-2020'],
    });
    render(<RouterProvider router={router} />);
    const first = seen.at(-1);
    fireEvent.click(screen.getByText('gaa'));
    fireEvent.click(screen.getByText('next'));
    expect(router.state.location.search).toContain('offset=100');
    expect(seen.at(-1)).toBe(first);
    fireEvent.click(screen.getByText('season'));
    expect(seen.at(-1)).not.toBe(first);
    expect(seen.at(-1)).toEqual({ season: '2020-2021' });
  });
});
