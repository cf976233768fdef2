import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN_HEADER, bridgeRoute, exportDownloadRoute } from '../../../shared/bridge/bridge.ts';
import { type Run, start, urlLine } from './npm-start.ts';

// A scout's private notes in an exported lists file must not outlive the app in a shared folder. The
// browser shell stages the file until the page downloads it; here `npm start` runs as a real process
// (its temp folder, TMPDIR, one of the test's own), stages a lists export holding a note and is killed
// with SIGKILL, so nothing of its own clean-up runs. The next start, and everything after, must leave no
// file with the note's text anywhere but the lists' own store; and a start never takes away the staged
// export of another instance still running.

let dir: string;
let tmp: string;
const apps: App[] = [];

interface App {
  run: Run;
  url: URL;
  token: string;
}

/** Starts `npm start` on `dataDir` with the test's TMPDIR; nothing answers at its service's address. */
async function startApp(dataDir: string): Promise<App> {
  const run = start(['--no-open', '--port', '0', '--data-dir', dataDir, '--base-url', 'http://127.0.0.1:9/v1'], {
    TMPDIR: tmp,
  });
  const url = new URL(await urlLine(run, 180));
  const html = await (await fetch(url)).text();
  const token = /<meta name="rinkside-bridge-token" content="([0-9a-f]{64})">/.exec(html)?.[1] ?? '';
  const app = { run, url, token };
  apps.push(app);
  return app;
}

/** One bridge call over the shell's HTTP route; its Result. */
async function call<T>(app: App, op: string, args: unknown): Promise<T> {
  const res = await fetch(new URL(bridgeRoute(op as never), app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: app.token },
    body: JSON.stringify(args),
  });
  const r = (await res.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
  return r.value;
}

/** A list with one entry whose note is `note`, exported as a `rinkside-lists` file waiting for download. */
async function stageNote(app: App, note: string): Promise<string> {
  const list = await call<{ id: number }>(app, 'scoutingListCreate', {
    name: `Watch ${randomBytes(3).toString('hex')}`,
  });
  await call(app, 'scoutingListEntrySave', {
    listId: list.id,
    playerId: 8471214,
    player: { name: 'Test Player' },
    note,
  });
  const status = await call<{ id: string; state: string; download?: boolean }>(app, 'scoutingListsExport', {
    listIds: [list.id],
  });
  expect(status).toMatchObject({ state: 'done', download: true });
  return status.id;
}

/** The export's file as the page downloads it. */
async function download(app: App, id: string): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL(exportDownloadRoute(id), app.url), { headers: { [BRIDGE_TOKEN_HEADER]: app.token } });
  return { status: res.status, text: await res.text() };
}

/** Every file under `root` (relative paths), `skip` left out. */
async function filesUnder(root: string, skip: (rel: string) => boolean = () => false): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((rel) => !skip(rel));
}

/** The files under `root` whose bytes hold `text` (but for `skip`), as paths relative to the test's folder. */
async function holding(root: string, text: string, skip?: (rel: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  for (const rel of await filesUnder(root, skip)) {
    const bytes = await readFile(join(root, rel)).catch(() => Buffer.alloc(0));
    if (bytes.includes(Buffer.from(text, 'utf8'))) found.push(relative(dir, join(root, rel)));
  }
  return found;
}

/** The lists' own store and its backups: where a note belongs. */
const listsStore = (rel: string) => rel.startsWith('scouting-lists');

/** Where a note must not be after a start: the whole TMPDIR and the data folder but for the lists' store. */
async function leftovers(dataDir: string, note: string): Promise<string[]> {
  return [...(await holding(tmp, note)), ...(await holding(dataDir, note, listsStore))];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-staging-crash-'));
  tmp = join(dir, 'tmp');
  await mkdir(tmp);
});
afterAll(async () => {
  for (const { run } of apps)
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
  await Promise.all(apps.map((a) => a.run.exited));
  await rm(dir, { recursive: true, force: true });
});

describe('a lists export staged for download by the browser shell', () => {
  it('leaves no copy of a note behind after the host is killed with SIGKILL and started again', async () => {
    const data = join(dir, 'data-a');
    const note = `Private: knee is not right, do not tell the agent ${randomBytes(6).toString('hex')}`;
    const first = await startApp(data);
    const id = await stageNote(first, note);
    expect((await download(first, id)).text).toContain(note);
    // Staged somewhere outside the lists' store: the copy a crash would leave.
    expect(await leftovers(data, note)).not.toEqual([]);

    first.run.child.kill('SIGKILL');
    await first.run.exited;
    expect(first.run.child.signalCode).toBe('SIGKILL');

    const second = await startApp(data);
    expect(await leftovers(data, note)).toEqual([]);
    // The lists themselves are untouched: the note is still the scout's.
    const lists = await call<{ id: number }[]>(second, 'scoutingLists', {});
    const page = await call<{ data: { note: string }[] }>(second, 'scoutingListEntries', { id: lists[0]?.id });
    expect(page.data.map((e) => e.note)).toEqual([note]);
  }, 240_000);

  it('is never swept by another instance starting on another data folder, and goes at a clean close', async () => {
    const dataB = join(dir, 'data-b');
    const dataC = join(dir, 'data-c');
    const noteB = `B's note ${randomBytes(6).toString('hex')}`;
    const b = await startApp(dataB);
    const idB = await stageNote(b, noteB);

    // Another instance on its own data folder starts (and sweeps) while B's export waits for its download.
    const c = await startApp(dataC);
    const noteC = `C's note ${randomBytes(6).toString('hex')}`;
    const idC = await stageNote(c, noteC);

    expect(await download(b, idB)).toEqual({ status: 200, text: expect.stringContaining(noteB) });
    expect(await download(c, idC)).toEqual({ status: 200, text: expect.stringContaining(noteC) });

    b.run.child.kill('SIGTERM');
    c.run.child.kill('SIGTERM');
    expect(await b.run.exited).toBe(0);
    expect(await c.run.exited).toBe(0);
    expect(await leftovers(dataB, noteB)).toEqual([]);
    expect(await leftovers(dataC, noteC)).toEqual([]);
  }, 240_000);
});
