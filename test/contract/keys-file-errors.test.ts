// A keys file's errors name the file, the place and the problem, and never any of its text: a syntax
// error by line and column, a wrong shape by index path; a key written where a name goes is not echoed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeysFileError, loadKeysFile } from '../../service/auth/keys.ts';

const FAKE_KEY = 'SECRETfake-9f3a77c1e2';
const dir = mkdtempSync(join(tmpdir(), 'rinkside-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The message `loadKeysFile` throws for a file with `text`. */
function messageFor(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    loadKeysFile(file);
  } catch (e) {
    expect(e).toBeInstanceOf(KeysFileError);
    const msg = (e as Error).message;
    expect(msg).toContain(file);
    return msg;
  }
  throw new Error('the keys file was accepted');
}

const entry = (extra: Record<string, unknown> = {}) => ({
  key: 'valid-key-0001',
  organisation: 'Org',
  leagues: '*',
  seasons: '*',
  categories: '*',
  ...extra,
});

describe('keys file syntax errors', () => {
  // name, text, and the offset of the first character JSON does not allow, found here in the text itself
  const cases: [string, string, (text: string) => number][] = [
    ['unquoted key', `{"keys": [\n  {"key": ${FAKE_KEY}, "organisation": "O"}\n]}`, (t) => t.indexOf(FAKE_KEY)],
    [
      'missing comma after the key',
      `{"keys": [{"key": "${FAKE_KEY}" "organisation": "O"}]}`,
      (t) => t.indexOf('"organisation"'),
    ],
    ['trailing comma', `{"keys": [{"key": "${FAKE_KEY}",}]}`, (t) => t.indexOf(',}') + 1],
    ['key as a bare word at the top', `${FAKE_KEY}`, () => 0],
  ];
  for (const [name, text, badOffset] of cases) {
    const offset = badOffset(text);
    const line = text.slice(0, offset).split('\n').length;
    const column = offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1;
    it(`${name}: line ${line}, column ${column}, and none of the text`, () => {
      const msg = messageFor(`${name.replace(/\W/g, '-')}.json`, text);
      expect(msg).toContain(`not valid JSON: line ${line}, column ${column}:`);
      expect(msg).not.toContain(FAKE_KEY);
      expect(msg).not.toContain(FAKE_KEY.slice(0, 8));
    });
  }
});

describe('keys file shape errors', () => {
  it('names the path by index, never a property name the schema does not know (it may be a key)', () => {
    const text = JSON.stringify({
      keys: [
        entry(),
        entry({ key: 'valid-key-0002' }),
        { ...entry({ key: 'valid-key-0003', leagues: 'all' }), [FAKE_KEY]: true },
      ],
    });
    const msg = messageFor('shape.json', text);
    expect(msg).toContain('keys[2].leagues');
    expect(msg).toMatch(/keys\[2\]: 1 unknown property \(allowed: key, organisation, leagues, seasons, categories\)/);
    expect(msg).not.toContain(FAKE_KEY);
  });

  it('a key used as the name of the top-level object is not echoed', () => {
    const msg = messageFor('top.json', JSON.stringify({ keys: [entry()], [FAKE_KEY]: entry() }));
    expect(msg).toMatch(/\(file\): 1 unknown property \(allowed: keys\)/);
    expect(msg).not.toContain(FAKE_KEY);
  });

  it('a too-short key is reported by path, not by value', () => {
    const msg = messageFor('short.json', JSON.stringify({ keys: [entry({ key: 'SECRET1' })] }));
    expect(msg).toContain('keys[0].key: a key has at least 8 characters');
    expect(msg).not.toContain('SECRET1');
  });
});
