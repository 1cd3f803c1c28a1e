import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    pool: 'forks',
    // Both cores of the CI machine (vitest 4 leaves one free by default).
    maxWorkers: '100%',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
