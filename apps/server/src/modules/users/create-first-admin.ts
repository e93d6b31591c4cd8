import type { Role, User } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { users } from '../../db/schema/users.ts';
import { insertAudited } from '../../db/write-audit.ts';
import { hashSecret } from '../auth/secrets.ts';
import { toAuditSnapshot, toUserDto } from './mapping.ts';
import { AUDIT_ENTITY, hasAnyUser, newUserColumns } from './queries.ts';

export interface FirstAdmin {
  name: string;
  lastName: string;
  username: string;
  password: string;
  /** Absent for the administrator created from ADMIN_USERNAME/ADMIN_PASSWORD. */
  pin?: string | undefined;
}

/**
 * Creates the first ROLE_ADMIN only while the users table is empty. The transaction-scoped advisory
 * lock makes concurrent first-run requests (or two servers starting together) take turns, so exactly
 * one administrator is created. Returns undefined when users already exist.
 */
export async function createFirstAdmin(
  db: AppDb,
  input: FirstAdmin,
  source: 'register' | 'environment',
): Promise<User | undefined> {
  if (await hasAnyUser(db)) return undefined; // cheap exit before hashing; re-checked under the lock
  const [passwordHash, pinHash] = await Promise.all([
    hashSecret(input.password),
    input.pin === undefined ? null : hashSecret(input.pin),
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.firstAdmin})`);
    if (await hasAnyUser(tx)) return undefined;
    const values = {
      ...newUserColumns(input, passwordHash, pinHash),
      roles: ['ROLE_ADMIN'] satisfies Role[],
    };
    const row = await insertAudited(tx, users, values, {
      actorId: null,
      entity: AUDIT_ENTITY,
      snapshot: toAuditSnapshot,
      action: source === 'register' ? 'first_admin_registered' : 'first_admin_from_environment',
    });
    return toUserDto(row);
  });
}
