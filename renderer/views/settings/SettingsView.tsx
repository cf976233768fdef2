import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { SavedKey, Settings } from '../../../shared/bridge/bridge.ts';
import { PAGE_SIZES } from '../../../shared/bridge/settings-defaults.ts';
import { toServiceError } from '../../bridge/client.ts';
import {
  useAbout,
  useAppInfo,
  useClearKey,
  useKeyStatus,
  useRemoveSavedKey,
  useSavedKeys,
  useSettings,
  useTestConnection,
  useUpdateSettings,
} from '../../bridge/queries.ts';

import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { KeyForm, keySourceText } from '../../components/KeyForm.tsx';
import { SkeletonText } from '../../components/States.tsx';
import { DATA_SOURCE_LABELS } from '../../state/dataSource.ts';
import { DepartmentSection } from './DepartmentSection.tsx';
import { ListsSafety } from './ListsSafety.tsx';
import { OfflineStorage } from './OfflineStorage.tsx';
import './settings.css';
import { formatDateTime } from '../../format/index.ts';

function ConnectionSection() {
  const id = useId();
  const settings = useSettings();
  const info = useAppInfo();
  const update = useUpdateSettings();
  const test = useTestConnection();
  const [baseUrl, setBaseUrl] = useState('');
  // A key typed only to test another service: the saved key belongs to the service it was saved for.
  const [testKey, setTestKey] = useState('');
  useEffect(() => setBaseUrl(settings.data?.baseUrl ?? ''), [settings.data?.baseUrl]);
  const trimmed = baseUrl.trim();
  const dirty = trimmed !== (settings.data?.baseUrl ?? '');

  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ baseUrl: trimmed === '' ? null : trimmed });
  };
  const other = dirty && trimmed !== '';
  const runTest = () =>
    test.mutate(other ? { baseUrl: trimmed, ...(testKey.trim() !== '' ? { key: testKey.trim() } : {}) } : {});

  return (
    <section className="card settings-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Connection</h2>
      <form onSubmit={save} className="stack">
        <label htmlFor={`${id}-url`} className="field-label">
          Service base URL
        </label>
        <div className="row">
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className="grow"
            value={baseUrl}
            placeholder="Blank: the embedded local service"
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
            spellCheck={false}
          />
          <button type="submit" className="btn primary" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
        <p className="muted small">
          The address ends in <code>/v1</code>. Leave it blank to use the local service that ships with Rinkside.
          {info.data ? (
            <>
              {' '}
              In use now: <code>{info.data.baseUrl}</code>
            </>
          ) : null}
        </p>
        {update.isError ? (
          <p className="notice error" role="alert">
            {toServiceError(update.error).message}
          </p>
        ) : null}
      </form>
      {other ? (
        <div className="stack">
          <label htmlFor={`${id}-testkey`} className="field-label">
            Key for this service (used for the test only, not stored)
          </label>
          <input
            id={`${id}-testkey`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={testKey}
            onChange={(e) => setTestKey(e.currentTarget.value)}
          />
          <p className="muted small">
            Your saved key is sent only to the service it was saved for. After saving a new address, Rinkside asks for
            that service’s key.
          </p>
        </div>
      ) : null}
      <div className="row">
        <button type="button" className="btn" onClick={runTest} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {test.isSuccess ? (
          <output className="notice ok">
            Connected to <code>{test.data.baseUrl}</code> in {Math.round(test.data.latencyMs)} ms
            {test.data.about ? ` · interface ${test.data.about.version} · ${test.data.about.provenance.source}` : ''}
          </output>
        ) : null}
      </div>
      {test.isError ? <ErrorPanel error={test.error} what="the service" onRetry={runTest} /> : null}
    </section>
  );
}

/**
 * The API key: where it is kept, and the form to set or replace it. On the embedded service's built-in
 * key no key is needed, so the form waits behind a quiet "Use my key…" (the top bar offers none there).
 */
