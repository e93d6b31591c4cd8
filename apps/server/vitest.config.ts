import { configDefaults, defineConfig } from 'vitest/config';

// The cluster test (nginx in front of several server processes) runs on its own: npm run test:cluster.
const cluster = process.env.PRESTAYA_CLUSTER_TEST === '1';

export default defineConfig({
  test: {
    name: 'server',
    include: cluster ? ['test/cluster/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(cluster ? [] : ['test/cluster/**'])],
    // The files of a worker share one module registry, which saves importing the app and its set-up
    // again for each of about a hundred files. So no test module registers hooks or keeps state when it
    // is imported: a file calls its set-up (useTestApp, the use…World functions) itself.
    isolate: false,
    passWithNoTests: true,
    globalSetup: ['test/global-setup.ts'],
    // Every reply of the suite is checked against the OpenAPI document (test/contract); password and
    // PIN hashes at a test-only cost (test/auth-secrets.test.ts checks the production one).
    setupFiles: ['test/contract/record-replies.ts', 'test/support/cheap-argon2.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
