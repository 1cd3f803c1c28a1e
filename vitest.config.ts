import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Cheap for a file that sends no request: it loads no validator unless the file does (test/support/violations.ts).
    setupFiles: ['test/support/setup.ts'],
    pool: 'forks',
    // Each worker runs file after file in one process and keeps its module cache: the documents, their routers and
    // their compiled validators are built once per worker instead of once per file (1–3 s of CPU each). Every test
    // builds its own app, store and clock, so no state is shared but those.
    isolate: false,
    // Both cores of the CI machine (vitest 4 leaves one free by default).
    maxWorkers: '100%',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
