import { formatCount } from '../../shared/columns/index.ts';
import type { DepartmentSyncStatus } from '../../shared/department/bridge.ts';
import { waitingText } from '../entities/department/syncWords.ts';
import { formatAgo } from '../format/index.ts';

/** The top bar's department status in words: a short label, its tone, and the longer line of its menu. */
export interface StatusWords {
  label: string;
  tone: 'ok' | 'busy' | 'warn' | 'error';
  /** The sentence the menu opens with: where it syncs, or what is wrong. */
  line: string;
}

/**
 * The words for `s` at `now` (ms): "Synced 3 min ago", "Offline · 2 changes waiting", "Department: password
 * needed". Null when no department is set up: the top bar then shows nothing of it.
 */
export function statusWords(s: DepartmentSyncStatus, now: number): StatusWords | null {
  const waiting = waitingText(s.waiting);
  const conflicts = s.conflicts === 0 ? '' : ` · ${formatCount(s.conflicts, 'conflict')}`;
  const where = `${s.user ?? ''} on ${s.database ?? ''} at ${s.server ?? ''}`;
  switch (s.state) {
    case 'off':
      return null;
    case 'syncing':
      return { label: `Syncing…${waiting}`, tone: 'busy', line: `Syncing as ${where}.` };
    case 'synced':
      return {
        label: `Synced ${s.syncedAt ? formatAgo(s.syncedAt, now) : 'just now'}${waiting}${conflicts}`,
        tone: s.conflicts > 0 ? 'warn' : 'ok',
        line: `Syncing as ${where}.`,
      };
    case 'offline':
      return {
        label: `Offline${waiting}`,
        tone: 'warn',
        line: s.message ?? `The department’s server cannot be reached; changes wait on this computer.`,
      };
    case 'password':
      return { label: 'Department: password needed', tone: 'error', line: s.message ?? 'Enter the password again.' };
    case 'tls':
      return { label: 'Department: certificate refused', tone: 'error', line: s.message ?? 'Check the CA file.' };
    case 'paused':
      return { label: 'Department sync paused', tone: 'warn', line: s.message ?? 'Sync is paused.' };
    case 'error':
      return { label: 'Department: sync failed', tone: 'error', line: s.message ?? 'The last sync failed.' };
  }
}

/** How many records of one login the menu's line names. */
const NOT_SENT_NAMED = 5;

/**
 * The menu's lines for work written here under other logins of the department and never sent (the laptop
 * was handed on), one per login: "2 records written under scout_a’s login, not sent: Wingers, Owen Lund.
 * They go when this computer is set up for scout_a again." Empty when there is none.
 */
export function notSentLines(s: DepartmentSyncStatus): string[] {
  const byOwner = new Map<string, string[]>();
  for (const r of s.notSent) byOwner.set(r.owner, [...(byOwner.get(r.owner) ?? []), r.title]);
  return [...byOwner].map(([owner, titles]) => {
    const shown = titles.slice(0, NOT_SENT_NAMED).join(', ');
    const more = titles.length > NOT_SENT_NAMED ? ` and ${titles.length - NOT_SENT_NAMED} more` : '';
    return `${formatCount(titles.length, 'record')} written under ${owner}’s login, not sent: ${shown}${more}. They go when this computer is set up for ${owner} again.`;
  });
}
