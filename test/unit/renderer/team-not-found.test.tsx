// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { setBridge } from '../../../renderer/bridge/client.ts';
import { TeamView } from '../../../renderer/views/team/TeamView.tsx';
import { startTestHost, type TestHost } from './real-host.ts';

// The team view against a real host and local service: an id the service does not know.

const MISSING = 999_999;
let t: TestHost;

beforeAll(async () => {
  t = await startTestHost();
  setBridge(t.bridge);
});
afterAll(async () => {
  setBridge(undefined);
  await t?.close();
});
afterEach(cleanup);

describe('a team id the service does not know', () => {
  it('shows one "Not found" panel with "Browse teams", and no seasons or goalie table', async () => {
    // The premise, from the host directly: the service answers 404 for this team and its seasons.
    expect(await t.host.dispatch('request', { endpoint: 'team', path: { id: MISSING } })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });

    const client = createQueryClient();
    const router = createMemoryRouter(
      [
        { path: '/teams/:id', element: <TeamView /> },
        { path: '/teams', element: <p>The team list</p> },
      ],
      { initialEntries: [`/teams/${MISSING}`] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // A real host and service on a shared machine: the 404 may take longer than findBy's default second.
    await screen.findByRole('alert', undefined, { timeout: 10_000 });
    // Every request of the view has answered.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toContain('Not found');
    expect(alerts[0]?.textContent).toContain(`Team ${MISSING}`);
    expect(document.querySelector('table')).toBeNull();
    expect(document.querySelector('.skeleton, .skeleton-row')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Goaltending leaders' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Browse teams' }));
    expect(router.state.location.pathname).toBe('/teams');
    expect(screen.getByText('The team list')).toBeTruthy();
  });
});
