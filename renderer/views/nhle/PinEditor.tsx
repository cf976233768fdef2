import { useState } from 'react';
import type { LeagueFactor } from '../../../shared/domain/nhle.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { formatFixed } from '../../format/index.ts';
import { usePinFactor } from './useNhle.ts';

/**
 * The scout's own factor for a league, typed in place: the factor (greater than 0, at most 10) and why.
 * Enter saves, Escape cancels. Saved with his lists (and in their `rinkside-lists` files).
 */
export function PinEditor(props: { league: LeagueFactor; onDone: () => void }) {
  const { league, onDone } = props;
  const start = league.pinned?.factor ?? league.computed?.factor ?? null;
  const [factor, setFactor] = useState(start === null ? '' : formatFixed(start, 3));
  const [note, setNote] = useState(league.pinned?.note ?? '');
  const pin = usePinFactor();
  const value = Number(factor);
  const valid = factor.trim() !== '' && Number.isFinite(value) && value > 0 && value <= 10;
  const save = () => {
    if (!valid) return;
    pin.mutate({ league: league.league, factor: value, note }, { onSuccess: onDone });
  };
  return (
    <form
      className="nhle-pin-editor"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <input
        type="number"
        step="0.001"
        min="0.001"
        max="10"
        value={factor}
        onChange={(e) => setFactor(e.currentTarget.value)}
        aria-label={`Your factor for ${league.league.toUpperCase()}`}
        aria-invalid={!valid}
        className="narrow"
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the scout's click, for typing at once
        autoFocus
      />
      <input
        type="text"
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        placeholder="Why (optional)"
        aria-label="Why"
      />
      <button type="submit" className="btn small primary" disabled={!valid || pin.isPending}>
        Pin
      </button>
      <button type="button" className="btn small ghost" onClick={onDone}>
        Cancel
      </button>
      {pin.isError ? <ErrorPanel error={pin.error} what="your factor" /> : null}
    </form>
  );
}
