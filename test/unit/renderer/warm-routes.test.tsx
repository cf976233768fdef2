// @vitest-environment jsdom
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../../electron/host/app.ts';
import { createAppRouter } from '../../../renderer/app/App.tsx';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { setBridge } from '../../../renderer/bridge/client.ts';
import { PlayerView } from '../../../renderer/views/player/PlayerView.tsx';
import { StatsView } from '../../../renderer/views/stats/StatsView.tsx';
import { BRIDGE_OPS, type Bridge } from '../../../shared/bridge/bridge.ts';
import { startDatabankHost } from '../host/databank-host.ts';
import { fieldsOf, readLines } from '../service-data/databank-sample.ts';

// A route change starts its view's data before the view renders (app/App.tsx's loaders, state/warmRoute.ts):
// the app's own router, on a host with a Hockey Databank sample (every WHA team of 1978-79 and NHL team of
// 1978-79 and 1979-80) downloaded for offline, is navigated without rendering anything, and the bridge is
// asked for what the view will show; rendered afterwards, the view asks for none of it again. Expected values
// come from the sample's CSV files and the service's database, never from the app.

let dir: string;
let host: Host;
let db: string;
/** Every bridge call since the last reset: operation and argument. */
let calls: { op: string; args: unknown }[] = [];

const picks = (() => {
  const teams = readLines('Teams.csv');
  return teams.lines
    .map((l) => fieldsOf(teams.header, l))
    .filter(
      (t) => (t.lgID === 'WHA' && t.year === '1978') || (t.lgID === 'NHL' && ['1978', '1979'].includes(t.year ?? '')),
    )
    .map((t) => [Number(t.year), t.tmID as string] as const);
})();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-warm-routes-'));
  ({ host, db } = await startDatabankHost(dir, picks));
  const started = await host.dispatch('offlineSync', { leagues: ['nhl', 'wha'] });
  expect(started.ok).toBe(true);
  await waitFor(
    async () => {
      const s = await host.dispatch('offlineSyncStatus', {});
      const progress = s.ok ? (s.value as { progress: { state: string; preparing?: boolean } }).progress : null;
      expect(progress?.state === 'done' && progress.preparing !== true).toBe(true);
    },
    { timeout: 120_000, interval: 200 },
  );
  setBridge(
    Object.fromEntries(
      BRIDGE_OPS.map((op) => [
        op,
        (args: unknown) => {
          calls.push({ op, args });
          return host.dispatch(op, args);
        },
      ]),
    ) as unknown as Bridge,
  );
}, 180_000);
afterAll(async () => {
  setBridge(undefined);
  await host?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  cleanup();
  calls = [];
});

/** The calls of one bridge operation so far. */
const of = (op: string) => calls.filter((c) => c.op === op);
/** The service requests so far to one endpoint. */
const requests = (endpoint: string) =>
  of('request')
    .map((c) => c.args as { endpoint: string; path: Record<string, unknown>; query?: Record<string, string> })
    .filter((a) => a.endpoint === endpoint);

/** A player's id in the service's database, by name. */
function playerId(first: string, last: string): number {
  const sqlite = new DatabaseSync(db, { readOnly: true });
  try {
    const row = sqlite.prepare('SELECT id FROM players WHERE firstName = ? AND lastName = ?').get(first, last) as
      | { id: number }
      | undefined;
    if (!row) throw new Error(`no ${first} ${last} in the sample`);
    return row.id;
  } finally {
    sqlite.close();
  }
}

