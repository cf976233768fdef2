// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCodeLoadError, ViewErrorBoundary } from '../../../renderer/app/ViewErrorBoundary.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A view that throws while it draws as long as `state.broken` holds. */
function View(props: { state: { broken: boolean } }) {
  if (props.state.broken) throw new Error('Cannot read properties of undefined (reading "GP")');
  return <p>The view</p>;
}

describe('the view area when a view fails to draw', () => {
  it('shows a panel with the error instead of the view, and draws the view again on "Try again"', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const state = { broken: true };
    render(
      <ViewErrorBoundary resetKey="/teams">
        <View state={state} />
      </ViewErrorBoundary>,
    );
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('This view could not be shown');
    expect(panel.textContent).toContain('Cannot read properties of undefined (reading "GP")');
    expect(screen.queryByText('The view')).toBeNull();

    state.broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The view')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the failure when the scout goes to another route', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = { broken: true };
    const { rerender } = render(
      <ViewErrorBoundary resetKey="/teams">
        <View state={state} />
      </ViewErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    state.broken = false;
    // The same route: the panel stays until the scout asks again.
    rerender(
      <ViewErrorBoundary resetKey="/teams">
        <View state={state} />
      </ViewErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <ViewErrorBoundary resetKey="/players">
        <View state={state} />
      </ViewErrorBoundary>,
    );
    expect(screen.getByText('The view')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("offers to reload the app, not to try again, when the view's code could not be loaded", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Chromium's and Safari's words for a lazy view's chunk that failed to load.
    const chromium = new Error(
      'Failed to fetch dynamically imported module: http://127.0.0.1:1/assets/PlayersView-x.js',
    );
    expect(isCodeLoadError(chromium)).toBe(true);
    expect(isCodeLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    function Missing(): never {
      throw chromium;
    }
    render(
      <ViewErrorBoundary resetKey="/players">
        <Missing />
      </ViewErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Reload Rinkside' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
