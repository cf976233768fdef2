import { existsSync, renameSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../../../electron/host/app.ts';
import type { About } from '../../../../shared/bridge/bridge.ts';
import { storeFile } from '../../../../store/index.ts';
import { startDatabankHost } from '../databank-host.ts';
import { settleExport } from '../export-settle.ts';

/**
 * The Databank's attribution while the service cannot be reached: a host on a small Databank import
 * answers `about` online and keeps it with the store; then its service stops for good (the process
 * killed, its database gone, so no restart), and `about` still answers the same attribution, and an XLSX
 * export made then carries it on its About sheet. Expected values come from the service's own `/about`,
 * read over HTTP before the stop.
 */

let dir: string;
let db: string;
let host: Host;
let served: About;

/** The `/about` the store keeps, read from its file (null until the host has written it). */
function keptInFile(): string | null {
  if (!existsSync(storeFile(join(dir, 'data')))) return null;
  const file = new DatabaseSync(storeFile(join(dir, 'data')), { readOnly: true });
  try {
    const row = file.prepare("SELECT value FROM store_meta WHERE key = 'about'").get() as { value: string } | undefined;
    return row?.value ?? null;
  } finally {
    file.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-about-offline-'));
  ({ host, db } = await startDatabankHost(dir, [[1976, 'MTL']]));
  served = (await fetch(`${host.embedded?.baseUrl()}/about`).then((r) => r.json())) as About;
}, 120_000);
afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the Databank attribution offline', () => {
  it('is answered online and kept with the store', async () => {
    expect(served.provenance.source).toBe('hockey-databank');
    expect(served.provenance.attribution).toEqual(expect.stringMatching(/\S{20}/));
    expect(await host.dispatch('about', {})).toEqual({ ok: true, value: served });
    // Kept as the answer of this database of the local service (its own source, whatever the port).
    const source = host.connection.dataSource();
    expect(source).toMatch(/^embedded:/);
    // The store opens on first use, in the background of the answer: on a busy machine that takes a while.
    await expect.poll(() => JSON.parse(keptInFile() ?? 'null'), { timeout: 15_000 }).toEqual({ source, about: served });
  });

  it('is still answered, and written on an XLSX About sheet, once the service cannot be reached', async () => {
    const list = await host.dispatch('scoutingListCreate', { name: 'Habs 1977' });
    if (!list.ok) throw new Error(list.error.message);
    const listId = (list.value as { id: number }).id;
    const saved = await host.dispatch('scoutingListEntrySave', {
      listId,
      playerId: 7,
      player: { name: 'Ken Dryden', position: 'G' },
      rating: 5,
    });
    expect(saved.ok).toBe(true);

    // The service stops for good: its database goes away, so the host cannot start it again.
    const pid = host.embedded?.pid();
    expect(pid).toEqual(expect.any(Number));
    renameSync(db, `${db}.gone`);
    process.kill(pid as number, 'SIGKILL');
    await expect.poll(() => host.embedded?.pid(), { timeout: 20_000 }).toBeUndefined();
    const teams = await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } });
    expect(teams).toMatchObject({ ok: false, error: { kind: 'network' } });

    // The kept answer, marked so that the page knows the service is not answering.
    expect(await host.dispatch('about', {})).toEqual({
      ok: true,
      value: { ...served, kept: { reason: expect.stringMatching(/could not be restarted/) } },
    });

    const started = await host.dispatch('exportTable', {
      spec: {
        source: 'scoutingList',
        listId,
        query: { sort: 'name' },
        columns: [
          { id: 'name', header: 'Player' },
          { id: 'rating', header: 'Rating' },
        ],
        context: { view: 'Scouting list', list: 'Habs 1977' },
      },
      format: 'xlsx',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const end = await settleExport(host.exports, (started.value as { id: string }).id);
    expect(end).toMatchObject({ state: 'done', rowsWritten: 1 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, end.fileName));
    const about = new Map<string, unknown>();
    book.getWorksheet('About')?.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(about.get('Attribution')).toBe(served.provenance.attribution);
  });

  it('is never given for another service', async () => {
    // A service the host is not using is asked itself; nothing listens there, so the answer is its error.
    const other = await host.dispatch('about', { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(other).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});
