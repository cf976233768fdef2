import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS } from '../../../shared/contract/endpoints.ts';
import { responseSchemaOf } from '../../../shared/contract/envelope.ts';
import { uniqueSeasons } from '../../../shared/contract/records/index.ts';

const meta = { generatedAt: '2026-11-23T00:00:00Z', offset: 0, limit: 25, totalRecords: 1 };
const links = { first: 'x', last: 'x', prev: null, next: null };
const list = (data: unknown[]) => ({ _meta: meta, _links: links, data });

describe('each endpoint names its kind and record schema, and the host validates answers with them', () => {
  it('every endpoint is a list or an item and has a record schema', () => {
    for (const name of ENDPOINT_NAMES) {
      expect(['list', 'item']).toContain(ENDPOINTS[name].kind);
      expect(typeof ENDPOINTS[name].record.safeParse).toBe('function');
    }
    expect(ENDPOINTS.team.kind).toBe('item');
    expect(ENDPOINTS.player.kind).toBe('item');
    expect(ENDPOINTS.league.kind).toBe('item');
    expect(ENDPOINTS.teams.kind).toBe('list');
  });

  it('accepts a goalie record the `fields` projection cut down, and nulls where nothing was recorded', () => {
    const r = responseSchemaOf('teamGoaltendingLeaders').safeParse(
      list([{ id: 1, regularStats: { GP: 40, SA: null, SVP: null }, extra: 'kept' }]),
    );
    expect(r.success).toBe(true);
  });

  it('rejects a stat of the wrong type and names where', () => {
    const r = responseSchemaOf('teamGoaltendingLeaders').safeParse(list([{ id: 1, regularStats: { GP: '40' } }]));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['data', 0, 'regularStats', 'GP']);
  });

  it('an item endpoint wants one record, a list endpoint an array', () => {
    expect(
      responseSchemaOf('team').safeParse({ _meta: { generatedAt: 'x' }, data: { id: 7, name: 'A' } }).success,
    ).toBe(true);
    expect(responseSchemaOf('team').safeParse({ _meta: { generatedAt: 'x' }, data: [{ id: 7 }] }).success).toBe(false);
    expect(responseSchemaOf('teams').safeParse({ _meta: { generatedAt: 'x' }, data: { id: 7 } }).success).toBe(false);
  });

  it('standings positions may be strings (real service) and stats null', () => {
    const r = responseSchemaOf('leagueStandings').safeParse(
      list([{ id: 3, position: '1', group: null, stats: { PTS: 117, T: null } }]),
    );
    expect(r.success).toBe(true);
  });
});

describe('uniqueSeasons', () => {
  it('keeps one entry per slug, newest first', () => {
    const out = uniqueSeasons([
      { slug: '2016-2017', startYear: 2016 },
      { slug: '2017-2018', startYear: 2017, leagueSlug: 'nhl' },
      { slug: '2017-2018', startYear: 2017, leagueSlug: 'ahl' },
    ]);
    expect(out.map((s) => s.slug)).toEqual(['2017-2018', '2016-2017']);
    expect(out[0]?.leagueSlug).toBe('nhl');
  });
});
