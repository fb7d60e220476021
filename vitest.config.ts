import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files in one worker share the imported app modules (about a third of a file's CPU was its imports);
    // every file still builds its own app on its own database.
    isolate: false,
    maxWorkers: 2,
  },
});
