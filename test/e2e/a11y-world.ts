import { focusFirstRow, type ScannedView, settled, tablesReady, titled } from './axe.ts';
import { type DirectService, expect } from './fixtures.ts';

/**
 * The views of the demo world as a new scout first meets them (the offline store empty), for the
 * accessibility sweep (accessibility.spec.ts): each view's address (built from the demo world's ids, read
 * from the test's own service client) and what "its content is in" means. A view with a table is scanned
 * with its first row focused (the rest of its rows unfocused), so one scan covers both looks.
 *
 * A new view gets scanned by adding a row to {@link VIEWS}.
 */

const LEAGUE = 'nhl';
const SEASON = '2018-2019';
/** A team id the demo world does not have. */
const MISSING_TEAM = 999_999;

/** Ids of the demo world that views need in their address. */
export interface World {
  teamId: number;
  teamName: string;
  compareIds: number[];
  player: { id: number; name: string };
  agency: { id: number; name: string };
  leagueName: string;
}

export const VIEWS: readonly ScannedView<World>[] = [
  { name: 'teams', path: () => '/teams', ready: (p) => tablesReady(p, 1) },
  {
    name: 'teams, Export menu open',
    path: () => '/teams',
    ready: (p) => tablesReady(p, 1),
    open: async (p) => {
      await p.getByRole('button', { name: /^Export/ }).click();
      await expect(p.locator('.export-panel')).toBeVisible();
    },
  },
  {
    name: 'team, a row focused',
    path: (w) => `/teams/${w.teamId}?season=${SEASON}`,
    ready: (p) => tablesReady(p, 3),
    open: focusFirstRow,
  },
  {
    name: 'goaltending leaders, a row focused',
    path: (w) => `/teams/${w.teamId}/goaltending-leaders?season=${SEASON}`,
    ready: (p) => tablesReady(p, 1),
    open: focusFirstRow,
  },
  {
    name: 'organisation',
    path: (w) => `/teams/${w.teamId}/organisation`,
    ready: async (p, w) => {
      await expect(p.getByRole('table', { name: `Affiliates of ${w.teamName}` })).toBeVisible();
      await titled(p, w.teamName);
    },
  },
  { name: 'standings', path: () => `/standings?league=${LEAGUE}&season=${SEASON}`, ready: (p) => tablesReady(p, 1) },
  {
    name: 'compare',
    path: (w) => `/compare?league=${LEAGUE}&season=${SEASON}&teams=${w.compareIds.join(',')}`,
    ready: async (p) => {
      await expect(p.locator('[data-chart] svg.recharts-surface')).toHaveCount(4);
    },
  },
  { name: 'players', path: () => '/players', ready: settled },
  {
    name: 'players, download panel open',
    path: () => '/players',
    ready: settled,
    open: async (p) => {
      await p.getByRole('button', { name: 'Download for offline' }).first().click();
      await expect(p.locator('.download-panel')).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'stats browser, nothing downloaded',
    path: () => '/players/stats',
    ready: async (p) => {
      await expect(p.getByText('No players downloaded yet')).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'player, from his team-season',
    path: (w) => `/players/${w.player.id}?season=${SEASON}&team=${w.teamId}`,
    ready: async (p, w) => {
      await expect(p.getByRole('table', { name: `Regular season career of ${w.player.name}` })).toBeVisible();
      await titled(p, w.player.name);
    },
  },
  {
    name: 'player, no season known',
    path: (w) => `/players/${w.player.id}`,
    ready: async (p, w) => {
      await expect(p.getByText(`No seasons of ${w.player.name} to show here.`)).toBeVisible();
      await titled(p, w.player.name);
    },
  },
  { name: 'lists', path: () => '/lists', ready: settled },
  { name: 'leagues', path: () => '/leagues', ready: (p) => tablesReady(p, 1) },
  {
    name: 'league, standings',
    path: () => `/leagues/${LEAGUE}?season=${SEASON}`,
    ready: async (p, w) => {
      await tablesReady(p, 1);
      await titled(p, w.leagueName);
    },
  },
  {
    name: 'league, team comparison, a row focused',
    path: () => `/leagues/${LEAGUE}/teams?season=${SEASON}`,
    ready: async (p, w) => {
      await tablesReady(p, 1);
      await titled(p, w.leagueName);
    },
    open: focusFirstRow,
  },
  {
    name: 'league, where are they now',
    path: () => `/leagues/${LEAGUE}/alumni`,
    ready: async (p, w) => {
      await tablesReady(p, 1);
      await titled(p, w.leagueName);
    },
  },
  {
    name: 'league, scoring leaders, nothing downloaded',
    path: () => `/leagues/${LEAGUE}/leaders?season=${SEASON}`,
    ready: async (p, w) => {
      await expect(p.getByText(`${w.leagueName} ${SEASON} is not on this computer.`)).toBeVisible();
      await titled(p, w.leagueName);
    },
  },
  { name: 'stars', path: () => '/stars', ready: (p) => tablesReady(p, 1) },
  { name: 'agencies', path: () => '/agencies', ready: (p) => tablesReady(p, 1) },
  {
    name: 'agency, nothing downloaded',
    path: (w) => `/agencies/${w.agency.id}`,
    ready: async (p, w) => {
      await expect(p.getByText('No players are on this computer yet.')).toBeVisible();
      await titled(p, w.agency.name);
    },
  },
  { name: 'coaching staff', path: () => `/staff?league=${LEAGUE}&season=${SEASON}`, ready: (p) => tablesReady(p, 1) },
  {
    name: 'reports',
    path: () => '/reports',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'Scouting reports' })).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'draft boards',
    path: () => '/boards',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'Draft boards' })).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: async (p) => {
      await expect(p.locator('.key-status')).not.toHaveText(/Checking/);
      await settled(p);
    },
  },
  {
    // An error panel (the stylesheets of every view loaded: none may restyle it).
    name: 'team not found',
    path: () => `/teams/${MISSING_TEAM}`,
    ready: async (p) => {
      await expect(p.getByRole('alert')).toContainText('Not found');
      await settled(p);
    },
  },
  {
    name: 'not found',
    path: () => '/no-such-view',
    ready: async (p) => {
      await expect(p.getByText('There is no such page in Rinkside.')).toBeVisible();
    },
  },
];

/** The demo world's ids: a team of the league-season and one of its players, three teams, an agency. */
export async function world(service: DirectService): Promise<World> {
  const standings = await service.list<{ team: { id: number; name: string } }>(`/leagues/${LEAGUE}/standings`, {
    season: SEASON,
    limit: '3',
    sort: 'position',
  });
  const teams = standings.data.map((s) => s.team);
  const [team] = teams;
  if (team === undefined || teams.length < 3) throw new Error(`the demo world lacks ${LEAGUE} ${SEASON}`);
  const [line] = (
    await service.list<{ player: { id: number; name: string } }>(`/teams/${team.id}/player-stats`, {
      season: SEASON,
      limit: '1',
    })
  ).data;
  const [agency] = (await service.list<{ id: number; name: string }>('/agencies', { sort: 'name', limit: '1' })).data;
  const [league] = (await service.list<{ name: string }>('/leagues', { slug: LEAGUE, limit: '1' })).data;
  if (!line || !agency || !league) throw new Error('the demo world lacks a player, an agency or its league');
  return {
    teamId: team.id,
    teamName: team.name,
    compareIds: teams.map((t) => t.id),
    player: line.player,
    agency,
    leagueName: league.name,
  };
}
