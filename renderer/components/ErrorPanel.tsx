import type { ReactNode } from 'react';
import type { ServiceError } from '../../shared/contract/errors.ts';
import { toServiceError } from '../bridge/client.ts';
import { useKeyStatus } from '../bridge/queries.ts';
import { openKeyDialog } from '../state/keyDialogStore.ts';
import './states.css';

export interface ErrorPanelProps {
  error: unknown;
  /** What was asked for, as a phrase to name it in a 403/404: `the goaltending stats of Boston Bruins in 2019-2020`. */
  what: string;
  onRetry?: () => void;
  /** Extra actions beside the panel's own (a way back from a 403: "Show DEL standings"). */
  actions?: ReactNode;
}

interface Explained {
  title: string;
  body: ReactNode;
  retry: boolean;
  action?: ReactNode;
}

function explain(e: ServiceError, what: string): Explained {
  switch (e.kind) {
    case 'unauthorized':
      return {
        title: 'Your API key was not accepted',
        body: <>The service needs a valid key to show {lower(what)}.</>,
        retry: false,
        action: (
          <button type="button" className="btn primary" onClick={() => openKeyDialog('user')}>
            Enter a key…
          </button>
        ),
      };
    case 'forbidden':
      return {
        title: 'Outside your subscription',
        body: (
          <>
            You asked for {lower(what)}, which is outside your key’s subscription. Ask your data provider to add that
            league or season to your subscription, or choose another one.
          </>
        ),
        retry: false,
      };
    case 'not-found':
      return {
        title: 'Not found',
        body: (
          <>
            {upper(what)}: the service has no such record
            {e.message && e.message !== 'HTTP 404' ? ` (${e.message})` : ''}.
          </>
        ),
        retry: false,
      };
    case 'bad-request':
      return {
        title: 'The service refused the request',
        body: (
          <>
            {e.parameter && !e.message.includes(e.parameter) ? (
              <>
                Parameter <code>{e.parameter}</code>:{' '}
              </>
            ) : null}
            {e.message}
            {e.allowed && e.allowed.length > 0 ? (
              <span className="allowed">
                {' '}
                Allowed: {e.allowed.slice(0, 12).join(', ')}
                {e.allowed.length > 12 ? '…' : ''}
              </span>
            ) : null}
          </>
        ),
        retry: false,
      };
    case 'rate-limited':
      return {
        title: 'The service is busy',
        body: (
          <>
            Too many requests right now
            {e.retryAfterMs ? `; it asks to wait ${Math.ceil(e.retryAfterMs / 1000)} s` : ''}. Rinkside already retried.
          </>
        ),
        retry: true,
      };
    case 'network':
      return { title: 'Can’t reach the service', body: e.message, retry: true };
    case 'timeout':
      return {
        title: 'The service did not answer',
        body: <>No answer within {Math.round(e.timeoutMs / 1000)} s. Rinkside already retried.</>,
        retry: true,
      };
    case 'server':
      return { title: `The service had a problem (HTTP ${e.status})`, body: e.message, retry: true };
    case 'invalid-response':
      return { title: 'The service’s answer was not understood', body: e.message, retry: true };
    case 'keychain-unavailable':
      return { title: 'The OS keychain is not available', body: e.message, retry: false };
    case 'local-file':
      return { title: 'A file on this computer cannot be used', body: e.message, retry: true };
  }
}

function upper(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function lower(s: string): string {
  return s.length > 0 ? s[0]?.toLowerCase() + s.slice(1) : s;
}

/**
 * The title of a 401 panel: a key of the scout's (or the built-in one) was refused, or, when no key is
 * set at all (a first run on a service without a built-in key), plainly that a key is needed.
 */
function UnauthorizedTitle() {
  const source = useKeyStatus().data?.source;
  return <>{source === undefined || source === 'none' ? 'An API key is needed' : 'Your API key was not accepted'}</>;
}

/** A plain error panel per error kind (DESIGN.md: "Each view shows each kind plainly"). */
export function ErrorPanel({ error, what, onRetry, actions }: ErrorPanelProps) {
  const e = toServiceError(error);
  const x = explain(e, what);
  return (
    <div className={`panel error-panel kind-${e.kind}`} role="alert">
      <div className="error-icon" aria-hidden="true">
        {e.kind === 'forbidden' ? (
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path
              d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
        ) : (
          '!'
        )}
      </div>
      <div className="error-text">
        <h3>{e.kind === 'unauthorized' ? <UnauthorizedTitle /> : x.title}</h3>
        <p>{x.body}</p>
        {e.kind === 'forbidden' && e.message && e.message !== 'HTTP 403' ? (
          <p className="muted small">Service says: {e.message}</p>
        ) : null}
        <div className="error-actions">
          {x.action}
          {actions}
          {x.retry && onRetry ? (
            <button type="button" className="btn" onClick={onRetry}>
              Retry
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
