import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, useEffect, useState } from 'react';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
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
 * (prefetchViews.ts) has not loaded it yet (Shell's Suspense shows nothing meanwhile): the page's first
 * bundle then holds only the shell and the Teams views, the default route, so a launch parses a fraction
 * of the app before the first table.
 */
function lazyView<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  VIEW_LOADERS.add(load);
  const View: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <View />;
}

/**
 * Routes. A hash router, because Electron loads the page from a file and the
 * browser shell serves one `index.html`: `#/teams/12?season=2019-2020&sort=-regularStats.GAA`.
 */
export function createAppRouter() {
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
        { path: 'players/stats', element: lazyView(() => import('../views/stats/StatsView.tsx'), 'StatsView') },
        { path: 'players/factors', element: lazyView(() => import('../views/nhle/FactorsView.tsx'), 'FactorsView') },
        {
          path: 'players/chart',
          element: lazyView(() => import('../views/nhle/PlayersChartView.tsx'), 'PlayersChartView'),
        },
        { path: 'players/:id', element: lazyView(() => import('../views/player/PlayerView.tsx'), 'PlayerView') },
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
        { path: 'compare', element: lazyView(() => import('../views/compare/CompareView.tsx'), 'CompareView') },
        { path: 'stars', element: lazyView(() => import('../views/stars/StarsView.tsx'), 'StarsView') },
        { path: 'agencies', element: lazyView(() => import('../views/agencies/AgenciesView.tsx'), 'AgenciesView') },
        { path: 'agencies/:id', element: lazyView(() => import('../views/agencies/AgencyView.tsx'), 'AgencyView') },
        { path: 'staff', element: lazyView(() => import('../views/staff/StaffCountsView.tsx'), 'StaffCountsView') },
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
  const [router] = useState(createAppRouter);
  // Said on the page once every view's code and stylesheet is in: tests scan the views' styles as they are
  // after that (a view's stylesheet, once loaded, applies to every view).
  useEffect(() => prefetchViews([...VIEW_LOADERS], PREFETCH_AFTER_MS, markViewsLoaded), []);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
