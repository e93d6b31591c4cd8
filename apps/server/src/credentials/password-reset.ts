import { PASSWORD_RESET_HOURS, type UserStatus } from '@prestaya/contracts';
import { canSignIn } from '../access/users.ts';

/**
 * Rules of the one-time password reset links (docs/architecture.md "People and access"). Pure functions,
 * unit-tested in test/credentials; the module applies them to rows it has locked.
 */

export const RESET_LINK_LIFETIME_MS = PASSWORD_RESET_HOURS * 60 * 60 * 1000;

/** 32 random bytes: 43 base64url characters (contracts' PASSWORD_RESET_TOKEN_SHAPE). */
export const RESET_TOKEN_BYTES = 32;

/** When a link generated at `createdOn` stops working. */
export const resetLinkExpiry = (createdOn: Date) => new Date(createdOn.getTime() + RESET_LINK_LIFETIME_MS);

export interface ResetLinkFacts {
  usedOn: Date | null;
  expiresOn: Date;
}

/**
 * A link opens while it has not been used, before its end (the end itself is too late), and only for a
 * user who may still sign in. Callers answer every 'no' alike, so a reply never says which rule failed.
 */
export function isResetLinkUsable(link: ResetLinkFacts, userStatus: UserStatus, now: Date): boolean {
  return link.usedOn === null && now.getTime() < link.expiresOn.getTime() && canSignIn(userStatus);
}

/** A user may receive a link only while they can sign in: a cancelled account is reactivated first. */
export const mayReceiveResetLink = (userStatus: UserStatus) => canSignIn(userStatus);
