import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { testKeyring } from './test-keyring.ts';

// The embedded service in its own process (service/child.ts, a real Node child on a real demo SQLite
// file), started and stopped by the host; killed with SIGKILL, a new one takes over at once
// (service-restart.test.ts follows requests across the crash).

const kr = testKeyring('child');
let dir: string;
let host: Host;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-child-'));
  host = await startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir: join(dir, 'data'),
    keyring: kr.keyring,
    openExternal: async () => {},
    client: { maxAttempts: 1 },
  });
});
afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for the OS to report the process gone (the kill is delivered asynchronously). */
async function gone(pid: number): Promise<void> {
  while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
}

describe('the embedded service runs in a child process', () => {
  it('in another process than the host, answering on loopback', async () => {
    const pid = host.embedded?.pid();
    expect(pid).toEqual(expect.any(Number));
    expect(pid).not.toBe(process.pid);
    expect(isRunning(pid as number)).toBe(true);
    expect(host.connection.baseUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const r = await host.dispatch('request', { endpoint: 'teams', query: { limit: '3' } });
    expect(r.ok).toBe(true);
  });

  it('the host sources import nothing from service/', async () => {
    for (const f of ['app.ts', 'embedded/embedded-service.ts', 'bridge/handlers.ts']) {
      const text = await readFile(new URL(`../../../electron/host/${f}`, import.meta.url), 'utf8');
      expect(text).not.toMatch(/from '(\.\.\/){2,}service\//);
    }
  });

  it('after SIGKILL a new child takes over (new port, new base URL); the next request answers with data', async () => {
    const pid = host.embedded?.pid() as number;
    const before = host.connection.baseUrl();
    process.kill(pid, 'SIGKILL');
    await gone(pid);
    const r = await host.dispatch('request', { endpoint: 'teams', query: { limit: '2' } });
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { data: unknown[] }).data).toHaveLength(2);
    const after = host.connection.baseUrl();
    expect(after).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(after).not.toBe(before);
    const newPid = host.embedded?.pid();
    expect(newPid).not.toBe(pid);
    expect(await host.dispatch('appInfo', {})).toMatchObject({ ok: true, value: { baseUrl: after, demo: true } });
  });

  it('a client that does not follow the restart gets a typed network error for the dead port, not a crash', async () => {
    const pid = host.embedded?.pid() as number;
    const base = host.connection.baseUrl();
    process.kill(pid, 'SIGKILL');
    await gone(pid);
    // A client without the host's routing holds the old address: it gets a typed error.
    const inFlight = await createServiceClient({ maxAttempts: 1 }).request(
      base,
      { endpoint: 'teams', path: {}, query: { limit: '1' } },
      host.keys.currentKey().key,
    );
    expect(inFlight).toMatchObject({ ok: false, error: { kind: 'network' } });
    const r = await host.dispatch('request', { endpoint: 'leagues', query: { limit: '1' } });
    expect(r.ok).toBe(true);
  });

  it('close stops the child', async () => {
    const other = await startHost({
      shell: 'browser',
      version: '0.1.0',
      dataDir: join(dir, 'data'),
      keyring: kr.keyring,
      openExternal: async () => {},
    });
    const pid = other.embedded?.pid() as number;
    expect(isRunning(pid)).toBe(true);
    await other.close();
    await gone(pid);
    expect(isRunning(pid)).toBe(false);
  });
});
