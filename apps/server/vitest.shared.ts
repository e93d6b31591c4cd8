import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { configDefaults, type ViteUserConfig } from 'vitest/config';

// The cluster test (nginx in front of several server processes) runs on its own: npm run test:cluster.
const cluster = process.env.PRESTAYA_CLUSTER_TEST === '1';

/**
 * Files that need a module registry of their own: they import a support module that registers its
 * hooks when it is first evaluated (the *-world.ts set-ups, demo-seed.ts), or they undo the set-up
 * file's Argon2 mock. Without isolation such a module is evaluated once per worker, so only the first
 * file to import it would get an app; every other file shares its modules (project `server`), which
 * saves importing the app and its set-up again for each of about a hundred files.
 */
const NEEDS_ISOLATION = /support\/[\w-]+-world\.ts'|support\/demo-seed\.ts'|vi\.unmock\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(dir, file));
}

const root = import.meta.dirname;
const isolatedFiles = testFiles(join(root, 'test'))
  .filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8')))
  .map((file) => relative(root, file));

/** The server project's settings; `isolated` picks the files above, otherwise every other one. */
export function serverProject(isolated: boolean): ViteUserConfig {
  const include = cluster ? ['test/cluster/**/*.test.ts'] : isolated ? isolatedFiles : ['test/**/*.test.ts'];
  const exclude = [
    ...configDefaults.exclude,
    ...(cluster ? [] : ['test/cluster/**']),
    ...(isolated ? [] : isolatedFiles),
  ];
  return {
    test: {
      name: isolated ? 'server-isolated' : 'server',
      include: cluster && isolated ? [] : include,
      exclude,
      isolate: isolated,
      passWithNoTests: true,
      globalSetup: ['test/global-setup.ts'],
      // Every reply of the suite is checked against the OpenAPI document (test/contract); password and
      // PIN hashes at a test-only cost (test/auth-secrets.test.ts checks the production one).
      setupFiles: ['test/contract/record-replies.ts', 'test/support/cheap-argon2.ts'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}
