import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HOCKEY_DATABANK_ATTRIBUTION,
  openDatabase,
  readProvenance,
  SchemaVersionError,
  writeProvenance,
} from '../../../service/db/open.ts';
import { DATABANK_DIR } from './databank-sample.ts';
import { openPlain, tempDir } from './helpers.ts';

// The statement the Hockey Databank's terms require, typed out here (two spaces after "project.").
const ATTRIBUTION =
  'The information used herein was obtained free of charge from and is copyrighted by the Hockey Databank project.  For more information about the Hockey Databank project please visit http://sports.groups.yahoo.com/group/hockey-databank';
const SOURCE_MD = path.join(DATABANK_DIR, 'SOURCE.md');

describe('openDatabase', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir();
  });
  afterEach(() => t.cleanup());

  it('creates the schema, WAL and foreign keys for a writer and records the schema version', () => {
    const file = path.join(t.dir, 's.db');
    const db = openDatabase(file);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    db.close();
    const plain = openPlain(file);
    const tables = (plain.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(tables).toEqual(expect.arrayContaining(['meta', 'teams', 'player_stats', 'standings', 'staff_stats']));
    expect(plain.prepare("SELECT value FROM meta WHERE key='schemaVersion'").get()).toEqual({ value: '1' });
    plain.close();
  });

  it('opens read-only without writing, and refuses a missing file', () => {
    const file = path.join(t.dir, 'r.db');
    openDatabase(file).close();
    const ro = openDatabase(file, { readonly: true });
    expect(() => ro.exec("INSERT INTO meta VALUES ('x', 'y')")).toThrow();
    ro.close();
    expect(() => openDatabase(path.join(t.dir, 'missing.db'), { readonly: true })).toThrow();
    expect(fs.existsSync(path.join(t.dir, 'missing.db'))).toBe(false);
  });

  it('refuses a SQLite file that is not a service database, or of another schema version', () => {
    const other = path.join(t.dir, 'other.db');
    const raw = new DatabaseSync(other);
    raw.exec('CREATE TABLE x (a)');
    raw.close();
    expect(() => openDatabase(other, { readonly: true })).toThrow(SchemaVersionError);
    const old = path.join(t.dir, 'old.db');
    openDatabase(old).close();
    const w = new DatabaseSync(old);
    w.exec("UPDATE meta SET value = '0' WHERE key = 'schemaVersion'");
    w.close();
    expect(() => openDatabase(old)).toThrow(/schema version 0/);
  });

  it('round-trips provenance, and has none at first', () => {
    const db = openDatabase(path.join(t.dir, 'p.db'));
    expect(readProvenance(db)).toBeNull();
    writeProvenance(db, { source: 'synthetic', seed: 42, size: 'small', description: 'test' });
    expect(readProvenance(db)).toEqual({ source: 'synthetic', seed: 42, size: 'small', description: 'test' });
    writeProvenance(db, { source: 'hockey-databank', attribution: ATTRIBUTION, description: 'd', directory: '/x' });
    expect(readProvenance(db)).toEqual({
      source: 'hockey-databank',
      attribution: ATTRIBUTION,
      description: 'd',
      directory: '/x',
    });
    db.close();
  });
});

describe('the Hockey Databank attribution statement', () => {
  it('is the exact text the terms require', () => {
    expect(HOCKEY_DATABANK_ATTRIBUTION).toBe(ATTRIBUTION);
  });

  it.skipIf(!fs.existsSync(SOURCE_MD))('matches the quote in the data set SOURCE.md, character for character', () => {
    const md = fs.readFileSync(SOURCE_MD, 'utf8');
    const quote = md.match(/> "(The information[\s\S]*?hockey-databank)"/)?.[1];
    expect(quote?.replace(/\n> /g, ' ')).toBe(HOCKEY_DATABANK_ATTRIBUTION);
  });
});
