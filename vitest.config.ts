import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    pool: 'forks',
    // One OpenAPI backend per worker: compiling the document takes seconds, and every app shares it.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
