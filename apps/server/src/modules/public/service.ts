import { centsToPesos, type PublicLoanDetail, type PublicLookupResult } from '@prestaya/contracts';
import { reopensAt } from '@prestaya/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import { hasRole } from '../../access/users.ts';
import { parseAgentCredential } from '../../credentials/basic-credential.ts';
import type { AppDb } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { Refusal, refuse } from '../../http/refusals.ts';
import { verifyAgainstDummy, verifySecret } from '../auth/secrets.ts';
import { payableFeesJson, payableInstallmentsJson, toPendingPayments } from '../payments/pending.ts';
import { activeLock, clearFailures, recordFailure } from './pin-lockouts.ts';

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
 */
export async function lookupLoan(
  db: AppDb,
  query: { num: number; phone: string },
): Promise<PublicLookupResult> {
  const [row] = await lookupQuery(db).execute({ num: query.num, phone: query.phone });
  if (!row) throw refuse('public.lookup_miss');
  // The staff pending-payments rule as is, read for the loan this very row proves (number AND phone).
  const { installments, fees: payableFees, ...loan } = row;
  const pending = toPendingPayments(installments, payableFees);
  return {
    loan,
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
  if (!row) throw refuse('loan.not_found');
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
  const inValidationCents = [...feeRows, ...schedule]
    .filter((item) => item.status === 'VALIDATING')
    .reduce((sum, item) => sum + item.amountCents, 0);
  return {
    loan: {
      id: loan.id,
      num: loan.num,
      amount: centsToPesos(loan.amountCents),
      totalToRepay: centsToPesos(loan.totalCents),
      currentBalance: centsToPesos(loan.currentBalanceCents),
      inValidation: centsToPesos(inValidationCents),
      balanceAfterValidation: centsToPesos(loan.currentBalanceCents - inValidationCents),
      requestDate: loan.requestDate,
      approvedOn: loan.approvedOn?.toISOString() ?? null,
      activatedOn: loan.activatedOn?.toISOString() ?? null,
      status: loan.status,
      customer,
    },
    fees: feeRows.map((f) => ({
      id: f.id,
      concept: f.concept,
      feeDate: f.feeDate,
      status: f.status,
      amount: centsToPesos(f.amountCents),
    })),
    schedulePayments: schedule.map((p) => ({
      id: p.id,
      paymentNumber: p.paymentNumber,
      concept: p.concept,
      dueDate: p.dueDate,
      status: p.status,
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

/** A refusal because the typed number is locked: 423 with the time it opens; `until` feeds Retry-After. */
export class PinLockedProblem extends Refusal {
  constructor(
    readonly until: Date,
    timeZone: string,
  ) {
    super('public.pin_locked', { values: { time: reopensAt(until, timeZone) } });
  }
}

export interface AuthorisationContext {
  /** The client address (request.ip: the proxy's X-Forwarded-For only with TRUST_PROXY). */
  clientAddress: string;
  now: () => Date;
  /** TZ_BUSINESS, for the time a lock opens. */
  timeZone: string;
}

/**
 * Checks `Authorization: Basic base64(userNum:pin)` and returns the authorising user. Every refusal of
 * the credential is the same 401 ('public.bad_credential'), except a locked number: 423 with its
 * own message and the time it opens, so staff can tell a lock from a typo (a number that belongs to
 * nobody is locked just the same, so the lock reveals nothing). Each attempt with a well-formed number
 * costs one Argon2 verification (a dummy one for an unknown number, a user without PIN or a locked
 * number), so timing says nothing about which numbers exist. A wrong PIN, an unknown number or a user
 * who may not authorise counts as a failure of the typed number from this address
 * (modules/public/pin-lockouts.ts); the failure that locks is answered with the lock.
 */
export async function authoriseAgent(
  db: AppDb,
  header: string | undefined,
  context: AuthorisationContext,
): Promise<CustomerActor> {
  const badCredential = () => refuse('public.bad_credential');
  const locked = (until: Date) => new PinLockedProblem(until, context.timeZone);
  const credential = parseAgentCredential(header);
  if (!credential) {
    await verifyAgainstDummy('-');
    throw badCredential();
  }
  const { userNum, pin } = credential;
  const address = context.clientAddress;
  const lock = await activeLock(db, userNum, address, context.now());
  if (lock) {
    await verifyAgainstDummy(pin);
    throw locked(lock);
  }
  const [row] = await db
    .select({ id: users.id, status: users.status, roles: users.roles, pinHash: users.pinHash })
    .from(users)
    .where(eq(users.num, userNum))
    .limit(1);
  const pinOk = row?.pinHash != null ? await verifySecret(row.pinHash, pin) : await verifyAgainstDummy(pin);
  if (!row || !pinOk || !mayAuthorise(row)) {
    const outcome = await recordFailure(db, { userNum, address, at: context.now(), userId: row?.id });
    if (outcome.lockedUntil) throw locked(outcome.lockedUntil);
    throw badCredential();
  }
  const stillLocked = await clearFailures(db, userNum, address, context.now());
  if (stillLocked) throw locked(stillLocked);
  return { id: row.id, roles: row.roles };
}

/**
 * The authorising user must be the loan's customer's assigned agent or an administrator (docs/architecture.md
 * "People and access"): a right PIN of another agent is 403. An unknown loan is 404. Checked before
 * the upload is read; registerPayment checks it again on the locked loan row.
 */
export async function ensureMayAuthoriseLoan(db: AppDb, loanId: string, actor: CustomerActor) {
  const [row] = await db
    .select({ agentId: customers.agentId })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, loanId))
    .limit(1);
  if (!row) throw refuse('loan.not_found');
  if (!seesAllCustomers(actor) && row.agentId !== actor.id) throw refuse('public.not_assigned_agent');
}
