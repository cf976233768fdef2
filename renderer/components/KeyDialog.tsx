import { useEffect, useId, useRef } from 'react';
import { closeKeyDialog, useKeyDialogState } from '../app/keyDialogStore.ts';
import { useKeyStatus } from '../bridge/queries.ts';
import { KeyForm, keySourceText } from './KeyForm.tsx';

/**
 * The key dialog: opened by "Use my key" or by any `unauthorized` error. A native
 * modal `<dialog>` (the rest of the page is inert, so focus stays inside; Esc
 * closes it), labelled by its heading and described by its explanation.
 */
export function KeyDialog() {
  const state = useKeyDialogState();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const status = useKeyStatus();

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
            <h2 id={titleId}>{state.reason === 'unauthorized' ? 'Your key was not accepted' : 'Use my key'}</h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={() => closeKeyDialog()}>
              ×
            </button>
          </header>
          <div id={descId} className="stack">
            {state.reason === 'unauthorized' ? (
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
        </div>
      ) : null}
    </dialog>
  );
}
