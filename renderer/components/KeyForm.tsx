import { type FormEvent, useId, useState } from 'react';
import type { KeyStatus } from '../../shared/bridge.ts';
import type { ServiceError } from '../../shared/errors.ts';
import { toServiceError } from '../bridge/client.ts';
import { useAppInfo, useSetKey } from '../bridge/queries.ts';
import './key-form.css';

/** A message as one sentence: capitalised, ending in exactly one full stop. */
function sentence(message: string): string {
  const m = message.trim().replace(/[.\s]+$/, '');
  return m === '' ? '' : `${m.charAt(0).toUpperCase()}${m.slice(1)}.`;
}

/**
 * The service a base URL names, in the scout's words: `the local service (127.0.0.1:43123)` on a
 * loopback address (the embedded one, or one started by hand), else its host (`api.example.org`).
 * Unknown or malformed: `the service`.
 */
export function serviceName(baseUrl: string | undefined): string {
  if (!baseUrl) return 'the service';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'the service';
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname);
  return loopback ? `the local service (${url.host})` : url.host;
}

/**
 * What a failed "Save key" says. The host tests a key against the service before storing it: a 401
 * means the service refused it and nothing was stored. Other failures (no keychain, service not
 * reachable) keep their own message.
 */
export function setKeyErrorText(error: ServiceError, baseUrl: string | undefined): string {
  if (error.kind === 'unauthorized') {
    return `This key was not accepted by ${serviceName(baseUrl)}; nothing was stored. Check the key and try again.`;
  }
  return sentence(error.message);
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
  const info = useAppInfo();
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
        // A refused key is wrong: it is not kept in the page either (the scout pastes the right one).
        onError: (err) => {
          if (toServiceError(err).kind === 'unauthorized') setKey('');
        },
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
        // biome-ignore lint/a11y/noAutofocus: only set when the form opens in the key dialog, whose first field takes focus (the modal dialog pattern)
        autoFocus={props.autoFocus}
        value={key}
        onChange={(e) => {
          setKey(e.currentTarget.value);
          if (mutation.isError) mutation.reset();
        }}
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
          {setKeyErrorText(toServiceError(mutation.error), info.data?.baseUrl)}
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
