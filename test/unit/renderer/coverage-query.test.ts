import { describe, expect, it } from 'vitest';
import { coverageQueryOf } from '../../../renderer/views/coverage/useCoverage.ts';
import { CoverageQuerySchema } from '../../../shared/department/desk.ts';

const of = (search: string) => coverageQueryOf(new URLSearchParams(search));

describe('the coverage view reads its query from the address', () => {
  it('defaults to the newest viewing first, first page of 50, no filter', () => {
    expect(of('')).toEqual({
      league: undefined,
      draftYear: undefined,
      tier: undefined,
      notSeenSince: undefined,
      fewerScoutsThan: undefined,
      sort: 'lastSeen',
      desc: true,
      offset: 0,
      limit: 50,
    });
  });

  it('takes every filter, the sort and the page as written', () => {
    expect(of('league=OHL&year=2026&tier=A&since=2026-10-01&fewer=2&sort=mean:skating&offset=100&limit=25')).toEqual({
      league: 'OHL',
      draftYear: 2026,
      tier: 'A',
      notSeenSince: '2026-10-01',
      fewerScoutsThan: 2,
      sort: 'mean:skating',
      desc: false,
      offset: 100,
      limit: 25,
    });
  });

  it('leaves out what the query would refuse, so a half-typed filter never fails the view', () => {
    const q = of('league=%20%20&year=20&since=2026-1&fewer=0&offset=-3&limit=abc');
    expect(q).toMatchObject({
      league: undefined,
      draftYear: undefined,
      notSeenSince: undefined,
      fewerScoutsThan: undefined,
    });
    expect(q.offset).toBe(0);
    expect(q.limit).toBe(50);
    expect(CoverageQuerySchema.safeParse(q).success).toBe(true);
  });
});
