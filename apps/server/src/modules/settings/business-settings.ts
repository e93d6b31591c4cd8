import type { BusinessSettings, businessSettingsInput, z } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type BusinessSettingsRow, businessSettings } from '../../db/schema/business-settings.ts';
import { updateAudited } from '../../db/write-audit.ts';

export const BUSINESS_SETTINGS_AUDIT_ENTITY = 'business_settings';
/** The audit rows of the one settings row carry this fixed id (the row's own id is 1). */
export const BUSINESS_SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000001';

const ONE_ROW = eq(businessSettings.id, 1);

/** The settings as the API shows them, and as the audit snapshot keeps them. */
export function toBusinessSettings(row: BusinessSettingsRow | undefined): BusinessSettings {
  return {
    name: row?.name ?? null,
    phone: row?.phone ?? null,
    whatsapp: row?.whatsapp ?? null,
    address: row?.address ?? null,
    hours: row?.hours ?? null,
    complaintsContact: row?.complaintsContact ?? null,
    // Only once set: a reply keeps its shape for the pages that never use them.
    ...(row?.legalName ? { legalName: row.legalName } : {}),
    ...(row?.recaNumber ? { recaNumber: row.recaNumber } : {}),
  };
}

/** GET /settings/business, and the landing page the server fills with it (plugins/web-app.ts). */
export async function readBusinessSettings(db: DbOrTx): Promise<BusinessSettings> {
  const [row] = await db.select().from(businessSettings).where(ONE_ROW);
  return toBusinessSettings(row);
}

/**
 * PUT /settings/business (administrators; the route enforces it): replaces every setting, audited
 * with before → after in the same transaction. The row is locked first, so two saves at once are
 * written and audited one after the other.
 */
export async function updateBusinessSettings(
  db: AppDb,
  actorId: string,
  input: z.output<typeof businessSettingsInput>,
): Promise<BusinessSettings> {
  return db.transaction(async (tx) => {
    // The migration writes the row; a restore of an older backup may not have it.
    await tx.insert(businessSettings).values({ id: 1 }).onConflictDoNothing();
    const [current] = await tx.select().from(businessSettings).where(ONE_ROW).for('no key update');
    if (!current) throw new Error('business_settings has no row');
    const row = await updateAudited(
      tx,
      businessSettings,
      ONE_ROW,
      { ...input, updatedOn: sql`now()`, updatedBy: actorId },
      {
        actorId,
        entity: BUSINESS_SETTINGS_AUDIT_ENTITY,
        entityId: BUSINESS_SETTINGS_ENTITY_ID,
        before: current,
        snapshot: (row) => ({ ...toBusinessSettings(row) }),
      },
    );
    return toBusinessSettings(row);
  });
}
