import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../../service/server.ts';
import { BRIDGE_TOKEN_HEADER, bridgeRoute } from '../../../shared/bridge/bridge.ts';
import { seedDatabaseOnce } from '../service-data/database-once.ts';

// The host's memory with sixteen of the service's largest pages in flight at once: the real app
// (`scripts/start.js`, browser shell) on a service that answers each request with a 1000-record page of
// the widest records (team player statistics, about 19 MB), all sixteen asked for at once and read whole.
// Its peak resident memory (VmHWM in /proc, the kernel's own count) must stay under 300 MiB. This is
// memory, not time: a slow machine makes the run longer, not the peak higher, since the byte budget lets
// such pages through the host one at a time. `npm run bench:host-memory` measures the same on the local
// service's `large` world.

const PAGES = 16;
const LIMIT_MIB = 300;
const script = fileURLToPath(new URL('../../../scripts/start.js', import.meta.url));

let dir: string;
let page: Buffer;
let peer: Server;
let peerBase: string;

/** The demo world's widest records (a team's player statistics across all its seasons), as a 1000-record page. */
async function widestPage(): Promise<Buffer> {
  const db = join(dir, 'demo.db');
  await seedDatabaseOnce(db, { size: 'demo', seed: 1 });
  const key = 'host-memory-test-key';
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  const service = await startService({ db, port: 0, keys: join(dir, 'keys.json') });
  try {
    const get = async (path: string) => (await fetch(`${service.baseUrl}${path}&apiKey=${key}`)).json();
    const teams = (await get('/teams?limit=1&sort=id')) as { data: { id: number }[] };
    const id = teams.data[0]?.id;
    const seasons = (await get(`/teams/${id}/seasons?limit=1000`)) as { data: { slug: string }[] };
    const season = encodeURIComponent([...new Set(seasons.data.map((s) => s.slug))].join(','));
    const answer = (await get(`/teams/${id}/player-stats?season=${season}&limit=1000`)) as {
      data: Record<string, unknown>[];
    };
    const records = answer.data;
    const data = Array.from({ length: 1000 }, (_, i) => ({ ...records[i % records.length], id: i + 1 }));
    return Buffer.from(JSON.stringify({ ...answer, data }));
  } finally {
    await service.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-host-memory-'));
  page = await widestPage();
  peer = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': page.length });
    res.end(page);
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', () => r()));
  peerBase = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((r) => peer?.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

/** A /proc/PID/status field in MiB. */
function statusMib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for ${pid}`);
  return Number(m[1]) / 1024;
}

/** Starts the app on the peer and resolves to its URL and bridge token. */
async function startApp(): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(
    process.execPath,
    [script, '--no-open', '--browser', '--port', '0', '--base-url', peerBase, '--data-dir', join(dir, 'data')],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: '' } },
  );
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`the app exited (${code}) before its URL: ${err}`)));
  });
  const html = await (await fetch(url)).text();
  const token = /name="rinkside-bridge-token" content="([0-9a-f]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no bridge token in the page');
  return { child, url, token };
}

/** One page asked for through the bridge and read whole; resolves to its length and its first bytes. */
async function askPage(url: string, token: string, id: number): Promise<{ bytes: number; head: string }> {
  const res = await fetch(new URL(bridgeRoute('request'), url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token },
    body: JSON.stringify({ endpoint: 'teamPlayerStats', path: { id }, query: { limit: '1000' } }),
  });
  let bytes = 0;
  let head = '';
  // Counted as it arrives: the test keeps none of the sixteen answers.
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    if (head.length < 40) head += Buffer.from(chunk.subarray(0, 40)).toString('utf8');
    bytes += chunk.byteLength;
  }
  return { bytes, head };
}

describe('the host with sixteen of the largest pages in flight', () => {
  it(`stays under ${LIMIT_MIB} MiB of resident memory, and every page arrives whole`, async () => {
    expect(page.length).toBeGreaterThan(18_000_000);
    const { child, url, token } = await startApp();
    try {
      const pid = child.pid as number;
      const rest = statusMib(pid, 'VmRSS');
      const answers = await Promise.all(Array.from({ length: PAGES }, (_, i) => askPage(url, token, i + 1)));
      const peak = statusMib(pid, 'VmHWM');
      for (const a of answers) {
        expect(a.head.startsWith('{"ok":true,"value":{')).toBe(true);
        // The page as sent, its keyed links stripped: within a few percent of the service's bytes.
        expect(a.bytes).toBeGreaterThan(page.length * 0.9);
      }
      console.log(
        `host: ${rest.toFixed(0)} MiB at rest, ${peak.toFixed(0)} MiB at peak with ${PAGES} pages of ${(page.length / 2 ** 20).toFixed(1)} MiB`,
      );
      expect(peak).toBeLessThan(LIMIT_MIB);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 300_000);
});
