import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN_HEADER, bridgeRoute } from '../../../shared/bridge/bridge.ts';
import { childrenOf } from '../../e2e/own-app.ts';
import { start, urlLine } from './npm-start.ts';

// `npm start` as the e2e tests' webServer runs it: `node scripts/start.js --no-open --port N`, a real
// process with the real local service, checked from outside over HTTP.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-start-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm start --no-open', () => {
  it('prints exactly the URL line on stdout, serves the app and the bridge, and stops cleanly on SIGTERM', async () => {
    const run = start(['--no-open', '--port', '0', '--data-dir', join(dir, 'data')]);
    const url = await urlLine(run);
    expect(run.stdout()).toBe(`Rinkside: ${url}\n`);

    const index = await fetch(url);
    expect(index.status).toBe(200);
    const html = await index.text();
    const token = /<meta name="rinkside-bridge-token" content="([0-9a-f]{64})">/.exec(html)?.[1];
    expect(token).toBeDefined();
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");

    const info = await fetch(new URL(bridgeRoute('appInfo'), url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token ?? '' },
      body: '{}',
    });
    expect(await info.json()).toMatchObject({ ok: true, value: { shell: 'browser', demo: true, version: '0.1.0' } });

    // The app runs built: its local service is the build's out/main/child.js, not service/child.ts.
    const built = fileURLToPath(new URL('../../../out/main/child.js', import.meta.url));
    const children = childrenOf(run.child.pid as number, 'child.');
    expect(children.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1])).toEqual([built]);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('a fixed --port is used', async () => {
    const probe = start(['--no-open', '--port', '0', '--data-dir', join(dir, 'data')]);
    const free = Number(new URL(await urlLine(probe)).port);
    probe.child.kill('SIGTERM');
    await probe.exited;
    const run = start(['--no-open', '--port', String(free), '--data-dir', join(dir, 'data')]);
    expect(await urlLine(run)).toBe(`http://127.0.0.1:${free}/`);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('an unknown flag → exit 2 with the usage; a missing --db → exit 1 saying so', async () => {
    const bad = start(['--no-open', '--bogus']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toContain('Usage: npm start --');
    expect(bad.stdout()).toBe('');
    const missing = start(['--no-open', '--db', join(dir, 'missing.sqlite'), '--data-dir', join(dir, 'data')]);
    expect(await missing.exited).toBe(1);
    expect(missing.stderr()).toContain(`The database ${join(dir, 'missing.sqlite')} does not exist.`);
  });
});
