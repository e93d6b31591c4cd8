import type { AmlCase } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { amlCases } from '../../db/schema/aml.ts';
import { updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { AML_CASE_AUDIT_ENTITY, caseSnapshot, loadCase } from './cases.ts';

/** PUT /aml/cases/{id}/close (administrators): closed once, with its conclusion, audited. */
export async function closeAmlCase(
  db: AppDb,
  actorId: string,
  id: string,
  conclusion: string,
): Promise<AmlCase> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(amlCases).where(eq(amlCases.id, id)).for('update');
    if (!current) throw refuse('aml.case_not_found');
    if (current.status !== 'OPEN') throw refuse('aml.case_closed');
    await updateAudited(
      tx,
      amlCases,
      eq(amlCases.id, id),
      { status: 'CLOSED', conclusion, closedBy: actorId, closedOn: sql`now()` },
      { actorId, entity: AML_CASE_AUDIT_ENTITY, entityId: id, before: current, snapshot: caseSnapshot },
    );
    const closed = await loadCase(tx, id);
    if (!closed) throw refuse('aml.case_not_found');
    return closed;
  });
}
