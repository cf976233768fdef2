import { type FormEvent, useId, useRef, useState } from 'react';
import type { KeyStatus } from '../../shared/bridge/bridge.ts';
import type { ServiceError } from '../../shared/contract/errors.ts';
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
 * What a failed "Save key" says. The host tries a key against the service before storing it: a 401
 * means the service refused it (its own reason is the error's message) and nothing was stored; the
 * key stays in the field to be checked. Other failures (a malformed key, no keychain, service not
 * reachable) keep their own message.
 */
export function setKeyErrorText(error: ServiceError, baseUrl: string | undefined): string {
  if (error.kind === 'unauthorized') {
    const reason = error.message.trim().replace(/[.\s]+$/, '');
    const why = reason === '' || reason === 'HTTP 401' ? ' (HTTP 401)' : ` (“${reason}”)`;
    return (
      `${upperFirst(serviceName(baseUrl))} refused this key${why}. Nothing was stored. ` +
      'The key is still in the field: check it for a missing or wrong character, or ask your provider.'
    );
  }
  return sentence(error.message);
}

function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
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
 * Set or replace the API key. The field is a password field that starts empty and never shows a stored
 * key (the page never has it); "Show key" shows what was typed. A key the service refuses stays in the
 * field, masked, with the reason, so the scout corrects it instead of pasting it again. The field is
 * uncontrolled: React would copy a controlled value into the DOM's `value` attribute, and the typed key
 * has no business in the page's markup. When the keychain is unavailable, it says so and offers this
 * session only.
 */
export function KeyForm(props: {
  status: KeyStatus | undefined;
  onSaved?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // Whether the field holds any text (the key itself is read from the field only when it is sent).
  const [typed, setTyped] = useState(false);
  const [shown, setShown] = useState(false);
  const keychain = props.status?.keychainAvailable ?? true;
  const [persist, setPersist] = useState<'keychain' | 'session'>(keychain ? 'keychain' : 'session');
  const mutation = useSetKey();
  const info = useAppInfo();
  const effectivePersist = keychain ? persist : 'session';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = field.current?.value ?? '';
    if (key.trim() === '') return;
    mutation.mutate(
      { key, persist: effectivePersist },
      {
        onSuccess: () => {
          if (field.current) field.current.value = '';
          setTyped(false);
          setShown(false);
          props.onSaved?.();
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
      <div className="key-field">
        <input
          ref={field}
          id={`${id}-key`}
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: only set when the form opens on request (the key dialog, whose first field takes focus in the modal dialog pattern; Settings' "Use my key…")
          autoFocus={props.autoFocus}
          onChange={(e) => setTyped(e.currentTarget.value.trim() !== '')}
          placeholder="Paste the key your data provider issued"
          aria-describedby={mutation.isError ? `${id}-error` : undefined}
          required
        />
        <button
          type="button"
          className="btn small"
          aria-pressed={shown}
          aria-controls={`${id}-key`}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? 'Hide key' : 'Show key'}
        </button>
      </div>
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
        <p id={`${id}-error`} className="notice error" role="alert">
          {setKeyErrorText(toServiceError(mutation.error), info.data?.baseUrl)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={mutation.isPending || !typed}>
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
