import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * An action asked once more before it is done: "{verb}…" opens the choice, then {verb} (as a danger
 * button) or Keep. Keep takes the focus the opening button had, so a second Enter keeps rather than acts.
 * `askLabel` and `confirmLabel` are the buttons' accessible names (the row's subject named in them);
 * `note` stands before the choice while it is open.
 */
export function ConfirmAction(props: {
  verb: string;
  busy: boolean;
  onConfirm: () => void;
  askLabel: string;
  confirmLabel?: string;
  note?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <button
        type="button"
        className="btn ghost small"
        disabled={props.busy}
        onClick={() => setConfirming(true)}
        aria-label={props.askLabel}
      >
        {props.verb}…
      </button>
    );
  }
  return (
    <>
      {props.note}
      <button
        type="button"
        className="btn danger small"
        disabled={props.busy}
        onClick={props.onConfirm}
        aria-label={props.confirmLabel}
      >
        {props.verb}
      </button>
      <button type="button" className="btn ghost small" ref={keep} onClick={() => setConfirming(false)}>
        Keep
      </button>
    </>
  );
}
