// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { request, setBridge } from '../../../renderer/bridge/client.ts';
import type { ItemEnvelope, ListEnvelope } from '../../../shared/contract/envelope.ts';
import type { League, Team } from '../../../shared/contract/records/index.ts';
import { startTestHost, type TestHost } from './real-host.ts';

// The bridge's `request` answers the endpoint's own envelope and record type (no cast at the caller),
// here against a real host and local service. The type assertions are checked by `npm run typecheck`.

let t: TestHost;
beforeAll(async () => {
  t = await startTestHost();
  setBridge(t.bridge);
});
afterAll(async () => {
  setBridge(undefined);
  await t?.close();
});

describe('bridge request, typed by its endpoint', () => {
  it('a list endpoint answers a page of its records; an item endpoint its one record', async () => {
    const page = await request({ endpoint: 'teams', query: { limit: '3', sort: 'name' } });
    expectTypeOf(page).toEqualTypeOf<ListEnvelope<Team>>();
    // @ts-expect-error a list's data is an array of records, not one record
    page.data.name;
    expect(page.data).toHaveLength(3);
    expect(page._meta.totalRecords).toBeGreaterThan(3);
    const names = page.data.map((r) => r.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const first = page.data[0];
    if (!first) throw new Error('no team');
    const item = await request({ endpoint: 'team', path: { id: first.id } });
    expectTypeOf(item).toEqualTypeOf<ItemEnvelope<Team>>();
    expect(item.data.id).toBe(first.id);
    expect(item.data.name).toBe(first.name);

    const leagues = await request({ endpoint: 'leagues', query: { limit: '1' } });
    expectTypeOf(leagues.data).toEqualTypeOf<League[]>();
    expect(typeof leagues.data[0]?.slug).toBe('string');
  });
});
