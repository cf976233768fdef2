import { describe, expect, it } from 'vitest';
import type { ListQueryOptions } from '../../../shared/query/query.ts';
import { prefixedListQuery, withPrefixedListQuery } from '../../../shared/query/query-prefix.ts';

const options: ListQueryOptions = {
  filterKeys: ['position', 'league'],
  defaultSort: ['-lastSeasonInLeague'],
  defaultLimit: 100,
  sortKeys: ['player', 'lastSeasonInLeague', 'gamesPlayedInLeague'],
};

describe('a table’s list query under a prefix of the page’s URL', () => {
  it('reads only its own parameters, falling back to the defaults', () => {
    const params = new URLSearchParams(
      'season=2019-2020&sort=name&alumni.sort=-gamesPlayedInLeague&alumni.offset=200&alumni.position=G&other.limit=5',
    );
    expect(prefixedListQuery(params, 'alumni', options)).toEqual({
      sort: ['-gamesPlayedInLeague'],
      offset: 200,
      limit: 100,
      filters: { position: 'G' },
    });
    expect(prefixedListQuery(params, 'standings', options)).toEqual({
      sort: ['-lastSeasonInLeague'],
      offset: 0,
      limit: 100,
      filters: {},
    });
  });

  it('writes its own parameters, defaults left out, and keeps the page’s and other tables’ parameters', () => {
    const base = new URLSearchParams('season=2019-2020&alumni.offset=200&alumni.league=ahl&arena.sort=-name');
    const out = withPrefixedListQuery(
      base,
      'alumni',
      { sort: ['player'], offset: 0, limit: 25, filters: { position: 'D' } },
      options,
    );
    expect(Object.fromEntries(out)).toEqual({
      season: '2019-2020',
      'arena.sort': '-name',
      'alumni.sort': 'player',
      'alumni.limit': '25',
      'alumni.position': 'D',
    });
    // Round trip.
    expect(prefixedListQuery(out, 'alumni', options)).toEqual({
      sort: ['player'],
      offset: 0,
      limit: 25,
      filters: { position: 'D' },
    });
  });

  it('a sort key the table does not offer falls back to its default sort', () => {
    const params = new URLSearchParams('alumni.sort=-apiKey');
    expect(prefixedListQuery(params, 'alumni', options).sort).toEqual(['-lastSeasonInLeague']);
  });

  it('the empty prefix is the view’s one table: plain names, other parameters kept', () => {
    const base = new URLSearchParams('q=power&tab=x');
    const out = withPrefixedListQuery(base, '', { offset: 100, limit: 100, filters: { league: 'nhl' } }, options);
    expect(Object.fromEntries(out)).toEqual({ q: 'power', tab: 'x', league: 'nhl', offset: '100' });
    expect(prefixedListQuery(out, '', options).filters).toEqual({ league: 'nhl' });
  });
});
