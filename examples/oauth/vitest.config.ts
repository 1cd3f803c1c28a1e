import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Starting the mock takes well under a second; a busy CI machine gets some slack.
    hookTimeout: 30_000,
  },
});
