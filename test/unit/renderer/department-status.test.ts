import { notSentLines, statusWords } from '../../../renderer/app/departmentWords.ts';
import { formatAgo } from '../../../renderer/format/index.ts';
import type { DepartmentSyncState, DepartmentSyncStatus } from '../../../shared/department/bridge.ts';

/** A status as the host answers it, synced, nothing waiting; `over` changes what a case needs. */
function status(over: Partial<DepartmentSyncStatus> = {}): DepartmentSyncStatus {
  return {
    state: 'synced',
    message: null,
    openSettings: false,
    server: 'db.example.org:5432',
    database: 'rinkside',
    user: 'scout_a',
    syncedAt: '2026-12-04T18:00:00Z',
    waiting: 0,
    refused: [],
    notSent: [],
    conflicts: 0,
    offlineSince: null,
    nextTryAt: null,
    lastRound: null,
    ...over,
  };
}

const at = (iso: string) => Date.parse(iso);

describe('formatAgo', () => {
  it('says how long ago in minutes and hours within a day, then the moment itself', () => {
    expect(formatAgo('2026-12-04T18:00:00Z', at('2026-12-04T18:00:40Z'))).toBe('just now');
    expect(formatAgo('2026-12-04T18:00:00Z', at('2026-12-04T18:12:59Z'))).toBe('12 min ago');
    expect(formatAgo('2026-12-04T18:00:00Z', at('2026-12-04T21:30:00Z'))).toBe('3 h ago');
    const d = new Date('2026-12-02T18:00:00Z');
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:00`;
    expect(formatAgo('2026-12-02T18:00:00Z', at('2026-12-04T18:00:00Z'))).toBe(local);
  });

  it('shows no date as a dash and text that is no date as it is', () => {
    expect(formatAgo(null, Date.now())).toBe('—');
    expect(formatAgo('soon', Date.now())).toBe('soon');
  });
});

describe('the top bar’s department status in words', () => {
  const now = at('2026-12-04T18:05:00Z');

  it('shows nothing with no department set up', () => {
    expect(statusWords(status({ state: 'off', server: null, database: null, user: null }), now)).toBeNull();
  });

  it('synced: when, then what waits and the conflicts; a conflict turns it to a warning', () => {
    expect(statusWords(status(), now)).toEqual({
      label: 'Synced 5 min ago',
      tone: 'ok',
      line: 'Syncing as scout_a on rinkside at db.example.org:5432.',
    });
    expect(statusWords(status({ waiting: 2, conflicts: 1 }), now)).toMatchObject({
      label: 'Synced 5 min ago · 2 changes waiting · 1 conflict',
      tone: 'warn',
    });
  });

  it('offline with what waits; the host’s sentence in the menu', () => {
    const s = status({ state: 'offline', waiting: 1, message: 'The server cannot be reached; 1 change waits here.' });
    expect(statusWords(s, now)).toEqual({
      label: 'Offline · 1 change waiting',
      tone: 'warn',
      line: 'The server cannot be reached; 1 change waits here.',
    });
  });

  it('names what needs the scout: a password, the certificate, a pause, a failure', () => {
    const label = (state: DepartmentSyncState) => statusWords(status({ state, message: 'x.' }), now)?.label;
    expect(label('password')).toBe('Department: password needed');
    expect(label('tls')).toBe('Department: certificate refused');
    expect(label('paused')).toBe('Department sync paused');
    expect(label('error')).toBe('Department: sync failed');
    expect(statusWords(status({ state: 'error', message: 'The server answered: disk full.' }), now)?.line).toBe(
      'The server answered: disk full.',
    );
  });
});

describe('work written under another login, not sent', () => {
  it('is named per login, the first five records by title, and none gives no line', () => {
    const rec = (owner: string, title: string) =>
      ({ owner, kind: 'list', recordId: title, title, madeAt: null }) as const;
    expect(notSentLines(status())).toEqual([]);
    const titles = ['Unsent', 'Owen Lund', 'Wingers', 'Centres', 'Goalies', 'Depth'];
    expect(
      notSentLines(status({ notSent: [...titles.map((t) => rec('scout_a', t)), rec('scout_c', 'Board')] })),
    ).toEqual([
      '6 records written under scout_a’s login, not sent: Unsent, Owen Lund, Wingers, Centres, Goalies and 1 more. They go when this computer is set up for scout_a again.',
      '1 record written under scout_c’s login, not sent: Board. They go when this computer is set up for scout_c again.',
    ]);
  });
});
