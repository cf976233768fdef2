// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { setBridge } from '../../../renderer/bridge/client.ts';
import { useList } from '../../../renderer/bridge/queries.ts';
import { ErrorPanel } from '../../../renderer/components/ErrorPanel.tsx';
import { builtInKeyAvailable, KeyDialog, keyDialogText } from '../../../renderer/components/KeyDialog.tsx';
import { serviceName, setKeyErrorText } from '../../../renderer/components/KeyForm.tsx';
import { closeKeyDialog } from '../../../renderer/state/keyDialogStore.ts';
import type { KeyStatus } from '../../../shared/bridge/bridge.ts';
import { startTestHost, type TestHost } from './real-host.ts';

const running: TestHost[] = [];
afterEach(async () => {
  act(() => closeKeyDialog());
  cleanup();
  setBridge(undefined);
  for (const t of running.splice(0)) await t.close();
});

const status = (source: KeyStatus['source'], builtInAvailable?: boolean): KeyStatus =>
  (builtInAvailable === undefined
    ? { source, keychainAvailable: true }
    : { source, keychainAvailable: true, builtInAvailable }) as KeyStatus;

describe('what the key dialog says', () => {
  it.each([
    // reason, status, mode, title, offers the built-in key
    ['unauthorized', status('none', false), 'ask', 'Enter your API key', false],
    ['unauthorized', undefined, 'ask', 'Enter your API key', false],
    ['unauthorized', status('session', true), 'refused', 'Your key was not accepted', true],
    ['unauthorized', status('keychain', true), 'refused', 'Your key was not accepted', true],
    ['unauthorized', status('keychain', false), 'refused', 'Your key was not accepted', false],
    ['user', status('keychain', true), 'user', 'Use my key', true],
    ['user', status('demo', true), 'user', 'Use my key', false],
    ['user', status('none', false), 'user', 'Use my key', false],
  ] as const)('%s with %o → %s, "%s", built-in offered: %s', (reason, s, mode, title, offer) => {
    expect(keyDialogText(reason, s)).toEqual({ mode, title, offerBuiltIn: offer });
  });

  it('a host that does not report builtInAvailable is known to have a built-in key only while using it', () => {
    expect(builtInKeyAvailable(status('demo'))).toBe(true);
    expect(builtInKeyAvailable(status('session'))).toBe(false);
    expect(builtInKeyAvailable(undefined)).toBe(false);
  });

  it('a refused key says which service refused it and that nothing was stored', () => {
    expect(serviceName('http://127.0.0.1:43123/v1')).toBe('the local service (127.0.0.1:43123)');
    expect(serviceName('https://api.hockeydata.example/v1')).toBe('api.hockeydata.example');
    expect(serviceName(undefined)).toBe('the service');
    expect(
      setKeyErrorText({ kind: 'unauthorized', status: 401, message: 'Invalid API key.' }, 'http://127.0.0.1:9/v1'),
    ).toBe(
      'The local service (127.0.0.1:9) refused this key (“Invalid API key”). Nothing was stored. ' +
        'The key is still in the field: check it for a missing or wrong character, or ask your provider.',
    );
    // A 401 without a reason of its own says the status.
    expect(setKeyErrorText({ kind: 'unauthorized', status: 401, message: 'HTTP 401' }, undefined)).toMatch(
      /^The service refused this key \(HTTP 401\)\. Nothing was stored\./,
    );
    expect(setKeyErrorText({ kind: 'keychain-unavailable', message: 'the keychain is locked' }, undefined)).toBe(
      'The keychain is locked.',
    );
  });
});

/** Asks the host for one list page, as any view does (a 401 opens the key dialog), with its error panel. */
function Probe() {
  const list = useList('teams', {}, { sort: ['name'], offset: 0, limit: 3, filters: {} });
  return (
    <>
      <output data-testid="teams">{list.data ? list.data.data.map((t) => t.name).join('|') : ''}</output>
      {list.isError ? <ErrorPanel error={list.error} what="the team list" /> : null}
    </>
  );
}

function renderApp(t: TestHost) {
  setBridge(t.bridge);
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Probe />
      <KeyDialog />
    </QueryClientProvider>,
  );
  return client;
}

const FULL_KEY = 'full-access-key-renderer-1';
const WRONG_KEY = 'wrong-key-renderer-4711';

/** A host on the local service with a keys file and so no built-in key, and no key stored: a first run. */
async function keyedHost(): Promise<TestHost> {
  const t = await startTestHost({
    keys: [{ key: FULL_KEY, organisation: 'Test', leagues: '*', seasons: '*', categories: '*' }],
  });
  running.push(t);
  expect(t.host.keys.status().source).toBe('none');
  return t;
}

describe('the key dialog against a real host', () => {
  it('first run without any key: asks for a key plainly, without a built-in key to offer; a right key closes it', async () => {
    const t = await keyedHost();
    renderApp(t);
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    await waitFor(() => expect(dialog.open).toBe(true));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Enter your API key'));
    const host = new URL(t.host.connection.baseUrl()).host;
    expect(dialog.textContent).toContain(`The local service (${host}) needs an API key.`);
    expect(dialog.textContent).not.toMatch(/not accepted|401/);
    expect(screen.queryByRole('button', { name: 'Use the built-in key' })).toBeNull();
    // The view's panel behind the dialog says the same plainly.
    await waitFor(() => expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('An API key is needed'));
    expect(document.body.textContent).not.toContain('not accepted');

    fireEvent.change(screen.getByLabelText('API key'), { target: { value: FULL_KEY } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(['keychain', 'session']).toContain(t.host.keys.status().source);
    await waitFor(() => expect(screen.getByTestId('teams').textContent).not.toBe(''));
  });

  it('a wrong key is refused inline with the service’s reason, nothing stored; it stays in the field, masked', async () => {
    const t = await keyedHost();
    renderApp(t);
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    await waitFor(() => expect(dialog.open).toBe(true));
    const field = screen.getByLabelText('API key') as HTMLInputElement;
    fireEvent.change(field, { target: { value: WRONG_KEY } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    const alert = await within(dialog).findByRole('alert');
    const host = new URL(t.host.connection.baseUrl()).host;
    expect(alert.textContent).toBe(
      `The local service (${host}) refused this key (“Api Key is invalid”). Nothing was stored. ` +
        'The key is still in the field: check it for a missing or wrong character, or ask your provider.',
    );
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Enter your API key');
    expect(field.value === WRONG_KEY).toBe(true);
    expect(field.type).toBe('password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show key' }));
    expect(field.type).toBe('text');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide key' }));
    expect(field.type).toBe('password');
    expect(t.host.keys.status().source).toBe('none');
    expect(document.body.innerHTML).not.toContain(WRONG_KEY);
  });

  it('a refused stored key on the built-in service: "Use the built-in key" brings the built-in key back', async () => {
    const t = await startTestHost({ storedKey: WRONG_KEY });
    running.push(t);
    expect(t.host.keys.status().source).toBe('keychain');
    expect(t.host.embedded?.demoKey()).toEqual(expect.any(String));
    renderApp(t);

    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    await waitFor(() => expect(dialog.open).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your key was not accepted'),
    );
    expect(dialog.textContent).toContain('401');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Your API key was not accepted'),
    );
    expect(t.host.keys.status().builtInAvailable).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Use the built-in key' }));
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(t.host.keys.status().source).toBe('demo');
    await waitFor(() => expect(screen.getByTestId('teams').textContent).not.toBe(''));
  });
});
