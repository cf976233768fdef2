import { useMergeRefs } from '@floating-ui/react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useViewportFloat } from '../components/useViewportFloat.ts';
import './export.css';

/** How long an export's outcome stays on screen when it is not a failure, in milliseconds. */
const OUTCOME_MS = 15_000;

/** An export's outcome line: a status, or an error. */
export type ExportOutcome = { text: string; error: boolean } | null;

/**
 * The "Export ▾" button, its panel and its status, shared by the table and chart Export menus. The panel
 * opens under the button with the focus on its first checked radio or button, and closes on Escape (focus
 * back on the button) or a mouse press outside it. `keyShortcuts` is announced on the button (the owner
 * handles them). The button is a disclosure (`aria-expanded`, and `aria-controls` while the panel is in
 * the page): the panel is a group of choices, not an ARIA menu, so no `aria-haspopup`.
 *
 * Panel and status float (useViewportFloat): the panel stays inside the window whatever the button's
 * place (at the right edge of a toolbar, in a scrolled card), and the status (a running export's
 * progress, then its outcome) shows under the button over the page, so nothing in the toolbar moves when
 * an export starts or ends. The status hides while the panel is open; `onDismissStatus` adds its close
 * button.
 */
export function ExportPopover(props: {
  open: boolean;
  setOpen: (open: boolean | ((was: boolean) => boolean)) => void;
  disabled: boolean;
  keyShortcuts?: string;
  status?: ReactNode;
  onDismissStatus?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { open, setOpen } = props;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const menu = useViewportFloat(open);
  const showStatus = !open && props.status != null;
  const status = useViewportFloat(showStatus, 'bottom-end');
  const buttonRef = useMergeRefs([button, menu.refs.setReference, status.refs.setReference]);
  const panelRef = useMergeRefs([panel, menu.refs.setFloating]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input:checked, button')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, setOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn small"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-keyshortcuts={props.keyShortcuts}
        disabled={props.disabled}
        onClick={() => setOpen((o) => !o)}
      >
        Export ▾
      </button>
      {open ? (
        <fieldset
          ref={panelRef}
          id={id}
          className="export-panel"
          aria-label="Export"
          style={menu.floatingStyles}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          {props.children}
        </fieldset>
      ) : null}
      {showStatus ? (
        <div ref={status.refs.setFloating} className="export-status" style={status.floatingStyles}>
          {props.status}
          {props.onDismissStatus ? (
            <button
              type="button"
              className="icon-btn"
              aria-label="Dismiss the export message"
              onClick={props.onDismissStatus}
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** The outcome line of an Export menu: a status, or an alert when it failed. */
export function ExportMessage({ message }: { message: ExportOutcome }) {
  if (message === null) return null;
  return (
    <p
      className={message.error ? 'export-message error small' : 'export-message small'}
      role={message.error ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}

/**
 * An Export menu's outcome, cleared by itself after {@link OUTCOME_MS} unless it is a failure (a failure
 * stays until dismissed or the next export).
 */
export function useExportOutcome() {
  const [message, setMessage] = useState<ExportOutcome>(null);
  useEffect(() => {
    if (message === null || message.error) return;
    const t = setTimeout(() => setMessage(null), OUTCOME_MS);
    return () => clearTimeout(t);
  }, [message]);
  const dismiss = useCallback(() => setMessage(null), []);
  return { message, setMessage, dismiss };
}
