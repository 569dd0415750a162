import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and server integration tests. Browser journeys live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    // One worker more than the cores (Vitest's default is one fewer): the server files spend much of
    // their time waiting on PostgreSQL. On 2 cores the server suite on PostgreSQL went 275 s -> 197 s
    // with 3 workers, same 1110 passes (decision 057).
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The cluster script's topology beside docker-compose.yml (decision 065).
      { test: { name: 'deploy', include: ['deploy/**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/lint/**/*.test.ts'],
          environment: 'node',
          // One PostgreSQL server per run; each file clones a migrated template (decision 012).
          globalSetup: ['apps/server/src/test/database-server.global-setup.ts'],
          // Files share a worker's module graph instead of importing the whole app again each: the
          // suite on the machine's PostgreSQL went 665 s -> 384 s (import 191 s -> 9 s), same 871 passes.
          // Safe because every file builds its own app over its own database (createTestApp) and no
          // server test mocks modules, stubs globals or fakes timers (decision 005).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
          // The build loads these as a second copy of the shared module (apps/web/build/shared-contracts.ts).
          alias: [
            { find: /^@huddle\/contracts\/(.*)$/, replacement: `${import.meta.dirname}/packages/shared/src/$1.ts` },
          ],
        },
      },
    ],
  },
});
