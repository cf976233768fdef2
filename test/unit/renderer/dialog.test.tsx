// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { KeyDialog } from '../../../renderer/components/KeyDialog.tsx';
import { closeKeyDialog, openKeyDialog } from '../../../renderer/state/keyDialogStore.ts';
import { ServiceErrorException } from '../../../shared/contract/errors.ts';

afterEach(() => {
  act(() => closeKeyDialog());
  cleanup();
});

function renderDialog() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <KeyDialog />
    </QueryClientProvider>,
  );
  return client;
}

describe('key dialog', () => {
  it('opens by itself when any query fails with 401, labelled and with an empty password field', async () => {
    const client = renderDialog();
    expect(document.querySelector('dialog')?.open).toBe(false);
    await act(async () => {
      await client
        .fetchQuery({
          queryKey: ['list', 'teams'],
          queryFn: () => {
            throw new ServiceErrorException({ kind: 'unauthorized', status: 401, message: 'Api Key was not present' });
          },
        })
        .catch(() => {});
    });
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    // No key status known (no host here): it asks for a key plainly instead of saying a key was refused.
    expect(title?.textContent).toBe('Enter your API key');
    expect(dialog.textContent).not.toContain('not accepted');
    const field = screen.getByLabelText('API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.value).toBe('');
  });

  it('does not open for other errors', async () => {
    const client = renderDialog();
    await act(async () => {
      await client
        .fetchQuery({
          queryKey: ['list', 'standings'],
          queryFn: () => {
            throw new ServiceErrorException({ kind: 'forbidden', status: 403, message: 'League nhl is outside' });
          },
        })
        .catch(() => {});
    });
    expect(document.querySelector('dialog')?.open).toBe(false);
  });

  it('closes on Esc (cancel) and on the close button', () => {
    renderDialog();
    act(() => openKeyDialog('user'));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    act(() => {
      fireEvent(dialog, new Event('cancel'));
    });
    expect(dialog.open).toBe(false);
    act(() => openKeyDialog('user'));
    expect(dialog.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
  });
});
