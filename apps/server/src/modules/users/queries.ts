import type { userCreate, z } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';

export type NewUser = z.output<typeof userCreate>;

/** The audit trail's name for a user row. */
export const AUDIT_ENTITY = 'user';

export async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/**
 * The unique index is the last word; this only turns its violation into the refusal. A creation
 * checks first (usernameTaken), so a refused duplicate does not spend a user number.
 */
export async function translateDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_unique')) throw refuse('user.duplicate_username');
    throw error;
  }
}

/**
 * Whether another user holds `username`, asked under a transaction lock on that username: creations
 * and renames to the same name take turns, so after a 'no' the insert cannot hit the unique index
 * and its identity value (the user number, taken even by a failing insert) is never wasted.
 */
export async function usernameTaken(tx: DbOrTx, username: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.username}, hashtext(${username}))`);
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row !== undefined;
}

/** The columns of a new user's row: a fresh id, the names typed, the secrets already hashed. */
export function newUserColumns(
  input: Pick<NewUser, 'name' | 'lastName' | 'username'>,
  passwordHash: string,
  pinHash: string | null,
) {
  return {
    id: uuidv7(),
    name: input.name,
    lastName: input.lastName,
    username: input.username,
    passwordHash,
    pinHash,
  };
}
