/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (test/unit) and the service's contract tests (test/contract) run in Node against real
// parts started by the tests. Renderer component tests opt into jsdom per file
// (`// @vitest-environment jsdom`).
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/contract/**/*.test.ts'],
    globals: true,
    environment: 'node',
    // One cache folder per run, for what several files build alike (test/vitest-setup.ts).
    globalSetup: ['test/vitest-setup.ts'],
    // A file per core, not Vitest's default of one fewer: most files spend their time waiting on processes
    // they start (services, hosts, stores, clusters), so on a 2-core machine one worker leaves a core idle.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
