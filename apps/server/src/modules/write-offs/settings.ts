import type { WriteOffSettings } from '@prestaya/contracts';
import { DEFAULT_WRITE_OFF_MIN_DAYS } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { writeOffSettings } from '../../db/schema/write-offs.ts';
import { updateAudited } from '../../db/write-audit.ts';

export const WRITE_OFF_SETTINGS_AUDIT_ENTITY = 'write_off_settings';
/** The audit rows of the one policy row carry this fixed id (the row's own id is 1). */
export const WRITE_OFF_SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000002';

const ONE_ROW = eq(writeOffSettings.id, 1);

/** The policy; its documented default when the row is missing (a restore of an older backup). */
export async function readWriteOffSettings(db: DbOrTx): Promise<WriteOffSettings> {
  const [row] = await db.select().from(writeOffSettings).where(ONE_ROW);
  return { minDaysPastDue: row?.minDaysPastDue ?? DEFAULT_WRITE_OFF_MIN_DAYS };
}

/** PUT /write-offs/settings (administrators): the row locked, written and audited before → after. */
export async function updateWriteOffSettings(
  db: AppDb,
  actorId: string,
  input: WriteOffSettings,
): Promise<WriteOffSettings> {
  return db.transaction(async (tx) => {
    await tx.insert(writeOffSettings).values({ id: 1 }).onConflictDoNothing();
    const [current] = await tx.select().from(writeOffSettings).where(ONE_ROW).for('no key update');
    if (!current) throw new Error('write_off_settings has no row');
    const row = await updateAudited(
      tx,
      writeOffSettings,
      ONE_ROW,
      { minDaysPastDue: input.minDaysPastDue, updatedOn: sql`now()`, updatedBy: actorId },
      {
        actorId,
        entity: WRITE_OFF_SETTINGS_AUDIT_ENTITY,
        entityId: WRITE_OFF_SETTINGS_ENTITY_ID,
        before: current,
        snapshot: (r) => ({ minDaysPastDue: r.minDaysPastDue }),
      },
    );
    if (!row) throw new Error('write_off_settings has no row');
    return { minDaysPastDue: row.minDaysPastDue };
  });
}
