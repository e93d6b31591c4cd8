import { type AmlSettings, centsToPesos, pesosToCents } from '@prestaya/contracts';
import { DEFAULT_AML_MONTHLY_CASH_CENTS, DEFAULT_AML_SINGLE_CASH_CENTS } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { amlSettings } from '../../db/schema/aml.ts';
import { updateAudited } from '../../db/write-audit.ts';

export const AML_SETTINGS_AUDIT_ENTITY = 'aml_settings';
/** The audit rows of the one settings row carry this fixed id (the row's own id is 1). */
export const AML_SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000042';

const ONE_ROW = eq(amlSettings.id, 1);

export interface AmlThresholds {
  singleCashCents: number;
  monthlyCashCents: number;
}

/** The thresholds in centavos; their documented defaults when the row is missing. */
export async function readAmlThresholds(db: DbOrTx): Promise<AmlThresholds> {
  const [row] = await db.select().from(amlSettings).where(ONE_ROW);
  return {
    singleCashCents: row?.singleCashCents ?? DEFAULT_AML_SINGLE_CASH_CENTS,
    monthlyCashCents: row?.monthlyCashCents ?? DEFAULT_AML_MONTHLY_CASH_CENTS,
  };
}

const toSettings = (t: AmlThresholds): AmlSettings => ({
  singleCashThreshold: centsToPesos(t.singleCashCents),
  monthlyCashThreshold: centsToPesos(t.monthlyCashCents),
});

export async function readAmlSettings(db: DbOrTx): Promise<AmlSettings> {
  return toSettings(await readAmlThresholds(db));
}

/** PUT /aml/settings (administrators): the row locked, written and audited before → after. */
export async function updateAmlSettings(
  db: AppDb,
  actorId: string,
  input: AmlSettings,
): Promise<AmlSettings> {
  return db.transaction(async (tx) => {
    await tx.insert(amlSettings).values({ id: 1 }).onConflictDoNothing();
    const [current] = await tx.select().from(amlSettings).where(ONE_ROW).for('no key update');
    if (!current) throw new Error('aml_settings has no row');
    const row = await updateAudited(
      tx,
      amlSettings,
      ONE_ROW,
      {
        singleCashCents: pesosToCents(input.singleCashThreshold),
        monthlyCashCents: pesosToCents(input.monthlyCashThreshold),
        updatedOn: sql`now()`,
        updatedBy: actorId,
      },
      {
        actorId,
        entity: AML_SETTINGS_AUDIT_ENTITY,
        entityId: AML_SETTINGS_ENTITY_ID,
        before: current,
        snapshot: (r) => toSettings(r),
      },
    );
    if (!row) throw new Error('aml_settings has no row');
    return toSettings(row);
  });
}