describe('a route change starts its view’s data before the view renders', () => {
  it('a player page: his store copy, the factors and his first comparables, asked once', async () => {
    const id = playerId('Wayne', 'Gretzky');
    const client = createQueryClient();
    const router = createAppRouter(client);
    await router.navigate(`/players/${id}`);
    // Nothing rendered: the route change alone asks the store for him and the factors, then his comparables
    // for his newest season in a league with a factor: 1979-80 in the NHL (Scoring.csv: his WHA season is
    // 1978-79), the league every factor leads to.
    await waitFor(() => expect(of('offlineComparables')).toHaveLength(1), { timeout: 20_000 });
    expect(of('offlinePlayer').map((c) => c.args)).toEqual([{ id }]);
    expect(of('leagueFactors')).toHaveLength(1);
    expect(requests('player').map((a) => a.path)).toEqual([{ id }]);
    expect(of('offlineComparables')[0]?.args).toEqual({
      playerId: id,
      league: 'nhl',
      season: '1979-1980',
      k: 10,
      size: false,
    });
    router.dispose();

    // The page, rendered on the same query client, shows those comparables without asking again.
    const page = createMemoryRouter([{ path: '/players/:id', element: <PlayerView /> }], {
      initialEntries: [`/players/${id}`],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={page} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Comparables' }, { timeout: 20_000 });
    expect(table.querySelectorAll('tbody tr').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Comparables of Wayne Gretzky, 1979-1980 NHL' })).toBeTruthy();
    expect(of('offlineComparables')).toHaveLength(1);
    expect(of('offlinePlayer')).toHaveLength(1);
    expect(of('leagueFactors')).toHaveLength(1);
  }, 60_000);

  it('the stats browser: its first page of leaders, asked once', async () => {
    const client = createQueryClient();
    const router = createAppRouter(client);
    await router.navigate('/players/stats?league=wha&sort=-G');
    // The store is asked for the page the URL names: WHA skaters by goals, the default min GP of single
    // regular seasons (20), the default page (100 from the first).
    await waitFor(() => expect(of('offlineLeaders')).toHaveLength(1), { timeout: 20_000 });
    expect(of('offlineLeaders')[0]?.args).toEqual({
      query: { league: 'wha', minGP: '20', limit: '100', offset: '0', sort: '-G' },
    });
    router.dispose();

    const page = createMemoryRouter([{ path: '/players/stats', element: <StatsView /> }], {
      initialEntries: ['/players/stats?league=wha&sort=-G'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={page} />
      </QueryClientProvider>,
    );
    await screen.findByRole('table', { name: 'Leaders' }, { timeout: 20_000 });
    // The view shows the page the route change asked for, without asking the store again.
    await waitFor(() => expect(document.querySelector('.data-table[data-state="ready"]')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Stats browser' })).toBeTruthy();
    expect(of('offlineLeaders')).toHaveLength(1);
  }, 60_000);

  it("Compare: the season's standings and comparison, every team's goalies, the trend's seasons", async () => {
    const client = createQueryClient();
    const router = createAppRouter(client);
    // Two NHL teams of 1979-80 by the service's ids (the sample's Teams.csv has its clubs).
    const nhl1979 = picks.filter(([year]) => year === 1979).length;
    const sqlite = new DatabaseSync(db, { readOnly: true });
    const teamIds = (
      sqlite
        .prepare("SELECT teamId FROM standings WHERE leagueSlug = 'nhl' AND seasonSlug = '1979-1980' ORDER BY teamId")
        .all() as { teamId: number }[]
    ).map((r) => r.teamId);
    sqlite.close();
    expect(teamIds).toHaveLength(nhl1979);
    await router.navigate(`/compare?league=nhl&season=1979-1980&teams=${teamIds[0]},${teamIds[1]}`);
    // Nothing rendered: one goalie request per team of the season's standings, and the trend's standings of
    // each NHL season of the sample up to the chosen one.
    await waitFor(() => expect(requests('teamGoaltendingLeaders')).toHaveLength(nhl1979), { timeout: 20_000 });
    await waitFor(() => expect(requests('leagueStandings')).toHaveLength(2));
    expect(new Set(requests('teamGoaltendingLeaders').map((a) => a.path.id))).toEqual(new Set(teamIds));
    expect(requests('teamGoaltendingLeaders').every((a) => a.query?.season === '1979-1980')).toBe(true);
    expect(requests('leagueStandings').map((a) => a.query?.season)).toEqual(['1979-1980', '1978-1979']);
    expect(requests('leagueTeamComparison').map((a) => a.path)).toEqual([{ slug: 'nhl', season: '1979-1980' }]);
    router.dispose();
  }, 60_000);
});
