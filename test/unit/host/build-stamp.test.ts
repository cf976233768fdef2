import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_PARTS,
  BUILD_PARTS,
  buildFingerprints,
  staleParts,
  writeBuildStamp,
} from '../../../scripts/build-stamp.ts';

// `npm start` rebuilds a part of out/ when its sources differ from those it was built from
// (scripts/build-stamp.ts). A small tree of its own, with the repository's layout.

let root: string;

function write(rel: string, text: string) {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** Builds every part "now": its output folder and its stamp, as the build's plugin does. */
function buildAll() {
  const prints = buildFingerprints(root);
  for (const part of ALL_PARTS) {
    mkdirSync(join(root, BUILD_PARTS[part].outDir), { recursive: true });
    writeBuildStamp(root, part, prints[part]);
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rinkside-stamp-'));
  for (const f of ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json']) write(f, '{}');
  write('shared/contract/spec.ts', 'export const a = 1;');
  write('service/server.ts', 'export const b = 1;');
  write('store/index.ts', 'export const c = 1;');
  write('electron/main.ts', 'export const d = 1;');
  write('electron/host/app.ts', 'export const e = 1;');
  write('renderer/app/App.tsx', 'export const f = 1;');
  write('renderer/README.md', '# renderer');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('staleParts', () => {
  it('every part is stale before any build (a fresh clone), none right after one', () => {
    expect(staleParts(root)).toEqual(ALL_PARTS);
    buildAll();
    expect(staleParts(root)).toEqual([]);
  });

  it('an edit rebuilds only the parts built from that folder', () => {
    buildAll();
    write('renderer/app/App.tsx', 'export const f = 22;');
    expect(staleParts(root)).toEqual(['renderer']);
    buildAll();
    write('service/server.ts', 'export const b = 22;');
    expect(staleParts(root)).toEqual(['main']);
    buildAll();
    write('shared/contract/spec.ts', 'export const a = 33;');
    expect(staleParts(root)).toEqual(['main', 'preload', 'renderer']);
  });

  it('a file touched to another time, added or removed makes its parts stale', () => {
    buildAll();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'store', 'index.ts'), later, later);
    expect(staleParts(root)).toEqual(['main']);
    buildAll();
    write('electron/host/new.ts', 'export {};');
    expect(staleParts(root)).toEqual(['main', 'preload']);
    buildAll();
    rmSync(join(root, 'electron', 'host', 'new.ts'));
    expect(staleParts(root)).toEqual(['main', 'preload']);
  });

  it('a changed lock file or build configuration rebuilds everything; documentation nothing', () => {
    buildAll();
    write('package-lock.json', '{"lockfileVersion": 3}');
    expect(staleParts(root)).toEqual(ALL_PARTS);
    buildAll();
    write('electron.vite.config.ts', 'export default {};');
    expect(staleParts(root)).toEqual(ALL_PARTS);
    buildAll();
    write('renderer/README.md', '# the renderer, described at length');
    expect(staleParts(root)).toEqual([]);
  });

  it('a part whose output lost its stamp (a failed build) is stale', () => {
    buildAll();
    rmSync(join(root, BUILD_PARTS.renderer.outDir), { recursive: true });
    expect(staleParts(root)).toEqual(['renderer']);
  });
});
