// @vitest-environment jsdom
import { DatabaseSync } from 'node:sqlite';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoDatabaseFile } from '../../../electron/host/common/paths.ts';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { setBridge } from '../../../renderer/bridge/client.ts';
import { PlayerView } from '../../../renderer/views/player/PlayerView.tsx';
import { startTestHost, type TestHost } from './real-host.ts';

// The player page against a real host, its local service and its offline store: one league downloaded for
// offline through the bridge, then a goaltender's page shows every season of his in that league, newest
// first, with totals, as the test computes them itself from the service's own SQLite file.

let t: TestHost;
let league: string;
/** The goalie the first test opened, and the rows it checked. */
let seen: { id: number; name: string; rows: number } | undefined;

interface Expected {
  season: string;
  teamId: number;
  teamName: string;
  GP: number | null;
  W: number | null;
  L: number | null;
  GA: number | null;
  TOI: number | null;
}

beforeAll(async () => {
  t = await startTestHost();
  setBridge(t.bridge);
  const db = new DatabaseSync(demoDatabaseFile(t.dataDir), { readOnly: true });
  // The league with the fewest stats rows that still has a goalie with three or more seasons in it.
  const [row] = db
    .prepare(
      `SELECT leagueSlug FROM player_stats WHERE isGoalie = 1 AND statsType = 'default'
       GROUP BY leagueSlug HAVING MAX(seasonSlug) > MIN(seasonSlug) ORDER BY COUNT(*) LIMIT 1`,
    )
    .all() as { leagueSlug: string }[];
  db.close();
  league = row?.leagueSlug as string;
  const started = await t.host.dispatch('offlineSync', { leagues: [league] });
  expect(started.ok).toBe(true);
  await waitFor(
    async () => {
      const s = await t.host.dispatch('offlineSyncStatus', {});
      expect(s.ok && (s.value as { progress: { state: string } }).progress.state).toBe('done');
    },
    { timeout: 60_000, interval: 200 },
  );
}, 120_000);
afterAll(async () => {
  setBridge(undefined);
  await t?.close();
});
afterEach(cleanup);

const int = (v: number | null) => (v === null ? '—' : Math.round(v).toLocaleString('en-US'));

