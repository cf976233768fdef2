import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { ALL_PARTS, type BuildPart, buildFingerprints, writeBuildStamp } from './scripts/build-stamp.ts';
import { PROCESS_ENTRIES } from './shared/process-entries.ts';

// One build for the three parts. The renderer output doubles as what the browser shell serves.
// `RINKSIDE_BUILD_PARTS=main,preload` builds only those parts (`npm start` rebuilds only what is stale,
// the renderer in a process of its own beside the others); unset, it builds all three.

const root = resolve('.');
const parts = new Set(process.env.RINKSIDE_BUILD_PARTS?.split(',') ?? ALL_PARTS);
const built = ALL_PARTS.filter((p) => parts.has(p));
// Taken now, before any part reads its sources: an edit made during the build makes the part stale.
const fingerprints = buildFingerprints(root, built);

/** Writes the part's fingerprint beside its output once that output is written (scripts/build-stamp.ts). */
function stamp(part: BuildPart): Plugin {
  return {
    name: 'rinkside-build-stamp',
    apply: 'build',
    writeBundle: () => writeBuildStamp(root, part, fingerprints[part]),
  };
}

const main = {
  plugins: [stamp('main')],
  build: {
    outDir: 'out/main',
    // Bundled in rather than loaded from node_modules at each launch: zod alone is dozens of modules.
    externalizeDeps: { exclude: ['zod', 'lru-cache', 'papaparse'] },
    // Keeps package.json "main" (out/main/main.js) valid: ESM, as the package is "type": "module".
    rolldownOptions: {
      // Electron's main, the browser shell's main (scripts/launch.ts loads it), and the modules the host
      // starts by file (shared/process-entries.ts): the local service's process and the store's worker.
      input: {
        main: resolve('electron/main.ts'),
        'browser-main': resolve('electron/host/browser-main.ts'),
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
    // preload is one self-contained CommonJS file: zod (used by shared/bridge.ts) is bundled in.
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
