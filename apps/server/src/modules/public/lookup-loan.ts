import type { PublicLookupResult } from '@prestaya/contracts';
import { formatPaymentReference } from '@prestaya/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';
import { payableFeesJson, payableInstallmentsJson, toPendingPayments } from '../payments/pending.ts';

/**
 * The public side (docs/architecture.md "People and access"): nothing without proof, and only what the pages
 * show. Every reply is built field by field here (never a staff DTO passed through), so no phone, CURP,
 * agent, bank account or other internal id can slip out.
 */

/**
 * The lookup's query, prepared once per database handle: the public side's busiest statement. The
 * loan's payable items come in the same statement (payments/pending.ts), one round trip in all.
 */
const lookupQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: loans.id,
      num: loans.num,
      name: customers.name,
      lastName: customers.lastName,
      secondLastName: customers.secondLastName,
      status: loans.status,
      installments: payableInstallmentsJson(),
      fees: payableFeesJson(),
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(
      and(
        eq(loans.num, sql.placeholder('num')),
        eq(customers.phone, sql.placeholder('phone')),
        ne(loans.status, 'CANCELLED'),
      ),
    )
    .limit(1)
    .prepare('public_lookup'),
);

/**
 * GET /public/api/v1/loans/search: ONE query matching the number and the phone together, so a wrong
 * number and a wrong phone are the same miss (same body, same work). CANCELLED loans are not found.
 * A hit carries the signed proof of this lookup (`proofOf`, lookup-proof.ts) that a PIN attempt needs.
 */
export async function lookupLoan(
  db: AppDb,
  query: { num: number; phone: string },
  proofOf: (loanId: string) => string,
): Promise<PublicLookupResult> {
  const [row] = await lookupQuery(db).execute({ num: query.num, phone: query.phone });
  if (!row) throw refuse('public.lookup_miss');
  // The staff pending-payments rule as is, read for the loan this very row proves (number AND phone).
  const { installments, fees: payableFees, ...loan } = row;
  const pending = toPendingPayments(installments, payableFees);
  return {
    loan: { ...loan, paymentReference: formatPaymentReference(loan.num) },
    pendingPayments: {
      scheduledPayments: pending.scheduledPayments.map((p) => ({
        id: p.id,
        paymentNumber: p.paymentNumber,
        concept: p.concept,
        dueDate: p.dueDate,
        status: p.status,
        amount: p.amount,
      })),
      fees: pending.fees.map((f) => ({
        id: f.id,
        concept: f.concept,
        feeDate: f.feeDate,
        status: f.status,
        amount: f.amount,
      })),
      total: pending.total,
    },
    proof: proofOf(loan.id),
  };
}
