// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { StorageNotice } from '../../../renderer/app/StorageNotice.tsx';
import { call, setBridge } from '../../../renderer/bridge/client.ts';
import {
  ageText,
  bytesText,
  cacheNoticeText,
  listsNoticeText,
  readOnlyNoticeText,
} from '../../../renderer/state/storage.ts';
import { ListsView } from '../../../renderer/views/lists/ListsView.tsx';
import { importReportText } from '../../../renderer/views/settings/ListsTransfer.tsx';
import { startTestHost, type TestHost } from './real-host.ts';

/**
 * What the scout reads of his lists' safety, against a real host: a list holding a player of the data in
 * use (a link to his page) and a player starred from another database (his kept name, "other data", no
 * link, his note), with the earlier note an import kept beside the newer one; and the words of the
 * notices and reports, checked against sentences written out here.
 */

let t: TestHost;
let listId: number;

beforeAll(async () => {
  t = await startTestHost();
  setBridge(t.bridge);
  const list = await call('scoutingListCreate', { name: 'Mixed' });
  listId = list.id;
  const mine = await call('scoutingListEntrySave', {
    listId,
    playerId: 1,
    player: { name: 'Here Player' },
    note: 'Mine, written first',
  });
  const source = t.host.connection.dataSource();
  const at = (ms: number) => new Date(Date.parse(mine.updatedAt) + ms).toISOString();
  const entry = (player: { source: string; id: number; name: string }, note: string, updatedAt: string) => ({
    player: { ...player, dateOfBirth: null, position: null },
    rating: 4,
    note,
    previousNote: null,
    addedAt: at(0),
    updatedAt,
  });
  await call('scoutingListsImport', {
    text: JSON.stringify({
      format: 'rinkside-lists',
      version: 1,
      exportedAt: at(0),
      app: 'test',
      lists: [
        {
          name: 'Mixed',
          createdAt: at(0),
          updatedAt: at(60_000),
          entries: [
            entry({ source, id: 1, name: 'Here Player' }, 'Theirs, newer', at(60_000)),
            entry(
              { source: 'embedded:another-database', id: 1, name: 'Elsewhere Player' },
              'Seen in the other file',
              at(0),
            ),
          ],
        },
      ],
    }),
  });
}, 120_000);
afterEach(cleanup);
afterAll(async () => {
  setBridge(undefined);
  await t?.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/lists/:id',
        element: (
          <>
            <StorageNotice />
            <ListsView />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a list with players of two databases', () => {
  it('links the data in use’s player, keeps the other database’s apart, and shows the earlier note', async () => {
    renderAt(`/lists/${listId}`);
    const table = await screen.findByRole('table', { name: 'Scouting list Mixed' }, { timeout: 15_000 });
    await waitFor(() => expect(within(table).getByText('Elsewhere Player')).toBeTruthy(), { timeout: 15_000 });
    const here = within(table).getByText('Here Player').closest('a');
    expect(here?.getAttribute('href')).toBe('#/players/1');
    const there = within(table).getByText('Elsewhere Player');
    expect(there.closest('a')).toBeNull();
    expect(there.closest('.unlinked')?.getAttribute('title')).toBe(
      'Starred from a database of the app’s local service: his stats are not in the data in use',
    );
    expect(within(table).getByText('other data')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Note on Here Player: Theirs, newer. Edit' })).toBeTruthy();
    const earlier = within(table).getByText('earlier note');
    expect(earlier.getAttribute('title')).toMatch(/^Earlier note \(\d{4}-\d\d-\d\d\): Mine, written first$/);
    // Nothing was damaged: no notice.
    expect(document.querySelector('.storage-notice')).toBeNull();
  }, 30_000);
});

describe('the words of the notices and reports', () => {
  const now = new Date('2026-11-25T14:00:00.000Z');
  it('say what was restored, from when, what it lacks, and where the damaged file is', () => {
    const backup = { name: 'lists-20261125T135700000Z.sqlite', takenAt: '2026-11-25T13:57:00.000Z', bytes: 32768 };
    const text = listsNoticeText(
      {
        at: now.toISOString(),
        reason: 'the file failed its check: file is not a database',
        restoredFrom: backup,
        keptAs: '/data/scouting-lists.damaged-2026-11-25T14-00-00-000Z.sqlite',
        lastChangeAt: '2026-11-25T13:58:30.000Z',
      },
      now,
    );
    expect(text).toMatch(
      /^Your scouting lists file could not be used \(the file failed its check: file is not a database\)\. Rinkside restored your lists from the backup of .+ \(3 minutes old\)\. Changes made after then \(the last at .+\) are not in it\. The damaged file was kept as \/data\/scouting-lists\.damaged-2026-11-25T14-00-00-000Z\.sqlite\.$/,
    );
    expect(
      listsNoticeText(
        { at: now.toISOString(), reason: 'the file was empty', restoredFrom: null, keptAs: null, lastChangeAt: null },
        now,
      ),
    ).toBe(
      'Your scouting lists file could not be used (the file was empty), and no backup could be restored: your lists start empty.',
    );
    expect(
      listsNoticeText(
        {
          at: now.toISOString(),
          reason: 'the file was written by a newer Rinkside, at schema version 4',
          restoredFrom: null,
          keptAs: null,
          lastChangeAt: null,
          unavailable: true,
        },
        now,
      ),
    ).toBe(
      'Your scouting lists cannot be opened (the file was written by a newer Rinkside, at schema version 4). Rinkside left the file as it is; your lists are unavailable until you restore a backup in Settings.',
    );
    expect(cacheNoticeText({ at: '', reason: 'the file was empty', keptAs: null, synced: null }, true)).toBe(
      'The downloaded players could not be used (the file was empty) and were set aside; your scouting lists are not affected. Rinkside is downloading its leagues again.',
    );
    expect(readOnlyNoticeText('/mnt/usb/Rinkside/lists.sqlite')).toBe(
      'Rinkside cannot write to /mnt/usb/Rinkside: your lists, reports and boards are shown as they are, but no change can be saved until the folder can be written to. Everything saved before is kept.',
    );
    expect(readOnlyNoticeText('C:\\Users\\scout\\AppData\\Roaming\\Rinkside\\lists.sqlite')).toMatch(
      /^Rinkside cannot write to C:\\Users\\scout\\AppData\\Roaming\\Rinkside: /,
    );
    expect(ageText('2026-11-25T13:59:58.000Z', now)).toBe('2 seconds');
    expect(ageText('2026-11-23T14:00:00.000Z', now)).toBe('2 days');
    expect(bytesText(336_592_896)).toBe('321.0 MB');
    expect(
      importReportText({
        listsCreated: 2,
        listsMerged: 1,
        entriesAdded: 120,
        entriesUpdated: 3,
        entriesKept: 40,
        previousNotesKept: 1,
        reportsAdded: 0,
        reportsUpdated: 0,
        reportsKept: 0,
        boardsAdded: 0,
        boardsUpdated: 0,
        boardsKept: 0,
      }),
    ).toBe(
      'Imported: 2 lists added, 1 list merged; 120 players added, 3 updated (newer in the file), 40 kept (yours as new or newer); 1 older note kept as a previous note.',
    );
    expect(
      importReportText({
        listsCreated: 0,
        listsMerged: 0,
        entriesAdded: 0,
        entriesUpdated: 0,
        entriesKept: 0,
        previousNotesKept: 0,
        reportsAdded: 12,
        reportsUpdated: 1,
        reportsKept: 0,
        boardsAdded: 1,
        boardsUpdated: 1,
        boardsKept: 0,
      }),
    ).toBe(
      'Imported: no list; 0 players added; 12 reports added, 1 updated (newer in the file); 1 board added, 1 reordered (the older order kept as a version).',
    );
  });
});
