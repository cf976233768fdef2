import { type ReactNode, useEffect, useId, useRef } from 'react';
import './export.css';

/**
 * The "Export ▾" button and its panel, shared by the table and chart Export menus: the panel opens under
 * the button with the focus on its first checked radio or button, and closes on Escape (focus back on the
 * button) or a mouse press outside it. `keyShortcuts` is announced on the button (the owner handles them).
 */
export function ExportPopover(props: {
  open: boolean;
  setOpen: (open: boolean | ((was: boolean) => boolean)) => void;
  disabled: boolean;
  keyShortcuts?: string;
  children: ReactNode;
}) {
  const { open, setOpen } = props;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const id = useId();

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
        ref={button}
        type="button"
        className="btn small"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        aria-keyshortcuts={props.keyShortcuts}
        disabled={props.disabled}
        onClick={() => setOpen((o) => !o)}
      >
        Export ▾
      </button>
      {open ? (
        <fieldset
          ref={panel}
          id={id}
          className="export-panel"
          aria-label="Export"
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
    </>
  );
}

/** The outcome line under an Export menu: a status, or an alert when it failed. */
export function ExportMessage({ message }: { message: { text: string; error: boolean } | null }) {
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
