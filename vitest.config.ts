import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/yield-between-tests.ts', 'test/setup/fresh-modules.ts', 'test/setup/redis-database-per-process.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test processes for two cores, each kept for file after file: a new process per file
    // (Node, vitest, fastify, zod, the AWS SDK… loaded again) cost ~30% of the API files' CPU. The
    // pool reads this root `isolate: false`; the worker reads the project's `isolate: true` and
    // drops every module of src/ and test/ before each file, so each file starts from fresh
    // module state as in a process of its own (test/setup/fresh-modules.ts fails if not).
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    env: { LOG_LEVEL: 'silent' },
    projects: [{ extends: true, test: { name: 'clipwright', poolOptions: { forks: { isolate: true } } } }],
  },
});
