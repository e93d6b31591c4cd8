import type { ContractSettings } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { contractSettings } from '../../db/schema/contract-documents.ts';
import { updateAudited } from '../../db/write-audit.ts';

export const CONTRACT_SETTINGS_AUDIT_ENTITY = 'contract_settings';
/** The audit rows of the one policy row carry this fixed id (the row's own id is 1). */
export const CONTRACT_SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-0000000000c0';

const ONE_ROW = eq(contractSettings.id, 1);

/** The policy; its documented default (off) when the row is missing (a restore of an older backup). */
export async function readContractSettings(db: DbOrTx): Promise<ContractSettings> {
  const [row] = await db.select().from(contractSettings).where(ONE_ROW);
  return { requireSignedContract: row?.requireSignedContract ?? false };
}

/** PUT /settings/contracts (administrators): the row locked, written and audited before → after. */
export async function updateContractSettings(
  db: AppDb,
  actorId: string,
  input: ContractSettings,
): Promise<ContractSettings> {
  return db.transaction(async (tx) => {
    await tx.insert(contractSettings).values({ id: 1 }).onConflictDoNothing();
    const [current] = await tx.select().from(contractSettings).where(ONE_ROW).for('no key update');
    if (!current) throw new Error('contract_settings has no row');
    const row = await updateAudited(
      tx,
      contractSettings,
      ONE_ROW,
      { requireSignedContract: input.requireSignedContract, updatedOn: sql`now()`, updatedBy: actorId },
      {
        actorId,
        entity: CONTRACT_SETTINGS_AUDIT_ENTITY,
        entityId: CONTRACT_SETTINGS_ENTITY_ID,
        before: current,
        snapshot: (r) => ({ requireSignedContract: r.requireSignedContract }),
      },
    );
    if (!row) throw new Error('contract_settings has no row');
    return { requireSignedContract: row.requireSignedContract };
  });
}
