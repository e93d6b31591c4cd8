import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Vitest setup file of the server project: Argon2id at its lowest cost (64 KiB, one pass) wherever the
 * code asks for the library's default cost. Every test user costs two hashes and a sign-in check; at
 * the production cost (19 MiB, two passes) those made a large part of the suite's CPU time. Verifying
 * reads the cost from the stored hash, so hashes made here still verify, and production hashes too.
 * test/auth-secrets.test.ts turns the cheap cost off (useProductionArgon2Cost) and checks the
 * production one itself.
 */
export const TEST_ARGON2_COST = { memoryCost: 64, timeCost: 1 } as const;

// On globalThis, not in this module: the server's test files share one module registry per worker, and
// a setup file is evaluated again for each file, so a module-level flag would not be the one the mock
// below reads.
const PRODUCTION_COST = Symbol.for('prestaya.test.argon2ProductionCost');
const flags = globalThis as { [PRODUCTION_COST]?: boolean };

/**
 * The calling file's hashes at the library's own default cost, as in production: the mock passes every
 * call through unchanged from the file's beforeAll to its afterAll. Undoing the mock (vi.unmock) would
 * not reach a module the worker has already loaded with the mocked library.
 */
export function useProductionArgon2Cost() {
  beforeAll(() => {
    flags[PRODUCTION_COST] = true;
  });
  afterAll(() => {
    delete flags[PRODUCTION_COST];
  });
}

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: Argon2.Options | null, signal?: AbortSignal | null) =>
      argon2.hash(password, options ?? (flags[PRODUCTION_COST] ? options : TEST_ARGON2_COST), signal),
  };
});
