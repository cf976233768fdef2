import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// One build for the three parts. The renderer output doubles as what the browser shell serves.
export default defineConfig({
  main: {
    build: { outDir: 'out/main', rollupOptions: { input: { main: resolve('electron/main.ts') } } },
  },
  preload: {
    build: { outDir: 'out/preload', rollupOptions: { input: { preload: resolve('electron/preload.ts') } } },
  },
  renderer: {
    root: 'renderer',
    // Electron's loadFile and the browser shell both need relative asset paths.
    base: './',
    plugins: [react()],
    build: { outDir: resolve('out/renderer'), rollupOptions: { input: resolve('renderer/index.html') } },
  },
});
