import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The store's place in the layers (DESIGN.md, "Top level"): store/ imports only shared/ and libraries,
 * never electron/, renderer/ or service/; everything outside store/ but the tests reaches it through its
 * public entry, store/index.ts; the renderer never reaches it at all. Read from the sources' import
 * lines; a wrong arrow fails with the file and line.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every relative import of a file: the line, and the repository path it points to. */
function imports(file: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)) {
        out.push({ line: i + 1, target: relative(ROOT, resolve(ROOT, dirname(file), m[1] as string)) });
      }
    });
  return out;
}

const top = (path: string) => path.split('/')[0] ?? '';

describe('store/ boundaries', () => {
  it('store/ imports nothing from electron/, renderer/ or service/', () => {
    const files = tsFiles('store');
    expect(files.length).toBeGreaterThan(10);
    // The reader sees the store's own imports (of shared/ and of its modules), so an empty list proves something.
    expect(files.flatMap(imports).filter((i) => top(i.target) === 'shared').length).toBeGreaterThan(10);
    const wrong = files.flatMap((f) =>
      imports(f)
        .filter((i) => !['store', 'shared'].includes(top(i.target)))
        .map((i) => `${f}:${i.line} → ${i.target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('outside store/ (tests aside), only its public entry is imported; never by the renderer', () => {
    const files = ['electron', 'renderer', 'service', 'shared', 'bench', 'scripts'].flatMap(tsFiles);
    const wrong = files.flatMap((f) =>
      imports(f)
        .filter((i) => top(i.target) === 'store')
        .filter(
          (i) => i.target !== 'store/index.ts' || top(f) === 'renderer' || top(f) === 'service' || top(f) === 'shared',
        )
        .map((i) => `${f}:${i.line} → ${i.target}`),
    );
    expect(wrong).toEqual([]);
  });
});
