// Damaged copies of a few real Databank rows: the import must fail, say why per file, and leave the
// database it would replace as it was. Each copy is made here from the sample's own rows.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabankImportError, importDatabank } from '../../../service/data/databank/import.ts';
import type { Sample } from './databank-sample.ts';
import { DATABANK_DIR, fieldsOf, readLines, writeSample } from './databank-sample.ts';
import { tempDir } from './helpers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PICKS = [
  [1976, 'MTL'],
  [1970, 'BOS'],
  [2017, 'NAS'],
  [2017, 'MIN'],
  [2017, 'AND'],
  [1990, 'HAR'],
] as const;

describe('a damaged Databank copy fails the import and keeps the old database', () => {
  const t = tempDir();
  const good = path.join(t.dir, 'good');
  const target = path.join(t.dir, 'db', 'databank.db');
  let sample: Sample;
  let before: Buffer;

  beforeAll(async () => {
    sample = writeSample(good, PICKS);
    await importDatabank(good, target);
    before = fs.readFileSync(target);
  });
  afterAll(() => t.cleanup());

  /** A copy of the good sample with one file replaced by `text`. */
  const damaged = (name: string, file: string, text: string) => {
    const dir = path.join(t.dir, name);
    fs.cpSync(good, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    return dir;
  };
  const original = (file: string) => fs.readFileSync(path.join(good, file), 'utf8');

  /** Imports `dir` over the target; returns the error message. The target must be unchanged, with no temp file. */
  const failingImport = async (dir: string) => {
    const err = await importDatabank(dir, target).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabankImportError);
    expect(fs.readFileSync(target).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['databank.db']);
    return (err as Error).message;
  };

  it('the undamaged sample imports (the checks pass real data)', () => {
    expect(sample['Goalies.csv']?.length).toBeGreaterThanOrEqual(10);
    expect(sample['Master.csv']?.length).toBeGreaterThan(100);
  });

  it('a stray " in a Master.csv name: lines merged, the import fails naming Master.csv', async () => {
    const lines = original('Master.csv').split('\n');
    const at = 20;
    lines[at] = (lines[at] as string).replace(/^([^,]*,[^,]*,[^,]*,)/, '$1"');
    const msg = await failingImport(damaged('quote', 'Master.csv', lines.join('\n')));
    expect(msg).toMatch(/Master\.csv: \d+ data lines but only \d+ rows could be read/);
    expect(msg).toMatch(/database was not replaced/);
  });

  it('Goalies.csv with only its header: fails naming Goalies.csv as empty', async () => {
    const msg = await failingImport(damaged('header-only', 'Goalies.csv', `${readLines('Goalies.csv').header}\n`));
    expect(msg).toMatch(/Goalies\.csv: has no data rows/);
  });

  it('Goalies.csv cut in half (mid-row): fails naming Goalies.csv as cut short', async () => {
    const text = original('Goalies.csv');
    const cut = text.slice(0, Math.floor(text.length / 2));
    expect(cut.endsWith('\n')).toBe(false);
    const msg = await failingImport(damaged('cut', 'Goalies.csv', cut));
    expect(msg).toMatch(/Goalies\.csv: ends in the middle of a row/);
  });

  it('Goalies.csv cut at a line: team-seasons without a goalie fail the import', async () => {
    const { header } = readLines('Goalies.csv');
    const kept = (sample['Goalies.csv'] ?? []).filter((l) => fieldsOf(header, l).year !== '2017');
    const msg = await failingImport(damaged('cut-lines', 'Goalies.csv', `${[header, ...kept].join('\n')}\n`));
    expect(msg).toMatch(/Goalies\.csv: 3 of 6 team-seasons of Teams\.csv have no goalie row/);
  });

  it('more than 1 % of a file skipped (rows with a bad field) fails, naming the share', async () => {
    const { header } = readLines('Scoring.csv');
    const rows = sample['Scoring.csv'] ?? [];
    const broken = rows.map((l, i) => (i % 10 === 0 ? l.replace(/^([^,]*,)\d+/, '$1year') : l));
    const msg = await failingImport(damaged('skips', 'Scoring.csv', `${[header, ...broken].join('\n')}\n`));
    expect(msg).toMatch(/Scoring\.csv: \d+ of \d+ rows skipped \(\d+\.\d %, more than 1\.0 %\)/);
  });

  it('service:import exits 1 with the per-file reason and keeps the database', () => {
    const dir = damaged('cli', 'Goalies.csv', `${readLines('Goalies.csv').header}\n`);
    const r = spawnSync(process.execPath, [path.join(REPO, 'service/cli/import.ts'), '--db', target, dir], {
      encoding: 'utf8',
      cwd: REPO,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Goalies\.csv: has no data rows/);
    expect(fs.readFileSync(target).equals(before)).toBe(true);
  });
});

describe('an interrupted import', () => {
  const t = tempDir();
  afterAll(() => t.cleanup());

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} while building removes the temp file and its -wal/-shm and keeps the old database`, async () => {
      const out = path.join(t.dir, signal);
      fs.mkdirSync(out);
      const target = path.join(out, 'databank.db');
      fs.writeFileSync(target, 'the old database');
      const child = spawn(process.execPath, [path.join(REPO, 'service/cli/import.ts'), '--db', target, DATABANK_DIR], {
        cwd: REPO,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let seen = '';
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (d: Buffer) => {
          seen += d.toString();
          // The first progress line written inside the build: the temp database exists by then.
          if (/teams: \d+ franchises/.test(seen)) resolve();
        });
      });
      expect(fs.readdirSync(out).some((f) => f.endsWith('.tmp'))).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(fs.readdirSync(out)).toEqual(['databank.db']);
      expect(fs.readFileSync(target, 'utf8')).toBe('the old database');
    });
  }
});
