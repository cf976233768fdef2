import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { About } from '../../../shared/bridge/bridge.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';

/**
 * The last `/about` the store keeps (store/cache/meta.ts): one per store, for the service it was given for;
 * it survives closing and opening the file, and goes with the synced rows when a sync from another
 * service clears them.
 */

const databank: About = {
  version: '1.0.0',
  provenance: { source: 'hockey-databank', attribution: 'Data from the Hockey Databank project, used by its terms.' },
};
const synthetic: About = { version: '1.0.0', provenance: { source: 'synthetic' } };

let dir: string;
let store: StoreClient;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-store-about-'));
  store = await openStoreClient({ file: join(dir, 'store.sqlite') });
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the kept /about', () => {
  it('is given back for its own service only, and survives a reopen', async () => {
    expect(await store.lastAbout('embedded')).toBeNull();
    await store.keepAbout('embedded', databank);
    expect(await store.lastAbout('embedded')).toEqual(databank);
    expect(await store.lastAbout('https://other.example/v1')).toBeNull();
    await store.close();
    store = await openStoreClient({ file: join(dir, 'store.sqlite') });
    expect(await store.lastAbout('embedded')).toEqual(databank);
  });

  it('is replaced by the next answer, of this service or another', async () => {
    await store.keepAbout('embedded', synthetic);
    expect(await store.lastAbout('embedded')).toEqual(synthetic);
    await store.keepAbout('https://other.example/v1', databank);
    expect(await store.lastAbout('embedded')).toBeNull();
    expect(await store.lastAbout('https://other.example/v1')).toEqual(databank);
  });

  it('stays through a sync from its own service and goes when one from another service clears the store', async () => {
    await store.adoptSource('https://other.example/v1');
    expect(await store.lastAbout('https://other.example/v1')).toEqual(databank);
    expect(await store.adoptSource('embedded')).toEqual({ cleared: true });
    expect(await store.lastAbout('https://other.example/v1')).toBeNull();
    expect(await store.lastAbout('embedded')).toBeNull();
  });
});
