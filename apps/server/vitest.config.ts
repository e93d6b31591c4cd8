import { configDefaults, defineConfig } from 'vitest/config';

// The cluster test (nginx in front of several server processes) runs on its own: npm run test:cluster.
const cluster = process.env.PRESTAYA_CLUSTER_TEST === '1';

export default defineConfig({
  test: {
    name: 'server',
    include: cluster ? ['test/cluster/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: cluster ? configDefaults.exclude : [...configDefaults.exclude, 'test/cluster/**'],
    globalSetup: ['test/global-setup.ts'],
    // Every reply of the suite is checked against the OpenAPI document (test/contract); password and
    // PIN hashes at a test-only cost (test/auth-secrets.test.ts checks the production one).
    setupFiles: ['test/contract/record-replies.ts', 'test/support/cheap-argon2.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
