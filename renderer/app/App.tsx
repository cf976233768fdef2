import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactElement, useEffect, useState } from 'react';
import {
  createHashRouter,
  type LoaderFunction,
  Navigate,
  RouterProvider,
  type ShouldRevalidateFunction,
} from 'react-router';
import { lazyNow } from '../components/lazyNow.ts';
import type { WarmRoute } from '../state/warmRoute.ts';
import { NotFoundView } from '../views/not-found/NotFoundView.tsx';
import { GoaltendingLeadersPage } from '../views/team/GoaltendingLeadersPage.tsx';
import { TeamView } from '../views/team/TeamView.tsx';
import { TeamsView } from '../views/teams/TeamsView.tsx';
import { PREFETCH_AFTER_MS, prefetchViews } from './prefetchViews.ts';
import { createQueryClient } from './queryClient.ts';
import { Shell } from './Shell.tsx';

/** The lazy views' loaders, registered as the routes are made: the App loads them after launch. */
const VIEW_LOADERS = new Set<() => Promise<unknown>>();

/**
 * A view in a chunk of its own, loaded at its route's first visit if the background loading after launch
 * (prefetchViews.ts) has not loaded it yet (Shell's Suspense shows nothing meanwhile), and drawn at once when
 * it has (components/lazyNow.ts): the page's first bundle then holds only the shell and the Teams views, the
 * default route, so a launch parses a fraction of the app before the first table.
 */
function lazyView<K extends string, M extends { [P in K]: ComponentType }>(load: () => Promise<M>, name: K) {
  return lazyParts(load, name).element;
}

/** {@link lazyView}'s element, and the loader that records the module for it (components/lazyNow.ts). */
function lazyParts<K extends string, M extends { [P in K]: ComponentType }>(load: () => Promise<M>, name: K) {
  const view = lazyNow(load, (m) => m[name]);
  VIEW_LOADERS.add(view.load);
  return { element: <view.Component />, load: view.load };
}

/**
 * A lazy view ({@link lazyView}) whose module also exports a {@link WarmRoute} named `warm` (state/warmRoute.ts):
 * the route's loader calls it as the route is entered, without waiting (the loader resolves at once; the code
 * is in after the background loading, else it is loaded with the view).
 */
function warmView<K extends string, W extends string>(
  client: QueryClient,
  load: () => Promise<{ [P in K]: ComponentType } & { [P in W]: WarmRoute }>,
  name: K,
  warm: W,
): { element: ReactElement; loader: LoaderFunction; shouldRevalidate: ShouldRevalidateFunction } {
  const view = lazyParts(load, name);
  return {
    element: view.element,
    // Entering the route (or another player's page), not each change of its search: the view asks for those
    // itself, and the warm start would ask again for what has gone stale.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    loader: ({ params, request }) => {
      const search = new URL(request.url).searchParams;
      view
        .load()
        .then((m) => m[warm](client, params, search))
        .catch(() => {});
      return null;
    },
  };
}

/**
 * Routes. A hash router, because Electron loads the page from a file and the
 * browser shell serves one `index.html`: `#/teams/12?season=2019-2020&sort=-regularStats.GAA`. `client`: the
 * query client the views' data is started into at a route change ({@link warmView}).
 */
