import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databankIdentity } from '../../../service/data/databank/identity.ts';
import { importDatabank } from '../../../service/data/databank/import.ts';
import { REQUIRED_FILES } from '../../../service/data/databank/layout.ts';
import { openPlain, tempDir } from './helpers.ts';

/**
 * A Hockey Databank import's identity comes from the files it read: the real Databank
 * (/work/shared/data/hockey-databank) imported twice, into two files as two scouts would, is one source:
 * the same `databaseId`, and the same id for the same player. A copy with one byte changed is another.
 */

const DATABANK = '/work/shared/data/hockey-databank';
const t = tempDir();
const a = path.join(t.dir, 'scout-a.db');
const b = path.join(t.dir, 'scout-b.db');

const meta = (file: string, sql: string, ...params: string[]) => {
  const db = openPlain(file);
  try {
    return db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  await importDatabank(DATABANK, a);
  await importDatabank(DATABANK, b);
}, 600_000);
afterAll(() => t.cleanup());

describe('the identity of a Hockey Databank import', () => {
  it('is the same for two imports of the same files, and names the same players alike', () => {
    const id = (file: string) => meta(file, "SELECT value FROM meta WHERE key = 'databaseId'")?.value;
    expect(id(a)).toMatch(/^databank-[0-9a-f]{40}$/);
    expect(id(b)).toBe(id(a));
    const gretzky = "SELECT id FROM players WHERE firstName = 'Wayne' AND lastName = 'Gretzky'";
    expect(meta(b, gretzky)).toEqual(meta(a, gretzky));
    expect(meta(a, gretzky)).toBeDefined();
  });

  it('changes with any byte of a file read, and not with a file the import does not read', () => {
    const copy = path.join(t.dir, 'copy');
    fs.mkdirSync(copy);
    for (const f of [...REQUIRED_FILES, 'Scoring.csv']) fs.copyFileSync(path.join(DATABANK, f), path.join(copy, f));
    const files = [...REQUIRED_FILES, 'Scoring.csv'];
    const same = databankIdentity(copy, files);
    expect(same).toBe(databankIdentity(DATABANK, files));
    fs.writeFileSync(path.join(copy, 'AwardsPlayers.csv'), 'not read');
    expect(databankIdentity(copy, files)).toBe(same);
    const goalies = path.join(copy, 'Goalies.csv');
    const bytes = fs.readFileSync(goalies);
    bytes[bytes.length - 2] = bytes[bytes.length - 2] === 0x31 ? 0x32 : 0x31;
    fs.writeFileSync(goalies, bytes);
    expect(databankIdentity(copy, files)).not.toBe(same);
  });
});
