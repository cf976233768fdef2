import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { AgenciesView } from '../views/agencies/AgenciesView.tsx';
import { AgencyView } from '../views/agencies/AgencyView.tsx';
import { BoardsView } from '../views/boards/BoardsView.tsx';
import { MergedBoard } from '../views/boards/MergedBoard.tsx';
import { CompareView } from '../views/compare/CompareView.tsx';
import { LeagueView } from '../views/league/LeagueView.tsx';
import { LeaguesView } from '../views/leagues/LeaguesView.tsx';
import { ListsView } from '../views/lists/ListsView.tsx';
import { FactorsView } from '../views/nhle/FactorsView.tsx';
import { PlayersChartView } from '../views/nhle/PlayersChartView.tsx';
import { NotFoundView } from '../views/not-found/NotFoundView.tsx';
import { OrganisationView } from '../views/organisation/OrganisationView.tsx';
import { PlayerView } from '../views/player/PlayerView.tsx';
import { PlayersView } from '../views/players/PlayersView.tsx';
import { ReportForm } from '../views/reports/ReportForm.tsx';
import { ReportsView } from '../views/reports/ReportsView.tsx';
import { SettingsView } from '../views/settings/SettingsView.tsx';
import { StaffCountsView } from '../views/staff/StaffCountsView.tsx';
import { StandingsView } from '../views/standings/StandingsView.tsx';
import { StarsView } from '../views/stars/StarsView.tsx';
import { StatsView } from '../views/stats/StatsView.tsx';
import { GoaltendingLeadersPage } from '../views/team/GoaltendingLeadersPage.tsx';
import { TeamView } from '../views/team/TeamView.tsx';
import { TeamsView } from '../views/teams/TeamsView.tsx';
import { createQueryClient } from './queryClient.ts';
import { Shell } from './Shell.tsx';

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
        { path: 'teams/:id/organisation', element: <OrganisationView /> },
        { path: 'players', element: <PlayersView /> },
        { path: 'players/stats', element: <StatsView /> },
        { path: 'players/factors', element: <FactorsView /> },
        { path: 'players/chart', element: <PlayersChartView /> },
        { path: 'players/:id', element: <PlayerView /> },
        { path: 'lists', element: <ListsView /> },
        { path: 'lists/:id', element: <ListsView /> },
        { path: 'reports', element: <ReportsView /> },
        { path: 'reports/:id', element: <ReportForm /> },
        { path: 'boards', element: <BoardsView /> },
        { path: 'boards/merge', element: <MergedBoard /> },
        { path: 'boards/:id', element: <BoardsView /> },
        { path: 'leagues', element: <LeaguesView /> },
        { path: 'leagues/:slug', element: <LeagueView /> },
        { path: 'leagues/:slug/:tab', element: <LeagueView /> },
        { path: 'standings', element: <StandingsView /> },
        { path: 'compare', element: <CompareView /> },
        { path: 'stars', element: <StarsView /> },
        { path: 'agencies', element: <AgenciesView /> },
        { path: 'agencies/:id', element: <AgencyView /> },
        { path: 'staff', element: <StaffCountsView /> },
        { path: 'settings', element: <SettingsView /> },
        { path: '*', element: <NotFoundView /> },
      ],
    },
  ]);
}

/** The app. `client`: a query client made before the first render (main.tsx warms it up); else a new one. */
export function App(props: { client?: QueryClient }) {
  const [client] = useState(() => props.client ?? createQueryClient());
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
