import { type AuditEntry, ENTITY_HISTORY_LIMIT, type EntityHistoryParams } from '@prestaya/contracts';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { fees, payments } from '../../db/schema/payments.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { findVisibleLoan } from '../loans/access.ts';
import { visiblePayments } from '../payments/access.ts';
import { withReferenceNames } from './names.ts';
import { selectAudit, toAuditEntry } from './queries.ts';

/* ------------------------------------------------------------------------------------------------ */
/* One record's history ('Historial')                                                               */
/* ------------------------------------------------------------------------------------------------ */

const isEntity = (entity: string, id: string) => and(eq(auditLog.entity, entity), eq(auditLog.entityId, id));

/**
 * The rows of one record's history, after checking the actor may see the record with THE access rule
 * of its module (404 with that module's message otherwise, exactly as the record itself answers):
 * - customer: its rows and its addresses' and documents' rows, deleted ones too (each of their
 *   snapshots names its customer; the literal predicates let the partial indexes
 *   audit_log_address_customer_idx and audit_log_document_customer_idx serve them);
 * - loan: its rows and its fees' rows (fees are never deleted);
 * - payment: its rows; visible as its details are (payments/access.ts).
 */
async function historyScope(
  db: AppDb,
  actor: CustomerActor,
  { entity, entityId }: EntityHistoryParams,
): Promise<SQL | undefined> {
  switch (entity) {
    case 'customer': {
      const { id } = await findVisibleCustomer(db, actor, entityId);
      const owner = sql`coalesce(${auditLog.after} ->> 'customerId', ${auditLog.before} ->> 'customerId')`;
      return or(
        isEntity('customer', id),
        and(sql`${auditLog.entity} = 'address'`, sql`${owner} = ${id}`),
        and(sql`${auditLog.entity} = 'customer_document'`, sql`${owner} = ${id}`),
      );
    }
    case 'loan': {
      const { loan } = await findVisibleLoan(db, actor, entityId);
      const feeIds = sql`(select ${fees.id}::text from ${fees} where ${fees.loanId} = ${loan.id})`;
      return or(
        isEntity('loan', loan.id),
        and(eq(auditLog.entity, 'fee'), sql`${auditLog.entityId} in ${feeIds}`),
      );
    }
    case 'payment': {
      const [payment] = await db
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(loans, eq(loans.id, payments.loanId))
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(and(eq(payments.id, entityId), visiblePayments(actor)))
        .limit(1);
      if (!payment) throw refuse('payment.not_found');
      return isEntity('payment', payment.id);
    }
  }
}

/** GET /audit/{entity}/{entityId}: newest first, at most ENTITY_HISTORY_LIMIT rows. */
export async function entityHistory(
  db: AppDb,
  actor: CustomerActor,
  params: EntityHistoryParams,
): Promise<AuditEntry[]> {
  const where = await historyScope(db, actor, params);
  const rows = await selectAudit(db)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ENTITY_HISTORY_LIMIT);
  return withReferenceNames(db, rows.map(toAuditEntry));
}
