import type { Role, UserStatus } from '@prestaya/contracts';

/** Rules about staff accounts. Pure functions: no I/O, unit-tested in test/access. */

export interface UserAccess {
  roles: readonly Role[];
  status: UserStatus;
}

/** A CANCELLED user cannot sign in and their tokens stop working at once; DELAYED users still can. */
export function canSignIn(status: UserStatus): boolean {
  return status !== 'CANCELLED';
}

export function hasRole(roles: readonly string[], role: Role): boolean {
  return roles.includes(role);
}

/** Can administer the system right now. */
export function isActiveAdmin(user: UserAccess): boolean {
  return canSignIn(user.status) && hasRole(user.roles, 'ROLE_ADMIN');
}

/** Why an administrator's change to their own account is refused (a 400 naming the field). */
export type SelfUpdateRefusal = 'user.cannot_cancel_self' | 'user.cannot_drop_own_admin';

/**
 * An administrator may not cancel their own account nor drop their own ROLE_ADMIN: together with the
 * last-administrator check in the users service this keeps at least one administrator in the system.
 */
export function selfUpdateViolation(
  actorId: string,
  targetId: string,
  next: UserAccess,
): SelfUpdateRefusal | undefined {
  if (actorId !== targetId) return undefined;
  if (next.status === 'CANCELLED') return 'user.cannot_cancel_self';
  if (!hasRole(next.roles, 'ROLE_ADMIN')) return 'user.cannot_drop_own_admin';
  return undefined;
}

/**
 * A new password, a cancellation or a reactivation ends every session of the user (their token version
 * is raised): whoever held the old password, or a token from before the cancellation, is signed out.
 */
export function endsSessions(before: UserStatus, after: UserStatus, passwordChanged: boolean): boolean {
  return passwordChanged || canSignIn(before) !== canSignIn(after);
}
