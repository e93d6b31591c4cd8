import type { User } from '@prestaya/contracts';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { insertAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { hashSecret } from '../auth/secrets.ts';
import { toAuditSnapshot, toUserDto } from './mapping.ts';
import { AUDIT_ENTITY, type NewUser, newUserColumns, translateDuplicate, usernameTaken } from './queries.ts';

export async function createUser(db: AppDb, actorId: string | null, input: NewUser): Promise<User> {
  const [passwordHash, pinHash] = await Promise.all([hashSecret(input.password), hashSecret(input.pin)]);
  return translateDuplicate(
    db.transaction(async (tx) => {
      if (await usernameTaken(tx, input.username)) throw refuse('user.duplicate_username');
      const values = {
        ...newUserColumns(input, passwordHash, pinHash),
        roles: input.roles,
        status: input.status,
      };
      const row = await insertAudited(tx, users, values, {
        actorId,
        entity: AUDIT_ENTITY,
        snapshot: toAuditSnapshot,
      });
      return toUserDto(row);
    }),
  );
}
