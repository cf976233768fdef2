import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { DepartmentSettings, DepartmentSyncStatus } from '../../../shared/department/bridge.ts';
import { toServiceError } from '../../bridge/client.ts';
import { SkeletonText } from '../../components/States.tsx';
import { queuedText, settingsSyncLine } from '../../entities/department/syncWords.ts';
import {
  useDepartmentSettings,
  useDepartmentStatus,
  useForgetDepartment,
  useSaveDepartment,
} from '../../entities/department/useDepartment.ts';
import { DepartmentConflicts } from './DepartmentConflicts.tsx';
import { type DepartmentFields, sameTarget, useDepartmentForm } from './useDepartmentForm.ts';

/** The fields of the form, in order, with their labels and input attributes. */
const FIELDS: readonly {
  key: keyof DepartmentFields;
  label: string;
  hint?: string;
  /** Columns of the form's four it spans. */
  span: 1 | 2 | 3;
  numeric?: boolean;
}[] = [
  { key: 'server', label: 'Server', hint: 'Host name or address', span: 3 },
  { key: 'port', label: 'Port', numeric: true, span: 1 },
  { key: 'database', label: 'Database', span: 2 },
  { key: 'user', label: 'User', hint: 'Your login on the server', span: 2 },
  { key: 'scoutName', label: 'Your name on reports', hint: 'As colleagues see it', span: 2 },
  { key: 'caFile', label: 'CA file for TLS', hint: 'Full path of a PEM file (a server off this computer)', span: 2 },
];

/** Who the scout is on the server, once it said: "scout_a, scout" or "…, director". */
function whoText(s: DepartmentSettings): string | null {
  if (!s.config || s.director === null) return null;
  return `${s.config.user}, ${s.director ? 'director (the department board is yours to edit)' : 'scout'}${
    s.config.scoutName ? ` · “${s.config.scoutName}” on reports` : ''
  }`;
}

/** The password's state under its box: stored in the keychain, none stored, or the keychain missing. */
function passwordNote(s: DepartmentSettings | undefined, same: boolean): string {
  if (s && !s.keychainAvailable)
    return `The OS keychain is not available: ${s.keychainMessage ?? 'nothing can be saved.'}`;
  if (same && s?.passwordStored) return 'Stored in the keychain. Leave blank to keep it; it is never shown.';
  return 'Kept in the OS keychain only, after the test worked.';
}

/** Who the scout is on the server, how the connection goes, and where the sync stands. */
function ConnectedFacts({
  settings: s,
  status: st,
}: {
  settings: DepartmentSettings;
  status: DepartmentSyncStatus | undefined;
}) {
  if (!s.config) return null;
  const who = whoText(s);
  return (
    <dl className="facts dept-facts">
      <div>
        <dt>Connected as</dt>
        <dd>{who ?? <span className="muted">{s.config.user} (not checked yet)</span>}</dd>
      </div>
      <div>
        <dt>Connection</dt>
        <dd>{s.transport === 'tls' ? 'TLS, server certificate verified' : 'This computer only (no TLS)'}</dd>
      </div>
      {st && st.state !== 'off' ? (
        <div>
          <dt>Sync</dt>
          <dd>{settingsSyncLine(st)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** "Forget" with a confirmation that says what goes. */
function ForgetButton({ user }: { user: string }) {
  const forget = useForgetDepartment();
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="btn ghost danger" onClick={() => setAsking(true)}>
        Forget…
      </button>
    );
  }
  return (
    <div className="notice warn dept-confirm" role="alertdialog" aria-label="Forget the department?">
      <span>
        Stop syncing and remove the password of <bdi>{user}</bdi> from the keychain? Your lists and reports stay here.
      </span>
      <button type="button" className="btn danger small" disabled={forget.isPending} onClick={() => forget.mutate()}>
        Forget
      </button>
      <button type="button" className="btn ghost small" ref={cancel} onClick={() => setAsking(false)}>
        Cancel
      </button>
      {forget.isError ? (
        <span className="danger-text small" role="alert">
          {toServiceError(forget.error).message}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Settings → Department: the server, port, database, login, password (typed, never shown back: "stored in
 * the keychain"), CA file and the scout's name; "Test and save" tries it on the server before anything is
 * kept, and a refusal is said in one sentence beside the field it names. Once connected, who the scout is
 * there and how the sync stands; then the conflicts to keep or drop.
 */
export function DepartmentSection() {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const passwordBox = useRef<HTMLInputElement>(null);
  const { hash } = useLocation();
  const settings = useDepartmentSettings();
  const status = useDepartmentStatus();
  const save = useSaveDepartment();
  const form = useDepartmentForm(settings.data);
  const { fields, set } = form;
  const s = settings.data;
  const same = sameTarget(fields, s);
  const error = save.isError ? toServiceError(save.error) : null;
  const badField = error?.kind === 'bad-request' ? error.parameter : undefined;
  useEffect(() => {
    if (hash === '#department' && heading.current) {
      heading.current.scrollIntoView({ block: 'start' });
      heading.current.focus();
    }
  }, [hash]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form.args(passwordBox.current?.value ?? ''), {
      onSuccess: () => {
        if (passwordBox.current) passwordBox.current.value = '';
      },
    });
  };
  return (
    <section className="card settings-card dept-card" aria-labelledby={`${id}-h`} id="department">
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        Department
      </h2>
      <p className="muted small">
        Final reports and shared lists reach your colleagues through your department’s PostgreSQL server. Drafts and
        private lists never leave this computer.
      </p>
      {settings.isLoading ? <SkeletonText width="l" /> : null}
      {settings.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(settings.error).message}
        </p>
      ) : null}
      {s?.config ? <ConnectedFacts settings={s} status={status.data} /> : null}
      <form className="dept-form" onSubmit={submit} aria-describedby={error ? `${id}-err` : undefined}>
        {FIELDS.map((f) => (
          <label key={f.key} className={`field dept-span${f.span}`}>
            <span className="field-label">{f.label}</span>
            <input
              type="text"
              value={fields[f.key]}
              inputMode={f.numeric ? 'numeric' : undefined}
              placeholder={f.hint}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={badField === f.key || undefined}
              onChange={(e) => set({ [f.key]: e.currentTarget.value })}
            />
          </label>
        ))}
        <div className="field dept-span2">
          <label className="field-label" htmlFor={`${id}-password`}>
            Password
          </label>
          <input
            id={`${id}-password`}
            ref={passwordBox}
            type="password"
            autoComplete="new-password"
            placeholder={same && s?.passwordStored ? '•••••••• stored in the keychain' : ''}
            aria-invalid={badField === 'password' || undefined}
            aria-describedby={`${id}-pw`}
          />
          <span id={`${id}-pw`} className="muted small">
            {passwordNote(s, same)}
          </span>
        </div>
        <div className="row dept-span4">
          <button type="submit" className="btn primary" disabled={save.isPending}>
            {save.isPending ? 'Testing…' : 'Test and save'}
          </button>
          {save.isSuccess && !save.isPending ? (
            <output className="notice ok">
              Connected and saved
              {queuedText(save.data.configured.queued)}.
            </output>
          ) : null}
          <span className="grow" />
          {s?.config ? <ForgetButton user={s.config.user} /> : null}
        </div>
        {error ? (
          <p id={`${id}-err`} className="notice error dept-span4" role="alert">
            {error.message}
          </p>
        ) : null}
      </form>
      {s?.config ? <DepartmentConflicts /> : null}
    </section>
  );
}
