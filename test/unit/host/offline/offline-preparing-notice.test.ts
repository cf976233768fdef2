import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { storeFile } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';
import { gatedHost, gateWaiting, openGate } from './gated-host.ts';

/**
 * The notice of a discarded player cache, dismissed while the store prepares the stats browser after a
 * download: the status answered meanwhile is the one held from the download's end, and it must not bring
 * the notice back at each poll until the preparing ends. Real local service, real store file (garbage
 * before the first opening, so the store discards it and gives the notice); the worker's derive waits for
 * the test (gated-store-worker.ts).
 */

let fx: Fixture;
let host: OfflineHost;
let dataDir: string;

beforeAll(async () => {
  fx = await startFixture();
  dataDir = join(fx.dir, 'host-notice');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(storeFile(dataDir), Buffer.alloc(8192, 0x41));
  host = gatedHost(dataDir);
});

afterAll(async () => {
  openGate(dataDir);
  await host?.close();
  await fx?.close();
});

describe('the notice of a discarded cache while the store prepares', () => {
  it('is gone from the status as soon as it is dismissed, and stays gone after', async () => {
    const [top] = fx.sql<{ leagueSlug: string }>(
      'SELECT leagueSlug FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
    );
    if (top === undefined) throw new Error('the fixture has no stats');
    expect((await host.status()).rebuilt?.reason).toBe('the file failed its check: file is not a database');
    expect(await host.startSync({ leagues: [top.leagueSlug] }, { baseUrl: fx.base, apiKey: fx.keys.full })).toBe(true);
    await gateWaiting(dataDir);
    // The worker now waits in its derive: the status is the one held, and it still has the notice.
    const held = await host.status();
    expect(held.progress.preparing).toBe(true);
    expect(held.rebuilt).not.toBeNull();

    // The store takes the dismissal only after its derive; the status answered meanwhile has it already.
    const dismissed = host.dismissRebuilt();
    const meanwhile = await host.status();
    expect(meanwhile.progress.preparing).toBe(true);
    expect(meanwhile.rebuilt).toBeNull();

    openGate(dataDir);
    await dismissed;
    await host.idle();
    const after = await host.status();
    expect(after.progress.preparing).toBeUndefined();
    expect(after.rebuilt).toBeNull();
  });
});
