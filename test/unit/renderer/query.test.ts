import { describe, expect, it } from 'vitest';
import {
  type ListQuery,
  type ListQueryOptions,
  listQueryFromSearchParams,
  listQueryFromServiceQuery,
  listQueryToSearchParams,
  listQueryToServiceQuery,
  nextPageQuery,
  parseSort,
} from '../../../shared/query/query.ts';

const leaders: ListQueryOptions = {
  filterKeys: ['season'],
  defaultSort: ['-regularStats.SVP'],
  defaultLimit: 100,
  sortKeys: ['regularStats.SVP', 'regularStats.GAA', 'player'],
  fields: ['id', 'player', 'regularStats'],
};

describe('URL → ListQuery', () => {
  it('reads sort, paging and only the view’s filters', () => {
    const q = listQueryFromSearchParams(
      new URLSearchParams('sort=-regularStats.GAA,player&offset=50&limit=25&season=2019-2020&block=totalStats'),
      leaders,
    );
    expect(q).toEqual({
      sort: ['-regularStats.GAA', 'player'],
      offset: 50,
      limit: 25,
      filters: { season: '2019-2020' },
      fields: ['id', 'player', 'regularStats'],
    });
  });
  it('falls back to defaults for absent or malformed values', () => {
    const q = listQueryFromSearchParams(new URLSearchParams('offset=-5&limit=5000&sort=DROP TABLE'), leaders);
    expect(q.offset).toBe(0);
    expect(q.limit).toBe(100);
    expect(q.sort).toEqual(['-regularStats.SVP']);
  });
  it('drops sort keys the endpoint does not allow', () => {
    const q = listQueryFromSearchParams(new URLSearchParams('sort=-apiKey,player'), leaders);
    expect(q.sort).toEqual(['player']);
  });
  it('accepts limit 0 and 1000 (the spec range) but not 1001', () => {
    expect(listQueryFromSearchParams(new URLSearchParams('limit=0'), leaders).limit).toBe(0);
    expect(listQueryFromSearchParams(new URLSearchParams('limit=1000'), leaders).limit).toBe(1000);
    expect(listQueryFromSearchParams(new URLSearchParams('limit=1001'), leaders).limit).toBe(100);
  });
});

describe('ListQuery → URL', () => {
  it('leaves defaults out and keeps other view params', () => {
    const q: ListQuery = { sort: ['-regularStats.SVP'], offset: 0, limit: 100, filters: { season: '2019-2020' } };
    const out = listQueryToSearchParams(q, leaders, new URLSearchParams('block=totalStats&offset=75'));
    expect(out.toString()).toBe('block=totalStats&season=2019-2020');
  });
  it('round-trips URL → query → URL', () => {
    const url = 'block=postseasonStats&limit=250&offset=500&season=2001-2002&sort=regularStats.GAA';
    const q = listQueryFromSearchParams(new URLSearchParams(url), leaders);
    expect(listQueryToSearchParams(q, leaders, new URLSearchParams(url)).toString()).toBe(url);
  });
  it('round-trips query → URL → query', () => {
    const q: ListQuery = {
      sort: ['player', '-regularStats.GAA'],
      offset: 25,
      limit: 25,
      filters: { season: '2019-2020' },
      fields: ['id', 'player', 'regularStats'],
    };
    expect(listQueryFromSearchParams(listQueryToSearchParams(q, leaders), leaders)).toEqual(q);
  });
});

describe('ListQuery → service query', () => {
  it('writes the spec’s parameters, comma-separated lists, and drops empty filters', () => {
    const q: ListQuery = {
      sort: ['-regularStats.SVP', 'player'],
      offset: 100,
      limit: 50,
      filters: { season: '2019-2020', league: '' },
      fields: ['id', 'player', 'regularStats'],
    };
    expect(listQueryToServiceQuery(q)).toEqual({
      season: '2019-2020',
      fields: 'id,player,regularStats',
      limit: '50',
      offset: '100',
      sort: '-regularStats.SVP,player',
    });
  });
  it('round-trips query → service query → query', () => {
    const q: ListQuery = {
      sort: ['-stats.PTS'],
      offset: 0,
      limit: 1000,
      filters: { season: '1995-1996', q: 'Bruins' },
      fields: ['id', 'name'],
    };
    expect(listQueryFromServiceQuery(listQueryToServiceQuery(q))).toEqual(q);
  });
  it('never lets a filter override the paging parameters', () => {
    const q: ListQuery = { offset: 0, limit: 25, filters: { limit: '1000', offset: '7' } };
    expect(listQueryToServiceQuery(q)).toEqual({ limit: '25', offset: '0' });
  });
});

describe('paging helpers', () => {
  it('nextPageQuery stops at the last page', () => {
    const q: ListQuery = { offset: 0, limit: 25, filters: {} };
    expect(nextPageQuery(q, 60)?.offset).toBe(25);
    expect(nextPageQuery({ ...q, offset: 50 }, 60)).toBeNull();
    expect(nextPageQuery({ ...q, limit: 0 }, 60)).toBeNull();
  });
  it('parseSort splits and trims', () => {
    expect(parseSort(' -a.B , c ,,')).toEqual(['-a.B', 'c']);
    expect(parseSort(null)).toEqual([]);
  });
});
