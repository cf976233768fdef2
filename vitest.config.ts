/// <reference types="vitest/config" />
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
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
