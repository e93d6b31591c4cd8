import { PASSWORD_RESET_PAGE, type PasswordResetLink } from '@prestaya/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { mayReceiveResetLink, resetLinkExpiry } from '../../credentials/password-reset.ts';
import type { AppDb } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { newResetToken } from '../auth/reset-tokens.ts';

/**
 * 'Generar enlace de restablecimiento': a one-time link that lets the user set a new password without
 * e-mail. The user's row is locked first (the order the link's use takes too), so two administrators
 * generating at once take turns and only the newer link works: each generation ends the user's
 * earlier unused links. The token is in this reply only; the audit entry records who and until when.
 */
export async function createPasswordResetLink(
  db: AppDb,
  actorId: string,
  userId: string,
  now: Date,
): Promise<PasswordResetLink> {
  const { token, tokenHash } = newResetToken();
  const expiresOn = resetLinkExpiry(now);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw refuse('user.not_found');
    if (!mayReceiveResetLink(user.status)) throw refuse('user.reset_link_cancelled');
    const ended = await tx
      .update(passwordResets)
      .set({ expiresOn: now })
      .where(
        and(
          eq(passwordResets.userId, userId),
          isNull(passwordResets.usedOn),
          gt(passwordResets.expiresOn, now),
        ),
      )
      .returning({ id: passwordResets.id });
    await tx
      .insert(passwordResets)
      .values({ id: uuidv7(), userId, tokenHash, createdBy: actorId, createdOn: now, expiresOn });
    await writeAudit(tx, {
      actorId,
      entity: 'user',
      entityId: userId,
      action: 'password_reset_link_created',
      after: { expiresOn: expiresOn.toISOString(), earlierLinksEnded: ended.length },
    });
  });
  return { userId, path: `${PASSWORD_RESET_PAGE}/${token}`, expiresOn: expiresOn.toISOString() };
}
