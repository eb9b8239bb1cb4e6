import { defineConfig } from 'vitest/config';

/** Browser journeys: real server (built web app, PGlite) driven through Debian's Chromium. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
