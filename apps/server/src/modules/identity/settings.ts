import type { IdentitySettings } from '@prestaya/contracts';
import { DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { identitySettings } from '../../db/schema/identity-settings.ts';
import { updateAudited } from '../../db/write-audit.ts';

export const IDENTITY_SETTINGS_AUDIT_ENTITY = 'identity_settings';
/** The audit rows of the one policy row carry this fixed id (the row's own id is 1). */
export const IDENTITY_SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000003';

const ONE_ROW = eq(identitySettings.id, 1);

const DEFAULTS: IdentitySettings = {
  requireCompleteExpediente: false,
  proofOfAddressMaxMonths: DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS,
};

/** The policy; its documented defaults when the row is missing (a restore of an older backup). */
export async function readIdentitySettings(db: DbOrTx): Promise<IdentitySettings> {
  const [row] = await db.select().from(identitySettings).where(ONE_ROW);
  if (!row) return DEFAULTS;
  return {
    requireCompleteExpediente: row.requireCompleteExpediente,
    proofOfAddressMaxMonths: row.proofOfAddressMaxMonths,
  };
}

/** PUT /identity-settings (administrators): the row locked, written and audited before → after. */
export async function updateIdentitySettings(
  db: AppDb,
  actorId: string,
  input: IdentitySettings,
): Promise<IdentitySettings> {
  return db.transaction(async (tx) => {
    await tx.insert(identitySettings).values({ id: 1 }).onConflictDoNothing();
    const [current] = await tx.select().from(identitySettings).where(ONE_ROW).for('no key update');
    if (!current) throw new Error('identity_settings has no row');
    const snapshot = (r: typeof current) => ({
      requireCompleteExpediente: r.requireCompleteExpediente,
      proofOfAddressMaxMonths: r.proofOfAddressMaxMonths,
    });
    const row = await updateAudited(
      tx,
      identitySettings,
      ONE_ROW,
      { ...input, updatedOn: sql`now()`, updatedBy: actorId },
      {
        actorId,
        entity: IDENTITY_SETTINGS_AUDIT_ENTITY,
        entityId: IDENTITY_SETTINGS_ENTITY_ID,
        before: current,
        snapshot,
      },
    );
    if (!row) throw new Error('identity_settings has no row');
    return snapshot(row);
  });
}