describe('the player page with the offline store', () => {
  it("a goaltender's career in the downloaded league: every season, newest first, and the totals", async () => {
    const db = new DatabaseSync(demoDatabaseFile(t.dataDir), { readOnly: true });
    // A goalie with three or more seasons, all with teams of this league that still play in it: the download
    // takes the league's teams of today (`/teams?league=…`), so a team that has left the league is not in it.
    const [goalie] = db
      .prepare(
        `SELECT p.id, p.firstName || ' ' || p.lastName AS name FROM player_stats ps
         JOIN players p ON p.id = ps.playerId JOIN teams t ON t.id = ps.teamId
         WHERE ps.statsType = 'default' AND p.position = 'G'
         GROUP BY p.id
         HAVING COUNT(*) >= 3 AND SUM(ps.leagueSlug = ? AND t.leagueSlug = ?) = COUNT(*)
         ORDER BY COUNT(*) DESC, p.id LIMIT 1`,
      )
      .all(league, league) as { id: number; name: string }[];
    if (!goalie) throw new Error(`no goalie with three seasons in ${league}`);
    const expected = db
      .prepare(
        `SELECT ps.seasonSlug AS season, ps.teamId, ts.teamName, ps.reg_GP AS GP, ps.reg_W AS W, ps.reg_L AS L,
                ps.reg_GA AS GA, ps.reg_TOI AS TOI
         FROM player_stats ps JOIN team_seasons ts
           ON ts.teamId = ps.teamId AND ts.seasonSlug = ps.seasonSlug AND ts.leagueSlug = ps.leagueSlug
         WHERE ps.playerId = ? AND ps.statsType = 'default'
         ORDER BY ps.seasonSlug DESC, ts.teamName, ps.id`,
      )
      .all(goalie.id) as unknown as Expected[];
    db.close();
    // Every season of his is in the downloaded league (else the page would rightly show fewer).
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const client = createQueryClient();
    const router = createMemoryRouter([{ path: '/players/:id', element: <PlayerView /> }], {
      initialEntries: [`/players/${goalie.id}`],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole(
      'table',
      { name: `Regular season career of ${goalie.name}` },
      { timeout: 10_000 },
    );
    expect(await screen.findByRole('heading', { level: 1, name: goalie.name })).toBeTruthy();
    const header = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const col = (h: string) => header.indexOf(h);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(
      rows.map((r) => [r[0], r[1], r[2], r[col('GP')], r[col('W')], r[col('L')], r[col('GA')], r[col('TOI')]]),
    ).toEqual(
      expected.map((e) => [
        e.season,
        e.teamName,
        league.toUpperCase(),
        int(e.GP),
        int(e.W),
        int(e.L),
        int(e.GA),
        int(e.TOI),
      ]),
    );
    // Each row links to its team-season.
    const links = [...table.querySelectorAll('tbody a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(expected.map((e) => `/teams/${e.teamId}?season=${e.season}`));
    // Career totals: the test's own sums over the seasons with games.
    const played = expected.filter((e) => (e.GP ?? 0) > 0);
    const sum = (k: 'GP' | 'W' | 'L' | 'GA' | 'TOI') => played.reduce((n, e) => n + (e[k] ?? 0), 0);
    const total = [...table.querySelectorAll('tfoot td')].map((td) => td.textContent);
    const at = (h: string) => total[col(h) - 3];
    expect([at('GP'), at('W'), at('L'), at('GA'), at('TOI')]).toEqual(
      [sum('GP'), sum('W'), sum('L'), sum('GA'), sum('TOI')].map(int),
    );
    expect(at('GAA')).toBe(((sum('GA') * 60) / sum('TOI')).toFixed(2));
    expect(screen.getByText(/The offline store holds/).textContent).toContain(league.toUpperCase());
    seen = { id: goalie.id, name: goalie.name, rows: expected.length };
  });

  it('with the service out of reach, the page shows him from the store, and says so', async () => {
    if (!seen) throw new Error('the first test did not run');
    // A service nothing listens on (port 9, discard): every request of the page fails.
    const moved = await t.host.dispatch('updateSettings', { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(moved.ok).toBe(true);
    try {
      const client = createQueryClient();
      const router = createMemoryRouter([{ path: '/players/:id', element: <PlayerView /> }], {
        initialEntries: [`/players/${seen.id}`],
      });
      render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('heading', { level: 1, name: seen.name }, { timeout: 15_000 })).toBeTruthy();
      expect((await screen.findByRole('status')).textContent).toContain('Offline copy');
      const table = screen.getByRole('table', { name: `Regular season career of ${seen.name}` });
      expect(table.querySelectorAll('tbody tr')).toHaveLength(seen.rows);
    } finally {
      await t.host.dispatch('updateSettings', { baseUrl: null });
    }
  });

  it('opened from a team-season of a league not downloaded: the store seasons and that one row together', async () => {
    const db = new DatabaseSync(demoDatabaseFile(t.dataDir), { readOnly: true });
    // A player with seasons in the downloaded league (all with teams still in it) and one row elsewhere.
    const [p] = db
      .prepare(
        `SELECT p.id, p.firstName || ' ' || p.lastName AS name FROM player_stats ps
         JOIN players p ON p.id = ps.playerId JOIN teams t ON t.id = ps.teamId
         WHERE ps.statsType = 'default'
         GROUP BY p.id
         HAVING SUM(ps.leagueSlug = ? AND t.leagueSlug = ?) >= 2 AND SUM(ps.leagueSlug <> ?) = 1
           AND SUM(ps.leagueSlug = ? AND t.leagueSlug <> ?) = 0
         ORDER BY p.id LIMIT 1`,
      )
      .all(league, league, league, league, league) as { id: number; name: string }[];
    if (!p) throw new Error(`no player with seasons in ${league} and one row elsewhere`);
    const rows = db
      .prepare(
        `SELECT ps.seasonSlug AS season, ps.teamId, ps.leagueSlug, ts.teamName, ps.reg_GP AS GP
         FROM player_stats ps JOIN team_seasons ts
           ON ts.teamId = ps.teamId AND ts.seasonSlug = ps.seasonSlug AND ts.leagueSlug = ps.leagueSlug
         WHERE ps.playerId = ? AND ps.statsType = 'default'
         ORDER BY ps.seasonSlug DESC, ts.teamName, ps.id`,
      )
      .all(p.id) as unknown as { season: string; teamId: number; leagueSlug: string; teamName: string; GP: number }[];
    db.close();
    const elsewhere = rows.find((r) => r.leagueSlug !== league);
    if (!elsewhere) throw new Error('the row elsewhere is missing');

    const client = createQueryClient();
    const router = createMemoryRouter([{ path: '/players/:id', element: <PlayerView /> }], {
      initialEntries: [`/players/${p.id}?season=${elsewhere.season}&team=${elsewhere.teamId}`],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: `Regular season career of ${p.name}` }, { timeout: 10_000 });
    // The store's seasons first, then the row of the team-season it came from, in the same table.
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(rows.length), { timeout: 10_000 });
    expect(table.isConnected).toBe(true);
    const shown = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent),
    );
    expect(shown).toEqual(rows.map((r) => [r.season, r.teamName, r.leagueSlug.toUpperCase(), int(r.GP)]));
    const note = screen.getByText(/The offline store holds/).textContent ?? '';
    expect(note).toContain(`The offline store holds ${league.toUpperCase()} `);
    expect(note).toContain(`, and ${elsewhere.season}, the season you came from`);
  });
});
