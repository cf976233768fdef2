import { useEffect, useId, useRef } from 'react';
import type { KeyStatus } from '../../shared/bridge/bridge.ts';
import { toServiceError } from '../bridge/client.ts';
import { useAppInfo, useClearKey, useKeyStatus } from '../bridge/queries.ts';
import { closeKeyDialog, type KeyDialogReason, useKeyDialogState } from '../state/keyDialogStore.ts';
import { KeyForm, keySourceText, serviceName } from './KeyForm.tsx';
import './key-dialog.css';

/**
 * Whether the host has a built-in key to fall back to (the embedded local service's): the key status's
 * `builtInAvailable` where the host reports it; a host that does not report it is known to have one
 * only while it is using it.
 */
export function builtInKeyAvailable(status: KeyStatus | undefined): boolean {
  const reported = (status as (KeyStatus & { builtInAvailable?: unknown }) | undefined)?.builtInAvailable;
  return typeof reported === 'boolean' ? reported : status?.source === 'demo';
}

/** What the key dialog says, from why it opened and where the key is (tested on its own). */
export interface KeyDialogText {
  /**
   * `ask`: no key of the scout's is set and the service wants one (a first run on a service without a
   * built-in key), asked for plainly; `refused`: the key in use was refused (401); `user`: the scout
   * opened the dialog.
   */
  mode: 'ask' | 'refused' | 'user';
  title: string;
  /** Offer "Use the built-in key": the host has one and a key of the scout's is in use. */
  offerBuiltIn: boolean;
}

/** The dialog's wording for a reason and key status (status undefined while it loads: no accusation). */
export function keyDialogText(reason: KeyDialogReason, status: KeyStatus | undefined): KeyDialogText {
  const ownKey = status?.source === 'keychain' || status?.source === 'session';
  const offerBuiltIn = ownKey && builtInKeyAvailable(status);
  if (reason === 'user') return { mode: 'user', title: 'Use my key', offerBuiltIn };
  if (status === undefined || status.source === 'none')
    return { mode: 'ask', title: 'Enter your API key', offerBuiltIn };
  return { mode: 'refused', title: 'Your key was not accepted', offerBuiltIn };
}

/**
 * The key dialog: opened by "Use my key" or by any `unauthorized` error. A native
 * modal `<dialog>` (the rest of the page is inert, so focus stays inside; Esc
 * closes it), labelled by its heading and described by its explanation.
 */
function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function KeyDialog() {
  const state = useKeyDialogState();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const status = useKeyStatus();
  const info = useAppInfo();
  const clear = useClearKey();
  const text = keyDialogText(state.open ? state.reason : 'user', status.data);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (state.open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // showModal focuses the first focusable element (the close button); the key field is what the scout wants.
      dialog.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
    } else if (!state.open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [state.open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={descId}
      onClose={() => closeKeyDialog()}
      onCancel={() => closeKeyDialog()}
    >
      {state.open ? (
        <div className="modal-body">
          <header className="modal-head">
            <h2 id={titleId}>{text.title}</h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={() => closeKeyDialog()}>
              ×
            </button>
          </header>
          <div id={descId} className="stack">
            {text.mode === 'ask' ? (
              <p>
                {upperFirst(serviceName(info.data?.baseUrl))} needs an API key. Enter the key your organisation was
                issued. The key stays in the app’s host process; this page never sees it.
              </p>
            ) : text.mode === 'refused' ? (
              <p>
                The service answered <strong>401 Unauthorized</strong>
                {state.message ? <> (“{state.message}”)</> : null}. Enter a valid API key to continue.
              </p>
            ) : (
              <p>
                Connect Rinkside to the Hockey Data Service with the API key your organisation was issued. The key stays
                in the app’s host process; this page never sees it.
              </p>
            )}
            <p className="muted small">{keySourceText(status.data)}</p>
          </div>
          <KeyForm status={status.data} onSaved={() => closeKeyDialog()} onCancel={() => closeKeyDialog()} autoFocus />
          {text.offerBuiltIn ? (
            <div className="key-builtin">
              <p className="muted small">
                Or go back to the built-in key of the local service: your key is removed, and no key of your own is
                needed for its data.
              </p>
              <button
                type="button"
                className="btn"
                disabled={clear.isPending}
                onClick={() => clear.mutate(undefined, { onSuccess: () => closeKeyDialog() })}
              >
                {clear.isPending ? 'Switching…' : 'Use the built-in key'}
              </button>
              {clear.isError ? (
                <p className="notice error" role="alert">
                  {toServiceError(clear.error).message}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
