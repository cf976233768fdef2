import { useSyncExternalStore } from 'react';

/**
 * Whether the key dialog is open, and why. A tiny external store, because the
 * dialog opens from outside React's tree too: the query cache opens it on any
 * `unauthorized` error (DESIGN.md: "401 leads to the key dialog").
 */
export type KeyDialogReason = 'user' | 'unauthorized';
type State = { open: false } | { open: true; reason: KeyDialogReason; message?: string };

let state: State = { open: false };
const listeners = new Set<() => void>();

function emit(next: State): void {
  state = next;
  for (const l of listeners) l();
}

/** Opens the key dialog; a second `unauthorized` while open keeps the first reason. */
export function openKeyDialog(reason: KeyDialogReason, message?: string): void {
  if (state.open) return;
  emit(message === undefined ? { open: true, reason } : { open: true, reason, message });
}

export function closeKeyDialog(): void {
  if (state.open) emit({ open: false });
}

export function useKeyDialogState(): State {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
