import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoTemplate } from '../../../scripts/demo-template.ts';
import { copyDemoTemplate, DEMO_TEMPLATE_NAME } from '../../../service/data/demo-template.ts';

// The build's demo database and its copy at a first launch: real processes (the build's generation runs
// service/cli/ensure-demo.ts from the sources) and real SQLite files.

const root = fileURLToPath(new URL('../../../', import.meta.url));
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rinkside-demo-template-'));
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

describe('the build’s demo database', () => {
  it('is the demo world (seed 1), moved into the output folder whole, with no work files left', async () => {
    const outDir = join(dir, 'main');
    const build = startDemoTemplate(root);
    mkdirSync(outDir);
    await build.finish(outDir);
    expect(readdirSync(outDir)).toEqual([DEMO_TEMPLATE_NAME]);
    expect(provenance(join(outDir, DEMO_TEMPLATE_NAME))).toMatchObject({ source: 'synthetic', seed: 1, size: 'demo' });
    expect(readdirSync(join(root, 'out')).filter((f) => f.startsWith(`.demo-template-${process.pid}`))).toEqual([]);
  }, 120_000);
});

describe('copyDemoTemplate', () => {
  it('copies the template byte for byte into a new data folder, leaving only the database', async () => {
    const template = join(dir, 'template.sqlite');
    const db = new DatabaseSync(template);
    db.exec("CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('provenance', '{\"seed\":1}')");
    db.close();
    const file = join(dir, 'data', 'demo.sqlite');
    expect(await copyDemoTemplate(template, file)).toBe(true);
    expect(readFileSync(file).equals(readFileSync(template))).toBe(true);
    expect(readdirSync(join(dir, 'data'))).toEqual(['demo.sqlite']);
  });

  it('answers false and writes nothing when there is no template (the world is generated instead)', async () => {
    const file = join(dir, 'data', 'demo.sqlite');
    expect(await copyDemoTemplate(join(dir, 'none.sqlite'), file)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });
});
