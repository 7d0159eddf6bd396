import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;

/**
 * API tests run on PGlite always and on PostgreSQL too when TEST_DATABASE_URL is set; each test
 * file gets its own database cloned from a migrated template, so files run in parallel.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server:pglite',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/setup/global-setup-pglite.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'server:postgres',
                include: ['apps/server/test/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['apps/server/test/setup/global-setup-postgres.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup-tests.ts'],
          // Route tests load lazy pages through vitest's transform on first use (setup-tests.ts).
          testTimeout: 60_000,
        },
      },
    ],
  },
});
