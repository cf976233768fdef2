import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// One build for the three parts. The renderer output doubles as what the browser shell serves.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Keeps package.json "main" (out/main/main.js) valid: ESM, as the package is "type": "module".
      rolldownOptions: {
        // The store's worker threads and the local service's process are entries of their own: the host
        // starts them by file (store/client.ts, store/lists/client.ts, embedded-service.ts).
        input: {
          main: resolve('electron/main.ts'),
          'store-worker': resolve('store/worker.ts'),
          'lists-worker': resolve('store/lists/worker.ts'),
          child: resolve('service/child.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads run as CommonJS with only `electron` (and a few built-ins) requirable, so the
      // preload is one self-contained CommonJS file: zod (used by shared/bridge.ts) is bundled in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { preload: resolve('electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: 'renderer',
    // Electron's rinkside:// protocol and the browser shell both serve these files; relative asset paths
    // work for both.
    base: './',
    plugins: [react()],
    // electron-vite leaves minification off by default; the renderer is served to a page on every launch,
    // so a minified bundle (about 560 KB instead of 1.45 MB) parses faster.
    build: { outDir: resolve('out/renderer'), minify: true, rollupOptions: { input: resolve('renderer/index.html') } },
  },
});
