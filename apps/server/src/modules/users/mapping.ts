import type { User } from '@prestaya/contracts';
import type { UserRow } from '../../db/schema/users.ts';

/** The API shape of a user: never the password or PIN hash. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    num: row.num,
    name: row.name,
    lastName: row.lastName,
    username: row.username,
    roles: row.roles,
    status: row.status,
    createdOn: row.createdOn.toISOString(),
  };
}

/** What the audit trail keeps of a user: the API shape plus whether a PIN is set, no hashes. */
export function toAuditSnapshot(row: UserRow): Record<string, unknown> {
  const { id: _id, createdOn: _createdOn, ...visible } = toUserDto(row);
  return { ...visible, hasPin: row.pinHash !== null };
}
