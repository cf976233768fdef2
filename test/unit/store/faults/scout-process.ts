/**
 * A scout's app reduced to its store, as a process of its own that a fault test can kill with SIGKILL,
 * run as another user or inside a private mount namespace: the scouting lists through the host's own
 * lists host and bridge handlers (so errors are the very words the page gets), and the player cache's
 * worker, directly (to fill it) and through the host's offline host and bridge handlers (to read it as
 * the page does; no download is started, so its service client is never called); and the lists worker's
 * department calls, as the sync driver makes them. `node scout-process.ts DATA_DIR`; commands are JSON lines on stdin, answers JSON lines on
 * stdout: `{id, ok, value}` or `{id, ok: false, error}`, and during a burst one `{ack}` line per save
 * the host confirmed (the save has returned: the note is in the file).
 */
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openSettings } from '../../../../electron/host/common/settings.ts';
import { createListHandlers } from '../../../../electron/host/lists/handlers.ts';
import { createListsHost } from '../../../../electron/host/lists/lists-host.ts';
import { createScoutingHandlers } from '../../../../electron/host/lists/scouting-handlers.ts';
import { createOfflineHandlers } from '../../../../electron/host/offline/handlers.ts';
import { createOfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import type { DepartmentSetup } from '../../../../shared/department/laptop.ts';
import type { UnitCommit } from '../../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient, storeFile } from '../../../../store/index.ts';
import { burstNote, draftOf } from './notes.ts';

const arg = process.argv[2];
if (arg === undefined) throw new Error('usage: scout-process.ts DATA_DIR');
const dataDir: string = arg;
const SOURCE = 'embedded:fault-test';

const settings = await openSettings(dataDir);
let lists = createListsHost({ dataDir, settings, source: () => SOURCE, recordDelayMs: 50 });
let handlers = createListHandlers({ lists, app: 'Rinkside fault test' });
let scouting = createScoutingHandlers({ lists });
let cache: StoreClient | null = null;
// The page's side of the player cache; the address is never asked (no download runs here).
const offline = createOfflineHost({ dataDir, client: createServiceClient(), source: () => SOURCE });
const offlineHandlers = createOfflineHandlers({
  offline,
  service: () => ({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, source: SOURCE }),
});

const out = (m: unknown) => process.stdout.write(`${JSON.stringify(m)}\n`);

/** A team-season of `players` made-up players (ids from `first`), as a download commits one. */
function unit(n: number, first: number, players: number): UnitCommit {
  const ids = Array.from({ length: players }, (_, i) => first + i);
  return {
    leagueSlug: 'flt',
    league: { slug: 'flt', name: 'Fault League', fullName: null },
    season: { slug: '2024-2025', startYear: 2024, endYear: 2025 },
    team: { id: n, name: `Team ${n}` },
    players: ids.map((id) => ({
      id,
      name: `Skater ${id}`,
      firstName: null,
      lastName: null,
      position: 'F',
      detailedPosition: [],
      draftSelection: null,
      nationality: null,
      dateOfBirth: null,
      yearOfBirth: null,
      height: { metrics: null },
      weight: { metrics: null },
      shoots: null,
      catches: null,
      updatedAt: null,
    })),
    rows: ids.map((id) => ({
      id: id * 10,
      playerId: id,
      team: { id: n, name: `Team ${n}` },
      leagueSlug: 'flt',
      season: '2024-2025',
      playerAge: null,
      regularStats: { GP: 82, G: id % 50, A: id % 40, PTS: (id % 50) + (id % 40) },
      postseasonStats: {},
      totalStats: {},
    })),
  };
}

/** Fills the disk of the data folder with a file until it is full; returns the bytes written. */
function fill(): number {
  const fd = openSync(join(dataDir, 'filler'), 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, block);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    // The last few bytes of the last block.
    try {
      for (;;) written += writeSync(fd, block.subarray(0, 512));
    } catch {
      // Full to the byte.
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

type Command = { id: number; op: string } & Record<string, unknown>;

async function run(c: Command): Promise<unknown> {
  switch (c.op) {
    case 'create': {
      const r = await handlers.scoutingListCreate({ name: c.name as string });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.id;
    }
    case 'save': {
      const r = await handlers.scoutingListEntrySave({
        listId: c.listId as number,
        playerId: c.playerId as number,
        player: { name: `Player ${c.playerId}`, position: null, dateOfBirth: null },
        note: c.note as string,
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.entryId;
    }
    case 'burst': {
      for (let i = c.from as number; i < (c.from as number) + (c.count as number); i++) {
        const r = await handlers.scoutingListEntrySave({
          listId: c.listId as number,
          playerId: i,
          player: { name: `Player ${i}`, position: null, dateOfBirth: null },
          note: burstNote(i),
        });
        out(r.ok ? { ack: i } : { fail: i, message: r.error.message });
      }
      return null;
    }
    case 'cacheBurst': {
      cache ??= await openStoreClient({ file: storeFile(dataDir) });
      await cache.adoptSource(SOURCE);
      for (let n = 1; n <= (c.count as number); n++) {
        await cache.commitUnits([unit(n, n * 1000, 40)]);
        out({ cacheAck: n });
      }
      // The work the host does after each download (store/cache/derive.ts).
      await cache.prepareLeaders();
      return null;
    }
    case 'draftBurst': {
      // One report begun at the rink and saved as the scout types: its notes grow a save at a time.
      let id: number | undefined;
      for (let i = 1; i <= (c.count as number); i++) {
        const r = await scouting.scoutingReportSave({ ...draftOf(i), ...(id === undefined ? {} : { id }) });
        if (!r.ok) {
          out({ fail: i, message: r.error.message });
          continue;
        }
        id = r.value.id;
        out({ ack: i });
      }
      return null;
    }
    case 'reports': {
      const r = await scouting.scoutingReports({
        query: { search: '', sort: 'gameDate', descending: true },
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.map((x) => ({ id: x.id, status: x.status, notes: x.notes, grades: x.grades }));
    }
    case 'entries': {
      const r = await handlers.scoutingListEntries({
        id: c.listId as number,
        query: { sort: [], offset: 0, limit: 1000 },
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.data.map((e) => ({ id: e.id, note: e.note, GP: e.GP }));
    }
    case 'safety': {
      const r = await handlers.listsSafety({});
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    }
    case 'backup':
      return (await lists.client()).backupNow();
    case 'departmentConfigure':
      // The lists worker's own calls, as the department's sync driver makes them.
      return (await lists.client()).departmentConfigure(c.setup as DepartmentSetup);
    case 'departmentOutbox':
      return (await lists.client()).departmentOutbox(c.limit as number);
    case 'restore': {
      // Settings' Restore of one backup, as the page asks for it.
      const r = await handlers.listsRestore({ name: c.name as string });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    }
    case 'offlineStatus': {
      const r = await offlineHandlers.offlineSyncStatus({});
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    }
    case 'offlinePlayer': {
      const r = await offlineHandlers.offlinePlayer({ id: c.playerId as number });
      if (!r.ok) throw new Error(r.error.message);
      return { id: r.value.id, name: r.value.name, rows: r.value.stats.length };
    }
    case 'offlineLeaders': {
      // The stats browser's page as the page gets it: its count and its first row's player and NHLe.
      const r = await offlineHandlers.offlineLeaders({ query: c.query as Record<string, string> });
      if (!r.ok) throw new Error(r.error.message);
      const page = r.value.toValue();
      const top = page.data[0];
      return { total: page._meta.totalRecords, top: top?.player.name ?? null, nhle: top?.nhle?.PTSperGP ?? null };
    }
    case 'offlineSearch': {
      const r = await offlineHandlers.offlinePlayers({ query: { q: c.q as string, sort: 'id' } });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.toValue().data.map((p) => p.id);
    }
    case 'offlineClear': {
      const r = await offlineHandlers.offlineClear({});
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    }
    case 'fill':
      return fill();
    case 'unfill':
      rmSync(join(dataDir, 'filler'), { force: true });
      return null;
    case 'reopen':
      // A new lists worker reads the file as it is on disk now.
      await lists.close();
      lists = createListsHost({ dataDir, settings, source: () => SOURCE, recordDelayMs: 50 });
      handlers = createListHandlers({ lists, app: 'Rinkside fault test' });
      scouting = createScoutingHandlers({ lists });
      return null;
    case 'quit':
      await lists.close();
      await cache?.close();
      await offline.close();
      out({ id: c.id, ok: true, value: null });
      process.exit(0);
      return null;
    default:
      throw new Error(`unknown command ${c.op}`);
  }
}

// Commands run side by side (a download's commits beside a burst of saves), as in the app.
for await (const line of createInterface({ input: process.stdin })) {
  const c = JSON.parse(line) as Command;
  run(c).then(
    (value) => out({ id: c.id, ok: true, value }),
    (err: unknown) => out({ id: c.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
}
