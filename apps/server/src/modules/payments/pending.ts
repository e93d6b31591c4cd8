import { centsToPesos, type PendingPayments } from '@prestaya/contracts';
import {
  type FeeStatus,
  type InstallmentStatus,
  PAYABLE_FEE_STATUSES,
  PAYABLE_INSTALLMENT_STATUSES,
  selectPayment,
} from '@prestaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { sqlLiterals } from '../../db/literals.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import { refuse } from '../../http/refusals.ts';
import { visibleToAgentPlaceholder } from '../customers/access.ts';
import { toScheduledPaymentDto } from '../loans/mapping.ts';
import { toFeeDto } from './mapping.ts';

/** An installment payable now, as the JSON of PAYABLE_INSTALLMENTS builds it. */
interface InstallmentJson {
  id: string;
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  status: InstallmentStatus;
  concept: string;
}

/** A fee payable now, as the JSON of PAYABLE_FEES builds it. */
interface FeeJson {
  id: string;
  feeDate: string;
  concept: string;
  amountCents: number;
  status: FeeStatus;
  scheduledPaymentId: string;
}

/**
 * Columns in these subqueries are spelled out, qualified by the subquery's own alias: drizzle writes
 * the columns of a one-table select unqualified, and `id` or `status` would then name the outer loan.
 * The loan is always the outer query's `loans` row.
 */
const OUTER_LOAN_ID = sql`${sql.identifier('loans')}.${sql.identifier('id')}`;

/**
 * The payable installments of the outer query's loan (PENDING or DELAYED, by number), each for what
 * remains of it once abonos paid or hold part of it (abono.ts), as one JSON array: a column of the statement that proves the loan, so proof and items are one round trip, not
 * three. Dates are `YYYY-MM-DD` and centavos plain numbers in JSON, as the row readers return them.
 */
export function payableInstallmentsJson() {
  return sql<InstallmentJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', sp.id, 'paymentNumber', sp.payment_number, 'dueDate', sp.due_date,
      'amountCents', sp.amount_cents - sp.paid_cents - sp.held_cents, 'status', sp.status, 'concept', sp.concept
    ) order by sp.payment_number)
    from ${scheduledPayments} sp
    where sp.loan_id = ${OUTER_LOAN_ID} and sp.status in (${sqlLiterals(PAYABLE_INSTALLMENT_STATUSES)})
  ), '[]'::json)`;
}

/** The payable fees of the outer query's loan (PENDING, by date then installment number), as JSON. */
export function payableFeesJson() {
  return sql<FeeJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', f.id, 'feeDate', f.fee_date, 'concept', f.concept,
      'amountCents', f.amount_cents - f.paid_cents - f.held_cents,
      'status', f.status, 'scheduledPaymentId', f.scheduled_payment_id
    ) order by f.fee_date, sp.payment_number)
    from ${fees} f
    join ${scheduledPayments} sp on sp.id = f.scheduled_payment_id
    where f.loan_id = ${OUTER_LOAN_ID} and f.status in (${sqlLiterals(PAYABLE_FEE_STATUSES)})
  ), '[]'::json)`;
}

/** The two JSON columns above turned into the API shape, with `total` = all of them (docs/product.md §5). */
export function toPendingPayments(installments: InstallmentJson[], payableFees: FeeJson[]): PendingPayments {
  const { amountCents: totalCents } = selectPayment(
    installments,
    payableFees,
    installments.length,
    (item) => item.amountCents,
  );
  return {
    scheduledPayments: installments.map(toScheduledPaymentDto),
    fees: payableFees.map(toFeeDto),
    total: centsToPesos(totalCents),
  };
}

const PAYABLE_ITEMS = { installments: payableInstallmentsJson(), fees: payableFeesJson() };

/**
 * The loan (if visible) and its payable items in one prepared statement. An administrator's reads the
 * loan by id; an agent's joins the customer and applies the customers access rule with the agent's
 * id as a parameter (customers/access.ts).
 */
const adminPendingQuery = preparedPerDatabase((db) =>
  db
    .select(PAYABLE_ITEMS)
    .from(loans)
    .where(eq(loans.id, sql.placeholder('loanId')))
    .prepare('pending_payments_admin'),
);
const agentPendingQuery = preparedPerDatabase((db) =>
  db
    .select(PAYABLE_ITEMS)
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(eq(loans.id, sql.placeholder('loanId')), visibleToAgentPlaceholder('agentId')))
    .prepare('pending_payments_agent'),
);

/**
 * GET /loans/{id}/pending-payments: what can be paid now — the installments PENDING or DELAYED by
 * number, the fees PENDING by date, and `total` = all of them (the form always includes every pending
 * fee; docs/product.md §5 "Payment totals"). A loan the actor may not see is 404 'Préstamo no encontrado'.
 */
export async function pendingPayments(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<PendingPayments> {
  const [row] = seesAllCustomers(actor)
    ? await adminPendingQuery(db).execute({ loanId })
    : await agentPendingQuery(db).execute({ loanId, agentId: actor.id });
  if (!row) throw refuse('loan.not_found');
  return toPendingPayments(row.installments, row.fees);
}
