import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './scripts/chromium.ts';
import { e2eEnv } from './test/e2e/env.ts';

/**
 * End-to-end tests (issue 3, item 6): `npm start`'s browser shell with the real embedded local service,
 * driven by Debian's Chromium (TOOLCHAIN.md, "Playwright with Debian's Chromium"). Two app instances:
 * one on the demo data as a scout first meets it, one with a keys file (full-access and restricted keys)
 * for the key flows. `npm start` rebuilds out/ itself when it is missing or older than the sources.
 * Run under the real keychain: `bash scripts/with-keyring.sh npx playwright test`.
 */

const env = e2eEnv();

/** `npm start` headless on a port and its own data folder (a fresh one per run: the first run). */
function appServer(port: number, url: string, extra: string[]) {
  return {
    command: ['npm', 'start', '--', '--no-open', '--port', String(port), ...extra].join(' '),
    url,
    reuseExistingServer: false,
    // A cold start builds the app (electron-vite) and seeds the demo database.
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  };
}

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalTeardown: './test/e2e/global-teardown.ts',
  use: {
    headless: true,
    viewport: { width: 1280, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM.executablePath,
      args: [...CHROMIUM.args],
    },
  },
  webServer: [
    appServer(env.demo.port, env.demo.url, ['--data-dir', env.demo.dataDir]),
    appServer(env.keyed.port, env.keyed.url, ['--data-dir', env.keyed.dataDir, '--keys', env.keyed.keysFile]),
  ],
});
