import type { LoginRequest } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { canSignIn } from '../../domain/users.ts';
import { MESSAGES, unauthorized } from '../../errors.ts';
import { verifyAgainstDummy, verifySecret } from './secrets.ts';
import { type SessionUser, statusOf, toSessionUser } from './session-user.ts';

export const LOGIN_FAILED = 'Usuario y/o contraseña incorrecta';

/**
 * Unknown user, wrong password and cancelled user all get the same 401 and take the same time
 * (one Argon2 verification each), so the reply reveals nothing about which accounts exist.
 */
export async function login(db: AppDb, credentials: LoginRequest): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.username, credentials.username)).limit(1);
  const passwordOk = row
    ? await verifySecret(row.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!row || !passwordOk || !canSignIn(statusOf(row))) throw unauthorized(LOGIN_FAILED);
  return toSessionUser(row);
}

/** By primary key, no cache: a cancelled user is locked out on the next request on every server. */
export async function loadSessionUser(db: AppDb, userId: string): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !canSignIn(statusOf(row))) throw unauthorized(MESSAGES.invalidSession);
  return toSessionUser(row);
}