function KeySection() {
  const id = useId();
  const status = useKeyStatus();
  const clear = useClearKey();
  const [asking, setAsking] = useState(false);
  const ownKeyLink = useRef<HTMLButtonElement>(null);
  // Cancel puts the focus back on the link that opened the form.
  const cancel = () => {
    setAsking(false);
    setTimeout(() => ownKeyLink.current?.focus(), 0);
  };
  const stored = status.data?.source === 'keychain' || status.data?.source === 'session';
  const builtIn = status.data?.source === 'demo';
  return (
    <section className="card settings-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>API key</h2>
      <p className="key-status">
        <span className={`dot ${status.data?.source ?? 'none'}`} aria-hidden="true" />
        {keySourceText(status.data)}
      </p>
      {builtIn && !asking ? (
        <p className="small">
          <button
            ref={ownKeyLink}
            type="button"
            className="link-btn"
            aria-expanded={false}
            onClick={() => setAsking(true)}
          >
            Use my key…
          </button>{' '}
          <span className="muted">for a subscription of your own.</span>
        </p>
      ) : (
        <KeyForm
          status={status.data}
          autoFocus={asking}
          onCancel={builtIn ? cancel : undefined}
          onSaved={() => setAsking(false)}
        />
      )}
      {stored ? (
        <div className="row">
          <button type="button" className="btn danger" onClick={() => clear.mutate()} disabled={clear.isPending}>
            {clear.isPending ? 'Removing…' : 'Remove key'}
          </button>
          {clear.isError ? (
            <span className="notice error" role="alert">
              {toServiceError(clear.error).message}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A saved key's service in words: the local service, or its base URL as typed in Connection. */
function serviceName(scope: string): string {
  return scope === 'embedded' ? 'Local service (built in)' : scope;
}

/** When a key was saved, in the scout's local time; keys an earlier version saved have no time. */
function savedWhen(iso: string | null): string {
  return iso === null || Number.isNaN(Date.parse(iso)) ? 'Before this version' : formatDateTime(iso);
}

/** One saved key's row: the service, when it was saved, and Remove (asked once more before it is done). */
function SavedKeyRow(props: { row: SavedKey; busy: boolean; onRemove: (row: SavedKey) => void }) {
  const { row } = props;
  const name = serviceName(row.scope);
  return (
    <tr>
      <th scope="row">
        <div className="saved-key-service">
          {row.scope === 'embedded' ? name : <code>{name}</code>}
          {row.inUse ? <span className="pill ok">In use</span> : null}
        </div>
      </th>
      <td className="saved-key-when">{savedWhen(row.savedAt)}</td>
      <td>
        <div className="saved-key-actions">
          <ConfirmAction
            verb="Remove"
            busy={props.busy}
            onConfirm={() => props.onRemove(row)}
            askLabel={`Remove the key for ${name}…`}
            confirmLabel={`Remove the key for ${name} from the keychain`}
          />
        </div>
      </td>
    </tr>
  );
}

/** The keys in the OS keychain, one per service (never a key): when each was saved, and Remove. */
function SavedKeysSection() {
  const id = useId();
  const saved = useSavedKeys();
  const remove = useRemoveSavedKey();
  const rows = saved.data ?? [];
  return (
    <section className="card settings-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Saved keys</h2>
      <p className="muted small">
        Each key is kept in the OS keychain for the service it was saved for, and sent only to that service.
      </p>
      {saved.isLoading ? <SkeletonText width="l" /> : null}
      {saved.isError ? (
        <ErrorPanel error={saved.error} what="the saved keys" onRetry={() => void saved.refetch()} />
      ) : null}
      {saved.isSuccess && rows.length === 0 ? <p className="muted">No key is saved in the keychain.</p> : null}
      {rows.length > 0 ? (
        <table className="saved-keys" aria-labelledby={`${id}-h`}>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Saved</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <SavedKeyRow key={r.scope} row={r} busy={remove.isPending} onRemove={(row) => remove.mutate(row)} />
            ))}
          </tbody>
        </table>
      ) : null}
      {remove.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(remove.error).message}
        </p>
      ) : null}
    </section>
  );
}

function AboutSection() {
  const id = useId();
  const about = useAbout();
  const p = about.data?.provenance;
  return (
    <section className="card settings-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Where the data comes from</h2>
      {about.isLoading ? <SkeletonText width="l" /> : null}
      {about.isError ? (
        <ErrorPanel error={about.error} what="the service’s description" onRetry={() => void about.refetch()} />
      ) : null}
      {p ? (
        <dl className="facts vertical">
          <div>
            <dt>Source</dt>
            <dd>{DATA_SOURCE_LABELS[p.source].long}</dd>
          </div>
          {p.description ? (
            <div>
              <dt>About</dt>
              <dd>{p.description}</dd>
            </div>
          ) : null}
          <div>
            <dt>Interface</dt>
            <dd>{about.data?.version}</dd>
          </div>
          {p.attribution ? (
            <div>
              <dt>Attribution</dt>
              <dd className="attribution-inline">{p.attribution}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

function TablesSection() {
  const id = useId();
  const settings = useSettings();
  const update = useUpdateSettings();
  return (
    <section className="card settings-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Tables</h2>
      <label className="row" htmlFor={`${id}-size`}>
        <span className="field-label">Default rows per page</span>
        <select
          id={`${id}-size`}
          value={settings.data?.pageSize ?? 100}
          disabled={!settings.data || update.isPending}
          onChange={(e) => update.mutate({ pageSize: Number(e.currentTarget.value) as Settings['pageSize'] })}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small">Used when a link or view does not name a page size.</p>
    </section>
  );
}

/**
 * Settings: connection (base URL, test), the key, the saved keys, where the data comes from, table defaults,
 * the scouting lists' files and backups (restore, export, import), the downloaded players (clear), and the
 * department (its server, the sync, conflicts).
 */
export function SettingsView() {
  return (
    <section className="view scroll" aria-labelledby="settings-title">
      <header className="view-head">
        <h1 id="settings-title">Settings</h1>
      </header>
      <div className="settings-grid">
        <ConnectionSection />
        <KeySection />
        <SavedKeysSection />
        <AboutSection />
        <TablesSection />
        <ListsSafety />
        <OfflineStorage />
        <DepartmentSection />
      </div>
    </section>
  );
}
