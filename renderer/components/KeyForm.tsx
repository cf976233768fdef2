import { type FormEvent, useId, useState } from 'react';
import type { KeyStatus } from '../../shared/bridge.ts';
import { useSetKey } from '../bridge/queries.ts';
import { toServiceError } from './ErrorPanel.tsx';

/** A message as one sentence: capitalised, ending in exactly one full stop. */
function sentence(message: string): string {
  const m = message.trim().replace(/[.\s]+$/, '');
  return m === '' ? '' : `${m.charAt(0).toUpperCase()}${m.slice(1)}.`;
}

/** Where a key is kept, in the scout's words. */
export function keySourceText(status: KeyStatus | undefined): string {
  switch (status?.source) {
    case 'keychain':
      return 'Your key is stored in the OS keychain.';
    case 'session':
      return 'Your key is kept for this session only; it is forgotten when Rinkside quits.';
    case 'demo':
      // "Built-in", not "demo": the local service may hold a real Hockey Databank import (npm start -- --db).
      return 'Using the built-in key of the local service; no key of your own is needed.';
    case 'none':
      return 'No key is set.';
    default:
      return 'Checking where the key is kept…';
  }
}

/**
 * Set or replace the API key. The field is a password field that starts empty and
 * never shows a stored key (the page never has it). When the keychain is
 * unavailable, it says so and offers this session only.
 */
export function KeyForm(props: {
  status: KeyStatus | undefined;
  onSaved?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [key, setKey] = useState('');
  const keychain = props.status?.keychainAvailable ?? true;
  const [persist, setPersist] = useState<'keychain' | 'session'>(keychain ? 'keychain' : 'session');
  const mutation = useSetKey();
  const effectivePersist = keychain ? persist : 'session';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(
      { key, persist: effectivePersist },
      {
        onSuccess: () => {
          setKey('');
          props.onSaved?.();
        },
        // The host tried the key and refused to store it: the field starts over.
        onError: () => setKey(''),
      },
    );
  };

  const replacing = props.status?.source === 'keychain' || props.status?.source === 'session';
  return (
    <form className="key-form" onSubmit={submit}>
      <label htmlFor={`${id}-key`} className="field-label">
        {replacing ? 'New API key (replaces the stored one)' : 'API key'}
      </label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        autoFocus={props.autoFocus}
        value={key}
        onChange={(e) => setKey(e.currentTarget.value)}
        placeholder="Paste the key your data provider issued"
        required
      />
      {!keychain ? (
        <p className="notice warn" role="status">
          <strong>The OS keychain is not available.</strong>{' '}
          {props.status?.keychainMessage ? sentence(props.status.keychainMessage) : ''} Rinkside never writes keys to a
          plain file, so the key can be kept for this session only.
        </p>
      ) : null}
      <fieldset className="radio-row">
        <legend className="field-label">Keep the key</legend>
        <label>
          <input
            type="radio"
            name={`${id}-persist`}
            checked={effectivePersist === 'keychain'}
            disabled={!keychain}
            onChange={() => setPersist('keychain')}
          />
          In the OS keychain
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-persist`}
            checked={effectivePersist === 'session'}
            onChange={() => setPersist('session')}
          />
          For this session only
        </label>
      </fieldset>
      {mutation.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(mutation.error).message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={mutation.isPending || key.trim() === ''}>
          {mutation.isPending ? 'Saving…' : replacing ? 'Replace key' : 'Save key'}
        </button>
        {props.onCancel ? (
          <button type="button" className="btn" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
