import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSettings, SETTINGS_FILE, writeFileAtomic } from '../../../electron/host/common/settings.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings', () => {
  it('no file → defaults, and no file is created until an update', async () => {
    const s = await openSettings(dir);
    expect(s.get()).toEqual({ baseUrl: null, pageSize: 100 });
    expect(s.notice).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('an update is written as validated JSON, leaves no temp file, and is read back by a new store', async () => {
    const s = await openSettings(dir);
    const next = await s.update({ baseUrl: 'https://hockey.example.org/v1', pageSize: 250 });
    expect(next).toEqual({ baseUrl: 'https://hockey.example.org/v1', pageSize: 250 });
    expect(await readdir(dir)).toEqual([SETTINGS_FILE]);
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(next);
    const again = await openSettings(dir);
    expect(again.get()).toEqual(next);
  });

  it('concurrent updates are serialised: the last one wins and the file stays valid', async () => {
    const s = await openSettings(dir);
    await Promise.all([s.update({ pageSize: 25 }), s.update({ pageSize: 50 }), s.update({ pageSize: 1000 })]);
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')).pageSize).toBe(1000);
    expect(await readdir(dir)).toEqual([SETTINGS_FILE]);
  });

  it('an invalid patch is refused and the file is untouched', async () => {
    const s = await openSettings(dir);
    await s.update({ pageSize: 50 });
    const before = await readFile(join(dir, SETTINGS_FILE), 'utf8');
    await expect(s.update({ pageSize: 7 as 25 })).rejects.toThrow();
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(before);
    expect(s.get().pageSize).toBe(50);
  });

  it.each([
    ['not JSON', '{"baseUrl": null, "pageSize": 1', 'not valid JSON'],
    ['a wrong value', '{"baseUrl": "ftp://x", "pageSize": 100}', 'invalid baseUrl'],
    ['a wrong type', '[1, 2, 3]', 'invalid'],
  ])('a corrupt file (%s) → defaults, the bad file kept aside, a notice', async (_name, content, problem) => {
    await writeFile(join(dir, SETTINGS_FILE), content);
    const s = await openSettings(dir);
    expect(s.get()).toEqual({ baseUrl: null, pageSize: 100 });
    expect(s.notice).toContain(problem);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const aside = files[0] ?? '';
    expect(aside).toMatch(/^settings\.json\.corrupt-/);
    expect(s.notice).toContain(aside);
    expect(await readFile(join(dir, aside), 'utf8')).toBe(content);
  });

  it('an older file missing a field is merged over the defaults, unknown fields dropped', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{"pageSize": 25, "theme": "dark"}');
    const s = await openSettings(dir);
    expect(s.get()).toEqual({ baseUrl: null, pageSize: 25 });
    expect(s.notice).toBeNull();
  });
});

describe('writeFileAtomic', () => {
  it('replaces the whole file', async () => {
    const f = join(dir, 'a.json');
    await writeFileAtomic(f, 'x'.repeat(10_000));
    await writeFileAtomic(f, 'short');
    expect(await readFile(f, 'utf8')).toBe('short');
  });
  it('when the rename fails, the target is unchanged and no temp file is left', async () => {
    const target = join(dir, 'is-a-dir');
    await mkdir(target);
    await writeFile(join(target, 'inside'), 'keep');
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['is-a-dir']);
    expect(await readFile(join(target, 'inside'), 'utf8')).toBe('keep');
  });
});
