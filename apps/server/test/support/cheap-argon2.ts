import type * as Argon2 from '@node-rs/argon2';
import { vi } from 'vitest';

/**
 * Vitest setup file of the server project: Argon2id at its lowest cost (64 KiB, one pass) wherever the
 * code asks for the library's default cost. Every test user costs two hashes and a sign-in check; at
 * the production cost (19 MiB, two passes) those made a large part of the suite's CPU time. Verifying
 * reads the cost from the stored hash, so hashes made here still verify, and production hashes too.
 * test/auth-secrets.test.ts unmocks the library and checks the production cost itself.
 */
export const TEST_ARGON2_COST = { memoryCost: 64, timeCost: 1 } as const;

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: Argon2.Options | null, signal?: AbortSignal | null) =>
      argon2.hash(password, options ?? TEST_ARGON2_COST, signal),
  };
});
