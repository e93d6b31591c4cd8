import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords and PINs are stored as Argon2id hashes (the library default algorithm; OWASP parameters:
 * 19 MiB, 2 passes). The PHC string carries its own salt and parameters.
 */
export function hashSecret(plain: string): Promise<string> {
  return hash(plain);
}

export async function verifySecret(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false; // a malformed stored hash is a failed check, not a server error
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real check when there is no user to check against, so response times do
 * not reveal which usernames exist. Always false.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyHash ??= hash(randomUUID());
  await verify(await dummyHash, plain);
  return false;
}
