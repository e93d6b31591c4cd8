import type { Role, UserStatus } from '@prestaya/contracts';
import type { UserRow } from '../../db/schema/users.ts';

/** What `request.user` holds after `authenticate`: re-read from the database on every request. */
export interface SessionUser {
  id: string;
  num: number;
  name: string;
  lastName: string;
  username: string;
  roles: Role[];
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    num: row.num,
    name: row.name,
    lastName: row.lastName,
    username: row.username,
    roles: row.roles as Role[],
  };
}

export const statusOf = (row: UserRow) => row.status as UserStatus;
