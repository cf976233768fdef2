import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiedTable } from '../../../renderer/table/copyTable.ts';
import { BRIDGE_ARGS, BRIDGE_BODY_LIMIT, BRIDGE_TOKEN_HEADER, jsonBytes } from '../../../shared/bridge/bridge.ts';
import {
  GOALTENDING_COLUMNS,
  GOALTENDING_SEASON_COLUMN,
  SCORING_COLUMNS,
  TEAM_COLUMNS,
} from '../../../shared/columns/index.ts';

// One stated limit for the size of a bridge call: the browser shell's body cap and the argument schemas
// agree on it, and a body over it is answered 413 with a JSON Result, never a reset connection. Against
// `npm start` as a real process (browser shell, real host, real local service), over real HTTP.

const script = fileURLToPath(new URL('../../../scripts/start.js', import.meta.url));
let dir: string;
let child: ChildProcess;
let url: URL;
let token: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-body-limit-'));
  child = spawn(process.execPath, [script, '--no-open', '--port', '0', '--data-dir', join(dir, 'data')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  for (let i = 0; i < 2400 && !/Rinkside: http/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
  const m = /^Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
  if (!m?.[1]) throw new Error(`no URL line: ${out}`);
  url = new URL(m[1]);
  const html = await (await fetch(url)).text();
  token = /<meta name="rinkside-bridge-token" content="([0-9a-f]{64})">/.exec(html)?.[1] ?? '';
}, 180_000);
afterAll(async () => {
  child?.kill('SIGTERM');
  if (child && child.exitCode === null) await new Promise((r) => child.once('exit', r));
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs `body` to a bridge operation in 64 KiB pieces, waiting for the socket to drain like a real
 * uploader, with a Content-Length or chunked. Rejects with the socket's error (a reset) if there is one.
 */
function post(op: string, body: Buffer, framing: 'declared' | 'chunked' = 'declared'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      host: url.host,
      'content-type': 'application/json',
      [BRIDGE_TOKEN_HEADER]: token,
    };
    if (framing === 'declared') headers['content-length'] = body.length;
    const req = httpRequest(
      // A connection of its own each time, as a page's upload after an idle spell would.
      { host: '127.0.0.1', port: Number(url.port), method: 'POST', path: `/bridge/${op}`, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const piece = 64 * 1024;
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const more = req.write(body.subarray(at, at + piece));
        at += piece;
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/**
 * exportRows arguments whose JSON is exactly `bytes` long: rows of one 900-character cell, and a last row
 * whose cell makes up the rest (sizes counted once, not per row).
 */
function exportRowsOf(bytes: number) {
  const make = (rows: string[][]) => ({
    table: { columns: ['Note'], rows, context: { view: 'Compare profile' } },
    format: 'csv' as const,
  });
  const cell = 'x'.repeat(900);
  // `[]` → `[["x…"]]`, then `,["x…"]` for each further row: the first row costs one byte less.
  const empty = jsonBytes(make([]));
  const row = jsonBytes([cell]) + 1;
  const lastEmpty = jsonBytes(['']) + 1;
  let n = Math.floor((bytes - empty - lastEmpty + 1) / row);
  let rest = bytes - (empty + n * row - 1 + lastEmpty);
  if (n > 0 && rest < 0) {
    n -= 1;
    rest += row;
  }
  const rows = Array.from({ length: n }, () => [cell]);
  rows.push(['y'.repeat(rest)]);
  const args = make(rows);
  expect(jsonBytes(args)).toBe(bytes);
  return args;
}

describe('the size of a bridge call', () => {
  it.each(['declared', 'chunked'] as const)(
    'a %s body over the limit is answered 413 with a JSON Result, never a reset connection',
    async (framing) => {
      const body = Buffer.alloc(3 * BRIDGE_BODY_LIMIT, 'x');
      const a = await post('writeClipboard', body, framing);
      expect(a.status).toBe(413);
      expect(JSON.parse(a.body)).toMatchObject({
        ok: false,
        error: { kind: 'bad-request', status: 413, message: 'The request is larger than the app takes (4 MiB).' },
      });
      // The shell goes on answering.
      const info = await post('appInfo', Buffer.from('{}'));
      expect(JSON.parse(info.body)).toMatchObject({ ok: true, value: { shell: 'browser' } });
    },
    60_000,
  );

  it('the largest exportRows call the schema accepts passes the shell; one byte more is refused by both', async () => {
    const largest = exportRowsOf(BRIDGE_BODY_LIMIT);
    expect(BRIDGE_ARGS.exportRows.safeParse(largest).success).toBe(true);
    const a = await post('exportRows', Buffer.from(JSON.stringify(largest)));
    expect(a.status).toBe(200);
    const started = JSON.parse(a.body);
    expect(started).toMatchObject({ ok: true, value: { format: 'csv' } });
    await post('exportCancel', Buffer.from(JSON.stringify({ id: started.value.id })));

    const over = exportRowsOf(BRIDGE_BODY_LIMIT + 1);
    const refused = BRIDGE_ARGS.exportRows.safeParse(over);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['table'],
      message: 'the table is 4,194,305 bytes; the app takes at most 4 MiB (4,194,304 bytes)',
    });
    expect((await post('exportRows', Buffer.from(JSON.stringify(over)))).status).toBe(413);
    // The clipboard's text and HTML share the same limit.
    const text = 'x'.repeat(BRIDGE_BODY_LIMIT - jsonBytes({ text: '', html: '' }));
    expect(BRIDGE_ARGS.writeClipboard.safeParse({ text, html: '' }).success).toBe(true);
    expect(BRIDGE_ARGS.writeClipboard.safeParse({ text, html: 'x' }).success).toBe(false);
  }, 60_000);

  it('the largest calls a page makes fit: copies of the widest pages, at 1000 rows, use a quarter of it', async () => {
    const request = async (args: unknown) => {
      const a = await post('request', Buffer.from(JSON.stringify(args)));
      const r = JSON.parse(a.body);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as { data: Record<string, unknown>[] };
    };
    const teams = await request({ endpoint: 'teams', query: { limit: '1000', sort: 'name' } });
    // A team's players and goalies across all its seasons: the longest pages of the demo data.
    const seasons = await request({ endpoint: 'teamSeasons', path: { id: 1 }, query: { limit: '1000' } });
    const slugs = [...new Set(seasons.data.map((s) => String((s as { slug: string }).slug)))].join(',');
    const across = { season: slugs, limit: '1000' };
    const goalies = await request({ endpoint: 'teamGoaltendingLeaders', path: { id: 1 }, query: across });
    const skaters = await request({ endpoint: 'teamPlayerStats', path: { id: 1 }, query: across });
    const allSeasons = (cols: readonly (typeof TEAM_COLUMNS)[number][]) => {
      const [player, ...stats] = cols;
      return player ? [player, GOALTENDING_SEASON_COLUMN, ...stats] : [];
    };
    const copies = [
      { what: 'teams', copy: copiedTable(TEAM_COLUMNS, teams.data), rows: teams.data.length },
      {
        what: 'goalies, all seasons',
        copy: copiedTable(allSeasons(GOALTENDING_COLUMNS.regularStats), goalies.data),
        rows: goalies.data.length,
      },
      {
        what: 'scoring, all seasons',
        copy: copiedTable(allSeasons(SCORING_COLUMNS.regularStats), skaters.data),
        rows: skaters.data.length,
      },
    ];
    for (const { what, copy, rows } of copies) {
      expect(rows, what).toBeGreaterThan(20);
      expect(BRIDGE_ARGS.writeClipboard.safeParse(copy).success, what).toBe(true);
      // The same table at 1000 rows (the largest page size), with room to spare.
      const at1000 = (jsonBytes(copy) / rows) * 1000;
      expect(at1000, what).toBeLessThan(BRIDGE_BODY_LIMIT / 4);
      console.log(`Copy of ${rows} rows of ${what}: ${jsonBytes(copy)} bytes; ~${Math.round(at1000)} at 1000 rows`);
    }
  }, 60_000);
});
