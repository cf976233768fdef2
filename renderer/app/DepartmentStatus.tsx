import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toServiceError } from '../bridge/client.ts';
import { useDepartmentStatus, useRefreshAfterRounds, useSyncNow } from '../entities/department/useDepartment.ts';
import { formatCount, formatDateTime } from '../format/index.ts';
import { notSentLines, statusWords } from './departmentWords.ts';

/** How often the relative time ("3 min ago") is written again, in ms. */
const TICK_MS = 30_000;

/** The current time, again every {@link TICK_MS}: the label's "min ago" moves on without a new status. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(t);
  }, []);
  return now;
}

/**
 * The department's status in the top bar (nothing when no department is set up): synced when, changes
 * waiting, offline, or what is wrong. A click opens a small menu with the sentence in full, "Sync now" and
 * "Department settings"; Esc or a click elsewhere closes it and the focus goes back to the button.
 */
export function DepartmentStatus() {
  const id = useId();
  const status = useDepartmentStatus();
  const sync = useSyncNow();
  const navigate = useNavigate();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useRefreshAfterRounds(status.data);
  // Another view closes it (the menu belongs to the view it was opened over).
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a new `pathname` asks for
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const away = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    // Esc closes it wherever the focus is (a button that went disabled while it syncs drops the focus).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const s = status.data;
  const words = s ? statusWords(s, now) : null;
  if (!s || !words) return null;
  const busy = sync.isPending || s.state === 'syncing';
  return (
    <div className="dept-status">
      <button
        ref={button}
        type="button"
        className={`btn topbar-btn dept-status-btn ${words.tone}`}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={`Department: ${words.label}`}
        title={s.syncedAt ? `Last synced ${formatDateTime(s.syncedAt)}` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="dept-dot" aria-hidden="true" />
        {words.label}
      </button>
      {open ? (
        <div ref={menu} id={`${id}-menu`} className="dept-menu" role="dialog" aria-label="Department sync">
          <p className="dept-menu-line">{words.line}</p>
          {s.syncedAt ? <p className="dept-menu-meta">Last synced {formatDateTime(s.syncedAt)}</p> : null}
          {s.refused.length > 0 ? (
            <p className="dept-menu-meta">
              {formatCount(s.refused.length, 'change')} refused by the server: {s.refused[0]?.reason}
            </p>
          ) : null}
          {notSentLines(s).map((line) => (
            <p key={line} className="dept-menu-meta">
              {line}
            </p>
          ))}
          {sync.isError ? (
            <p className="dept-menu-error" role="alert">
              {toServiceError(sync.error).message}
            </p>
          ) : null}
          <div className="dept-menu-actions">
            <button type="button" className="btn primary small" disabled={busy} onClick={() => sync.mutate()}>
              {busy ? 'Syncing…' : 'Sync now'}
            </button>
            <button
              type="button"
              className="btn small"
              onClick={() => {
                setOpen(false);
                navigate('/settings#department');
              }}
            >
              {s.conflicts > 0 ? 'Conflicts and settings' : 'Department settings'}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
