import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../electron/host/cli-args.ts';
import { demoDatabaseFile } from '../../../electron/host/paths.ts';
import { createDemoDatabaseEarly } from '../../../scripts/demo-database.ts';

// A launch that must build out/main first creates the demo database beside the build, from the
// service's sources (scripts/demo-database.ts running service/cli/ensure-demo.ts): real processes and a
// real SQLite file.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(root, 'service', 'cli', 'ensure-demo.ts');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rinkside-early-demo-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The provenance the seed records, read with plain node:sqlite. */
function provenance(file: string): unknown {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'provenance'").get() as { value: string };
    return JSON.parse(row.value);
  } finally {
    db.close();
  }
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('createDemoDatabaseEarly', () => {
  it('creates the demo world (seed 1) in a new data folder (mode 700), then leaves it alone', async () => {
    const dataDir = join(dir, 'data');
    const notes: string[] = [];
    await createDemoDatabaseEarly(root, parseCliArgs(['--data-dir', dataDir]), (l) => notes.push(l));
    const file = demoDatabaseFile(dataDir);
    expect(provenance(file)).toMatchObject({ source: 'synthetic', seed: 1, size: 'demo' });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // Only the database: its temp file is renamed into place, no journal is left beside it.
    expect(readdirSync(dataDir)).toEqual(['demo.sqlite']);
    expect(notes).toEqual([]);

    const before = statSync(file).mtimeMs;
    await createDemoDatabaseEarly(root, parseCliArgs(['--data-dir', dataDir]), (l) => notes.push(l));
    expect(statSync(file).mtimeMs).toBe(before);
  }, 60_000);

  it('creates nothing when the launch uses another database or another service', async () => {
    const dataDir = join(dir, 'data');
    const note = () => {};
    await createDemoDatabaseEarly(root, parseCliArgs(['--data-dir', dataDir, '--db', join(dir, 'x.sqlite')]), note);
    await createDemoDatabaseEarly(
      root,
      parseCliArgs(['--data-dir', dataDir, '--base-url', 'http://127.0.0.1:9/v1']),
      note,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a data folder that cannot be made is left for the host to report', async () => {
    const blocker = join(dir, 'file');
    writeFileSync(blocker, '');
    const notes: string[] = [];
    await createDemoDatabaseEarly(root, parseCliArgs(['--data-dir', join(blocker, 'data')]), (l) => notes.push(l));
    expect(existsSync(join(blocker, 'data'))).toBe(false);
    expect(notes).toEqual([]);
  });
});

describe('service/cli/ensure-demo.ts', () => {
  it('exits 2 with its usage without a file, 1 with the reason when the file cannot be made', async () => {
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: node service/cli/ensure-demo.ts FILE');
    const blocker = join(dir, 'file');
    writeFileSync(blocker, '');
    const failed = await run([join(blocker, 'demo.sqlite')]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('the demo database could not be created');
  });
});
