import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import {
  ALL_PARTS,
  BUILD_PARTS_ENV,
  type BuildPart,
  buildFingerprints,
  reportBuilt,
  writeBuildStamp,
} from './scripts/build-stamp.ts';
import { type DemoTemplateBuild, startDemoTemplate } from './scripts/demo-template.ts';
import { PROCESS_ENTRIES } from './shared/contract/process-entries.ts';

// One build for the three parts. The renderer output doubles as what the browser shell serves.
// `RINKSIDE_BUILD_PARTS=main,renderer` builds only those parts (`npm start` rebuilds only what is stale);
// unset, it builds all three. Each part's fingerprint is written beside it once it is complete
// (scripts/build-stamp.ts), and `npm start` hears of it then, to go on while the next part builds.

const root = resolve('.');
const parts = new Set(process.env[BUILD_PARTS_ENV]?.split(',') ?? ALL_PARTS);
const built = ALL_PARTS.filter((p) => parts.has(p));
// Taken now, before any part reads its sources: an edit made during the build makes the part stale.
const fingerprints = buildFingerprints(root, built);

/**
 * Once a part's output is written: its fingerprint beside it, and a word to `npm start` if it started this
 * build (scripts/build-stamp.ts).
 */
function stamp(part: BuildPart, before?: () => Promise<void>): Plugin {
  return {
    name: 'rinkside-build-stamp',
    apply: 'build',
    writeBundle: async () => {
      await before?.();
      writeBuildStamp(root, part, fingerprints[part]);
      reportBuilt(part);
    },
  };
}

// The demo database beside the service child (scripts/demo-template.ts), generated while out/main bundles.
let demoTemplate: DemoTemplateBuild | undefined;
const main = {
  plugins: [
    {
      name: 'rinkside-demo-template',
      apply: 'build',
      buildStart: () => {
        demoTemplate ??= startDemoTemplate(root);
      },
    } satisfies Plugin,
    stamp('main', () => demoTemplate?.finish(resolve('out/main')) ?? Promise.resolve()),
  ],
  build: {
    outDir: 'out/main',
    // Bundled in rather than loaded from node_modules at each launch: zod alone is dozens of modules.
    externalizeDeps: { exclude: ['zod', 'lru-cache', 'papaparse'] },
    // Keeps package.json "main" (out/main/main.js) valid: ESM, as the package is "type": "module".
    rolldownOptions: {
      // Electron's main, the browser shell's main (scripts/launch.ts loads it), and the modules the host
      // starts by file (shared/contract/process-entries.ts): the local service's process and the store's worker.
      input: {
        main: resolve('electron/main.ts'),
        'browser-main': resolve('electron/host/shell/browser-main.ts'),
        ...Object.fromEntries(Object.entries(PROCESS_ENTRIES).map(([name, source]) => [name, resolve(source)])),
      },
      output: { format: 'es' as const, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
};

const preload = {
  plugins: [stamp('preload')],
  build: {
    outDir: 'out/preload',
    // Sandboxed preloads run as CommonJS with only `electron` (and a few built-ins) requirable, so the
    // preload is one self-contained CommonJS file. It loads no zod (test/unit/structure/ checks it): only the
    // bridge's operation names (shared/bridge/bridge-ops.ts), so the file stays a few KB.
    externalizeDeps: false,
    rolldownOptions: {
      input: { preload: resolve('electron/preload.ts') },
      output: { format: 'cjs' as const, entryFileNames: '[name].cjs', codeSplitting: false },
    },
  },
};

const renderer = {
  root: 'renderer',
  // Electron's rinkside:// protocol and the browser shell both serve these files; relative asset paths
  // work for both.
  base: './',
  plugins: [react(), stamp('renderer')],
  // electron-vite leaves minification off by default; the renderer is served to a page on every launch,
  // so a minified bundle (about 560 KB instead of 1.45 MB) parses faster.
  build: { outDir: resolve('out/renderer'), minify: true, rollupOptions: { input: resolve('renderer/index.html') } },
};

export default defineConfig({
  ...(parts.has('main') ? { main } : {}),
  ...(parts.has('preload') ? { preload } : {}),
  ...(parts.has('renderer') ? { renderer } : {}),
});
