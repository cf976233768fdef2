import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonText } from '../../../electron/host/common/json-text.ts';
import { createOfflineHost } from '../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { jsonPieces } from '../../../electron/host/shell/json-stream.ts';
import { openStoreClient, type StoreClient, storeFile } from '../../../store/index.ts';
import { storeLine, storePlayer } from './fixtures.ts';

/**
 * The players list's and the leaders' pages cross from the store's worker as their JSON text
 * (store/cache/page-json.ts): the text is the page `listPlayers` and `leaders` give, letters beyond ASCII
 * included, refusals stay values, and the host hands the bytes on as they are (the browser shell's body
 * is the worker's text). Through the real worker, on a real file.
 */

let dir: string;
let store: StoreClient;
const SEASON = { slug: '2020-2021', startYear: 2020, endYear: 2021 };
const NAMES = ['Teemu Selänne', 'Jaromír Jágr', 'Žigmund Pálffy', 'Ilya Kovalchuk 🏒'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-page-json-'));
  store = await openStoreClient({ file: storeFile(dir) });
  const ids = NAMES.map((_, i) => i + 1);
  await store.commitUnit({
    leagueSlug: 'nhl',
    league: { slug: 'nhl', name: 'NHL', fullName: null },
    season: SEASON,
    team: { id: 7, name: 'Équipe 7' },
    rows: ids.map((id) =>
      storeLine(id * 10, id, { id: 7, name: 'Équipe 7' }, 'nhl', SEASON.slug, { GP: 20, G: id, A: 1, PTS: id + 1 }),
    ),
    players: ids.map((id) => storePlayer(id, NAMES[id - 1] as string, 'F')),
  });
  // The host derives the rows after each download (store/cache/derive.ts); a query never does.
  await store.prepareLeaders();
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

/** A page with the moment it was made (`_meta.generatedAt`, which two reads never share) left out. */
function timeless(page: unknown): unknown {
  const { _meta, ...rest } = page as { _meta: Record<string, unknown> };
  const { generatedAt, ...meta } = _meta;
  expect(typeof generatedAt).toBe('string');
  return { ...rest, _meta: meta };
}

describe('pages as JSON text', () => {
  it('the players list: the page listPlayers gives, names beyond ASCII included', async () => {
    const query = { sort: 'name', limit: '10' };
    const objects = await store.listPlayers(query);
    const json = await store.listPlayersJson(query);
    if (!objects.ok || !json.ok) throw new Error('refused');
    expect(json.value).toBeInstanceOf(Uint8Array);
    expect(timeless(decode(json.value))).toEqual(timeless(objects.value));
    expect(objects.value.data.map((p) => p.name).sort()).toEqual([...NAMES].sort());
  });

  it('the leaders: the page leaders gives, sorted as it sorts', async () => {
    const query = { league: 'nhl', sort: '-PTS', limit: '3' };
    const objects = await store.leaders(query);
    const json = await store.leadersJson(query);
    if (!objects.ok || !json.ok) throw new Error('refused');
    expect(timeless(decode(json.value))).toEqual(timeless(objects.value));
    // Most points first: the test's own order of the lines it wrote (PTS = id + 1).
    expect(objects.value.data.map((r) => r.player.name)).toEqual([NAMES[3], NAMES[2], NAMES[1]]);
  });

  it('a refused query is the same issue, not text', async () => {
    const json = await store.leadersJson({ sort: 'constructor' });
    const objects = await store.leaders({ sort: 'constructor' });
    expect(json.ok).toBe(false);
    expect(json).toEqual(objects);
  });

  it('the host hands the worker’s bytes on: the browser shell sends them as they are', async () => {
    // A second worker on the same file, as the host opens it.
    const host = createOfflineHost({ dataDir: dir, client: createServiceClient() });
    try {
      const page = await host.leaders({ league: 'nhl', sort: '-PTS', limit: '10' });
      if (!page.ok) throw new Error(page.issue.message);
      expect(page.value).toBeInstanceOf(JsonText);
      const sent = Buffer.concat([...jsonPieces({ ok: true, value: page.value })].map((p) => Buffer.from(p)));
      const objects = await store.leaders({ league: 'nhl', sort: '-PTS', limit: '10' });
      if (!objects.ok) throw new Error('refused');
      const body = JSON.parse(sent.toString('utf8')) as { ok: boolean; value: unknown };
      expect(body.ok).toBe(true);
      expect(timeless(body.value)).toEqual(timeless(objects.value));
    } finally {
      await host.close();
    }
  });
});
