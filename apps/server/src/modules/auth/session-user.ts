import type { Role, UserStatus } from '@prestaya/contracts';
import { canSignIn } from '../../access/users.ts';
import { isCurrentToken } from '../../credentials/sessions.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { toUserDto } from '../users/mapping.ts';

/** What `request.user` holds after `authenticate`: re-read from the database on every request. */
export interface SessionUser {
  id: string;
  num: number;
  name: string;
  lastName: string;
  username: string;
  roles: Role[];
  /** The user's token version, copied into every token issued for this session. */
  tokenVersion: number;
  /** When this session began (password typed), seconds since the epoch; kept across refreshes. */
  signedInAt: number;
  /** The session's id (`sid` claim), drawn at sign-in and kept across refreshes; logout ends it. */
  sessionId: string;
}

/** The session facts a verified token carries (its `ver`, `auth_time` and `sid` claims). */
export interface SessionClaims {
  userId: string;
  tokenVersion: number;
  signedInAt: number;
  sessionId: string;
}

export const statusOf = (row: UserRow): UserStatus => row.status;

export function toSessionUser(row: UserRow, signedInAt: number, sessionId: string): SessionUser {
  const { id, num, name, lastName, username, roles } = toUserDto(row);
  return { id, num, name, lastName, username, roles, tokenVersion: row.tokenVersion, signedInAt, sessionId };
}

/**
 * The user a token opens a session for, from the row read for this request; undefined when the user
 * is gone, cancelled, their token version has been raised since the token was issued, or the token's
 * session was signed out (`signedOut`, read in the same query).
 */
export function sessionUserOf(
  row: UserRow | undefined,
  claims: SessionClaims,
  signedOut: boolean,
): SessionUser | undefined {
  if (
    !row ||
    signedOut ||
    !canSignIn(statusOf(row)) ||
    !isCurrentToken(claims.tokenVersion, row.tokenVersion)
  ) {
    return undefined;
  }
  return toSessionUser(row, claims.signedInAt, claims.sessionId);
}
