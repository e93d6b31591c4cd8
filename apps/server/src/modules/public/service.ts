import {
  centsToPesos,
  type FeeStatus,
  type LoanStatus,
  type PublicLoanDetail,
  type PublicLookupResult,
  type ScheduledPaymentStatus,
} from '@prestaya/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { parseAgentCredential } from '../../domain/basic-credential.ts';
import { isLocked } from '../../domain/pin-lockout.ts';
import { hasRole } from '../../domain/users.ts';
import { notFound, unauthorized } from '../../errors.ts';
import { verifyAgainstDummy, verifySecret } from '../auth/secrets.ts';
import { LOAN_MESSAGES } from '../loans/messages.ts';
import { payableItems } from '../payments/service.ts';
import { PUBLIC_MESSAGES } from './messages.ts';
import { clearFailures, readLockout, recordFailure } from './pin-lockouts.ts';

/**
 * The public side (domain.md "People and access"): nothing without proof, and only what the pages show.
 * Every reply is built field by field here (never a staff DTO passed through), so no phone, CURP, agent,
 * bank account or other internal id can slip out.
 */

/** The lookup's query, prepared once per database handle: the public side's busiest statement. */
const lookupQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: loans.id,
      num: loans.num,
      name: customers.name,
      lastName: customers.lastName,
      secondLastName: customers.secondLastName,
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
 */
export async function lookupLoan(
  db: AppDb,
  query: { num: number; phone: string },
): Promise<PublicLookupResult> {
  const [row] = await lookupQuery(db).execute({ num: query.num, phone: query.phone });
  if (!row) throw notFound(PUBLIC_MESSAGES.lookupMiss);
  // The staff pending-payments rule as is: the loan has just been proven by its number AND phone.
  const pending = await payableItems(db, row.id);
  return {
    loan: row,
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
  };
}

/**
 * GET /public/api/v1/loans/{id}: the statement page. Any existing loan (its UUIDv7 link is the proof):
 * a PENDING or APPROVED one shows an empty schedule, a CANCELLED one its status ('Cancelado').
 * Fees: every fee not cancelled, by date; the schedule by number.
 */
export async function loanStatement(db: AppDb, id: string): Promise<PublicLoanDetail> {
  const [row] = await db
    .select({
      loan: {
        id: loans.id,
        num: loans.num,
        amountCents: loans.amountCents,
        totalCents: loans.totalCents,
        currentBalanceCents: loans.currentBalanceCents,
        requestDate: loans.requestDate,
        approvedOn: loans.approvedOn,
        activatedOn: loans.activatedOn,
        status: loans.status,
      },
      customer: {
        name: customers.name,
        lastName: customers.lastName,
        secondLastName: customers.secondLastName,
      },
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, id))
    .limit(1);
  if (!row) throw notFound(LOAN_MESSAGES.notFound);
  const { loan, customer } = row;
  const feeRows = await db
    .select({
      id: fees.id,
      concept: fees.concept,
      feeDate: fees.feeDate,
      status: fees.status,
      amountCents: fees.amountCents,
    })
    .from(fees)
    .innerJoin(scheduledPayments, eq(scheduledPayments.id, fees.scheduledPaymentId))
    .where(and(eq(fees.loanId, id), ne(fees.status, 'CANCELLED')))
    .orderBy(asc(fees.feeDate), asc(scheduledPayments.paymentNumber));
  const schedule = await db
    .select({
      id: scheduledPayments.id,
      paymentNumber: scheduledPayments.paymentNumber,
      concept: scheduledPayments.concept,
      dueDate: scheduledPayments.dueDate,
      status: scheduledPayments.status,
      amountCents: scheduledPayments.amountCents,
    })
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, id))
    .orderBy(asc(scheduledPayments.paymentNumber));
  return {
    loan: {
      id: loan.id,
      num: loan.num,
      amount: centsToPesos(loan.amountCents),
      totalToRepay: centsToPesos(loan.totalCents),
      currentBalance: centsToPesos(loan.currentBalanceCents),
      requestDate: loan.requestDate,
      approvedOn: loan.approvedOn?.toISOString() ?? null,
      activatedOn: loan.activatedOn?.toISOString() ?? null,
      status: loan.status as LoanStatus,
      customer,
    },
    fees: feeRows.map((f) => ({
      id: f.id,
      concept: f.concept,
      feeDate: f.feeDate,
      status: f.status as FeeStatus,
      amount: centsToPesos(f.amountCents),
    })),
    schedulePayments: schedule.map((p) => ({
      id: p.id,
      paymentNumber: p.paymentNumber,
      concept: p.concept,
      dueDate: p.dueDate,
      status: p.status as ScheduledPaymentStatus,
      amount: centsToPesos(p.amountCents),
    })),
  };
}

/** Who may authorise a public payment: an active (status A) agent or administrator with a PIN. */
function mayAuthorise(row: { status: string; roles: string[]; pinHash: string | null }): boolean {
  return (
    row.status === 'A' &&
    row.pinHash !== null &&
    (hasRole(row.roles, 'ROLE_USER') || hasRole(row.roles, 'ROLE_ADMIN'))
  );
}

/**
 * Checks `Authorization: Basic base64(userNum:pin)` and returns the authorising user's id. Every
 * refusal is the same 401 (PUBLIC_MESSAGES.badCredential). Each attempt with a well-formed number costs
 * one Argon2 verification (a dummy one for an unknown number, a user without PIN or a locked number),
 * so timing says nothing about which numbers exist. A wrong PIN, an unknown number or a user who may
 * not authorise counts as a failure of the typed number (domain/pin-lockout.ts); while it is locked even
 * the right PIN is refused; a success clears the count.
 */
export async function authoriseAgent(
  db: AppDb,
  header: string | undefined,
  now: () => Date = () => new Date(),
): Promise<string> {
  const refuse = () => unauthorized(PUBLIC_MESSAGES.badCredential);
  const credential = parseAgentCredential(header);
  if (!credential) {
    await verifyAgainstDummy('-');
    throw refuse();
  }
  const { userNum, pin } = credential;
  if (isLocked(await readLockout(db, userNum), now())) {
    await verifyAgainstDummy(pin);
    throw refuse();
  }
  const [row] = await db
    .select({ id: users.id, status: users.status, roles: users.roles, pinHash: users.pinHash })
    .from(users)
    .where(eq(users.num, userNum))
    .limit(1);
  const pinOk = row?.pinHash != null ? await verifySecret(row.pinHash, pin) : await verifyAgainstDummy(pin);
  if (!row || !pinOk || !mayAuthorise(row)) {
    await recordFailure(db, userNum, now());
    throw refuse();
  }
  if (!(await clearFailures(db, userNum, now()))) throw refuse();
  return row.id;
}