export function createAppRouter(client: QueryClient) {
  return createHashRouter([
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to="/teams" replace /> },
        { path: 'teams', element: <TeamsView /> },
        { path: 'teams/:id', element: <TeamView /> },
        { path: 'teams/:id/goaltending-leaders', element: <GoaltendingLeadersPage /> },
        {
          path: 'teams/:id/organisation',
          element: lazyView(() => import('../views/organisation/OrganisationView.tsx'), 'OrganisationView'),
        },
        { path: 'players', element: lazyView(() => import('../views/players/PlayersView.tsx'), 'PlayersView') },
        {
          path: 'players/stats',
          ...warmView(client, () => import('../views/stats/StatsView.tsx'), 'StatsView', 'warmStats'),
        },
        { path: 'players/factors', element: lazyView(() => import('../views/nhle/FactorsView.tsx'), 'FactorsView') },
        {
          path: 'players/chart',
          element: lazyView(() => import('../views/nhle/PlayersChartView.tsx'), 'PlayersChartView'),
        },
        {
          path: 'players/:id',
          ...warmView(client, () => import('../views/player/PlayerView.tsx'), 'PlayerView', 'warmPlayerPage'),
        },
        { path: 'lists', element: lazyView(() => import('../views/lists/ListsView.tsx'), 'ListsView') },
        { path: 'lists/:id', element: lazyView(() => import('../views/lists/ListsView.tsx'), 'ListsView') },
        { path: 'reports', element: lazyView(() => import('../views/reports/ReportsView.tsx'), 'ReportsView') },
        { path: 'reports/:id', element: lazyView(() => import('../views/reports/ReportForm.tsx'), 'ReportForm') },
        { path: 'boards', element: lazyView(() => import('../views/boards/BoardsView.tsx'), 'BoardsView') },
        { path: 'boards/merge', element: lazyView(() => import('../views/boards/MergedBoard.tsx'), 'MergedBoard') },
        { path: 'boards/:id', element: lazyView(() => import('../views/boards/BoardsView.tsx'), 'BoardsView') },
        { path: 'leagues', element: lazyView(() => import('../views/leagues/LeaguesView.tsx'), 'LeaguesView') },
        { path: 'leagues/:slug', element: lazyView(() => import('../views/league/LeagueView.tsx'), 'LeagueView') },
        { path: 'leagues/:slug/:tab', element: lazyView(() => import('../views/league/LeagueView.tsx'), 'LeagueView') },
        { path: 'standings', element: lazyView(() => import('../views/standings/StandingsView.tsx'), 'StandingsView') },
        {
          path: 'compare',
          ...warmView(client, () => import('../views/compare/CompareView.tsx'), 'CompareView', 'warmCompare'),
        },
        { path: 'stars', element: lazyView(() => import('../views/stars/StarsView.tsx'), 'StarsView') },
        { path: 'agencies', element: lazyView(() => import('../views/agencies/AgenciesView.tsx'), 'AgenciesView') },
        { path: 'agencies/:id', element: lazyView(() => import('../views/agencies/AgencyView.tsx'), 'AgencyView') },
        { path: 'staff', element: lazyView(() => import('../views/staff/StaffCountsView.tsx'), 'StaffCountsView') },
        { path: 'coverage', element: lazyView(() => import('../views/coverage/CoverageView.tsx'), 'CoverageView') },
        {
          path: 'viewing-log',
          element: lazyView(() => import('../views/viewing-log/ViewingLogView.tsx'), 'ViewingLogView'),
        },
        {
          path: 'assignments',
          element: lazyView(() => import('../views/assignments/AssignmentsView.tsx'), 'AssignmentsView'),
        },
        { path: 'settings', element: lazyView(() => import('../views/settings/SettingsView.tsx'), 'SettingsView') },
        { path: '*', element: <NotFoundView /> },
      ],
    },
  ]);
}

/** Marks the page (`<html data-views-loaded>`) once the background loading has loaded every view. */
function markViewsLoaded(): void {
  document.documentElement.dataset.viewsLoaded = '';
}

/** The app. `client`: a query client made before the first render (main.tsx warms it up); else a new one. */
export function App(props: { client?: QueryClient }) {
  const [client] = useState(() => props.client ?? createQueryClient());
  const [router] = useState(() => createAppRouter(client));
  // Said on the page once every view's code and stylesheet is in: tests scan the views' styles as they are
  // after that (a view's stylesheet, once loaded, applies to every view).
  useEffect(() => prefetchViews([...VIEW_LOADERS], PREFETCH_AFTER_MS, markViewsLoaded), []);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
