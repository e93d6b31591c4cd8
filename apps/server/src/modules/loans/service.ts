import {
  formatCents,
  type LOAN_ORDER_COLUMNS,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  type Loan,
  type LoanStatus,
  type loanApprove,
  type loanCreate,
  type loanUpdate,
  type Paged,
  type PagedQuery,
  pesosToCents,
  type ScheduledPayment,
  type z,
} from '@prestaya/contracts';
import { and, asc, count, eq, inArray, like, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { dayCell, integerCell, labelCell, moneyCell, nameCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb, AppTx, DbOrTx } from '../../db/client.ts';
import { type PaginateOptions, paginate } from '../../db/paging.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { type LoanRow, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { asNumber, containsPattern } from '../../db/search.ts';
import { writeAudit } from '../../db/write-audit.ts';
import type { CustomerActor } from '../../domain/customers.ts';
import { buildSchedule, DEFAULT_INTEREST_BP, loanTerms } from '../../domain/loan-policy.ts';
import { customerQueryTerm } from '../../domain/search-text.ts';
import { hasRole } from '../../domain/users.ts';
import { conflict, forbidden, invalidField, notFound } from '../../errors.ts';
import { applyAccountMovement, LedgerRefusalError } from '../bank-accounts/ledger-service.ts';
import { BANK_ACCOUNT_MESSAGES } from '../bank-accounts/messages.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { findVisibleLoan, requireVisibleLoan, selectLoans, visibleLoans } from './access.ts';
import { businessToday } from './business-day.ts';
import { type LoanJoinedRow, loanAuditSnapshot, toLoanDto, toScheduledPaymentDto } from './mapping.ts';
import { LOAN_AUDIT_ENTITY, LOAN_MESSAGES, ledgerReason } from './messages.ts';
import { IN_PROGRESS_STATUSES, manualStatusChange } from './status-rules.ts';
import { countLoansByStatus } from './status-tally.ts';

export type LoanCreateInput = z.output<typeof loanCreate>;
export type LoanUpdateInput = z.output<typeof loanUpdate>;
export type LoanApproveInput = z.output<typeof loanApprove>;
type LoanChanges = PgUpdateSetSource<typeof loans>;

/** Sortable columns: exactly LOAN_ORDER_COLUMNS of the contracts. */
const ORDER_COLUMNS = {
  num: loans.num,
  amount: loans.amountCents,
  status: loans.status,
  createdOn: loans.createdOn,
  requestDate: loans.requestDate,
} satisfies Record<(typeof LOAN_ORDER_COLUMNS)[number], SQLWrapper>;

const isAdmin = (actor: CustomerActor) => hasRole(actor.roles, 'ROLE_ADMIN');

/** Pesos already validated by the contracts (≤ 2 decimals, in range); a RangeError here is still a 400. */
function toCents(field: string, pesos: number): number {
  try {
    return pesosToCents(pesos);
  } catch {
    throw invalidField(field, LOAN_MESSAGES.invalidAmount);
  }
}

/** A request date is a day that has already begun in the business time zone. */
function requireNotFuture(requestDate: string) {
  if (requestDate > businessToday()) throw invalidField('requestDate', LOAN_MESSAGES.futureRequestDate);
}

/** The loan with its customer and account, as the API shows it (after a write, inside its transaction). */
async function loadLoan(db: DbOrTx, id: string): Promise<Loan> {
  const [row] = await selectLoans(db).where(eq(loans.id, id)).limit(1);
  if (!row) throw notFound(LOAN_MESSAGES.notFound);
  return toLoanDto(row);
}

/**
 * Lists are newest first unless the caller picks a column with `orderBy` (then `order` applies, asc by
 * default as everywhere else).
 */
function listRequest(query: PagedQuery): PagedQuery {
  return { ...query, order: query.orderBy ? query.order : 'desc' };
}

/**
 * A loans list filter. `readsCustomers` says whether it reads customers' columns (an agent's
 * visibility, a name search): only then does the count join customers. loans.customer_id is NOT NULL
 * and a foreign key, so the join never changes the count, but without it an administrator's status
 * filter is counted from loans_status_idx alone instead of hashing every customer (bench/api.ts).
 */
interface LoanFilter {
  where: SQL | undefined;
  readsCustomers: boolean;
  /**
   * Set when the filter is every loan or one status and nothing else (an administrator's list): the
   * total is then the tally's (status-tally.ts), not a count of up to every loan.
   */
  tally?: { status: LoanStatus | undefined };
}

/**
 * THE query of a loans list (filter, order, count) for a WHERE clause, shared by the paged lists and
 * the CSV export so both always select the same loans.
 */
function loanListSource(
  db: AppDb,
  query: PagedQuery,
  { where, readsCustomers, tally }: LoanFilter,
): PaginateOptions<LoanJoinedRow> {
  return {
    request: listRequest(query),
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'createdOn',
    tiebreaker: loans.id,
    rows: ({ orderBy, limit, offset }) =>
      selectLoans(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async () => {
      if (tally) return countLoansByStatus(db, tally.status);
      const counted = db.select({ n: count() }).from(loans).$dynamic();
      const [row] = await (readsCustomers
        ? counted.innerJoin(customers, eq(customers.id, loans.customerId))
        : counted
      ).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

async function pagedLoans(db: AppDb, query: PagedQuery, filter: LoanFilter): Promise<Paged<Loan>> {
  const source = loanListSource(db, query, filter);
  return paginate({ ...source, rows: async (page) => (await source.rows(page)).map(toLoanDto) });
}

/** GET /customers/{id}/loans: the loans of a customer the actor sees (else 404 'Cliente no encontrado'). */
export async function listCustomerLoans(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  query: PagedQuery,
): Promise<Paged<Loan>> {
  await findVisibleCustomer(db, actor, customerId);
  return pagedLoans(db, query, { where: eq(loans.customerId, customerId), readsCustomers: false });
}

/**
 * GET /loans (administrators; the route enforces it): `q` filters by status (any of LOAN_STATUSES,
 * anything else is a 400); `query` matches the customer's name and last names through
 * `customers.search_text`, normalised by the same pure function the customers search uses (so the
 * trigram index serves it, and `gomez` finds `Gómez`); a numeric `query` also matches the loan `num`.
 */
export async function listLoans(db: AppDb, actor: CustomerActor, query: PagedQuery): Promise<Paged<Loan>> {
  return pagedLoans(db, query, globalLoansFilter(actor, query));
}

function globalLoansFilter(actor: CustomerActor, query: PagedQuery): LoanFilter {
  const visible = visibleLoans(actor);
  const conditions: (SQL | undefined)[] = [visible];
  const status = query.q ? (query.q as LoanStatus) : undefined;
  if (status) {
    if (!LOAN_STATUSES.includes(status)) throw invalidField('q', LOAN_MESSAGES.invalidStatus);
    conditions.push(eq(loans.status, status));
  }
  const term = customerQueryTerm(query.query ?? '');
  if (term) {
    const text = like(customers.searchText, containsPattern(term));
    const num = asNumber(term);
    conditions.push(num === undefined ? text : or(text, eq(loans.num, num)));
  }
  const readsCustomers = visible !== undefined || term !== '';
  return { where: and(...conditions), readsCustomers, ...(readsCustomers ? {} : { tally: { status } }) };
}

export async function getLoan(db: AppDb, actor: CustomerActor, id: string): Promise<Loan> {
  return toLoanDto(await findVisibleLoan(db, actor, id));
}

/** The installments of a visible loan in order (none before delivery). */
export async function listScheduledPayments(
  db: AppDb,
  actor: CustomerActor,
  id: string,
): Promise<ScheduledPayment[]> {
  await requireVisibleLoan(db, actor, id);
  const rows = await db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, id))
    .orderBy(asc(scheduledPayments.paymentNumber));
  return rows.map(toScheduledPaymentDto);
}

/** One loan in progress per customer (rule and reasons in status-rules.ts). */
async function refuseSecondLoanInProgress(tx: AppTx, customerId: string) {
  const [open] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), inArray(loans.status, [...IN_PROGRESS_STATUSES])))
    .limit(1);
  if (open) throw conflict(LOAN_MESSAGES.openLoanExists);
}

/**
 * POST /customers/{id}/loans: a new PENDING loan whose amounts come from the loan policy (weekly fee 10%
 * of the amount, total = amount × 1.2 at the default rate); nothing is delivered yet, so
 * currentRealAmount and currentBalance are 0. `requestDate` (default today) and `loanFromPast` are for
 * administrators: an agent sending `loanFromPast: true` or a request date other than today gets 403
 * (the form may echo today's date). The customer row is locked, so two simultaneous requests for one
 * customer cannot both pass the one-loan-in-progress check.
 */
export async function createLoan(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  input: LoanCreateInput,
): Promise<Loan> {
  const today = businessToday();
  const setsRequestDate = input.requestDate !== undefined && input.requestDate !== today;
  if (!isAdmin(actor) && (setsRequestDate || input.loanFromPast)) {
    throw forbidden(LOAN_MESSAGES.adminOnlyRequestFields);
  }
  const requestDate = input.requestDate ?? today;
  requireNotFuture(requestDate);
  const terms = loanTerms(toCents('amount', input.amount), DEFAULT_INTEREST_BP);
  const dailyFeeCents = toCents('dailyFee', input.dailyFee);

  return db.transaction(async (tx) => {
    await findVisibleCustomer(tx, actor, customerId, 'update');
    await refuseSecondLoanInProgress(tx, customerId);
    const [row] = await tx
      .insert(loans)
      .values({
        id: uuidv7(),
        customerId,
        amountCents: terms.amountCents,
        termWeeks: input.term,
        dailyFeeCents,
        weeklyFeeCents: terms.weeklyFeeCents,
        interestBp: DEFAULT_INTEREST_BP,
        totalCents: terms.totalCents,
        status: 'PENDING',
        loanFromPast: input.loanFromPast,
        requestDate,
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await writeAudit(tx, {
      actorId: actor.id,
      entity: LOAN_AUDIT_ENTITY,
      entityId: row.id,
      action: 'created',
      after: loanAuditSnapshot(row),
    });
    return loadLoan(tx, row.id);
  });
}

/** Writes the new row and its audit entry (before → after) in the caller's transaction. */
async function saveLoan(
  tx: AppTx,
  actorId: string,
  before: LoanRow,
  action: string,
  changes: LoanChanges,
): Promise<Loan> {
  const [after] = await tx
    .update(loans)
    .set({ ...changes, updatedOn: sql`now()` })
    .where(eq(loans.id, before.id))
    .returning();
  if (!after) throw notFound(LOAN_MESSAGES.notFound);
  await writeAudit(tx, {
    actorId,
    entity: LOAN_AUDIT_ENTITY,
    entityId: before.id,
    action,
    before: loanAuditSnapshot(before),
    after: loanAuditSnapshot(after),
  });
  return loadLoan(tx, before.id);
}

/** The account behind an approved loan that moved money; its absence would be a broken invariant. */
function reservedAccountOf(loan: LoanRow): string {
  if (!loan.bankAccountId) throw new Error(`loan ${loan.id} is APPROVED without a bank account`);
  return loan.bankAccountId;
}

/**
 * PUT /loans/{id}. Only what differs from the stored loan counts as a change, so the edit form may send
 * every field back unchanged:
 * - amount/term/dailyFee change only while PENDING (409 otherwise); a new amount recomputes the weekly
 *   fee and the total with the loan's own rate;
 * - status, requestDate and loanFromPast are changed by administrators only (403 for an agent);
 *   loanFromPast only while PENDING, requestDate only before delivery (the schedule of a loanFromPast is
 *   anchored on it), never in the future;
 * - status follows manualStatusChange (status-rules.ts): cancelling an APPROVED loan releases its
 *   reservation (Liberación) in the same transaction, other transitions have their own action.
 */
export async function updateLoan(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: LoanUpdateInput,
): Promise<Loan> {
  return db.transaction(async (tx) => {
    const { loan } = await findVisibleLoan(tx, actor, id, true);
    const status = loan.status as LoanStatus;

    const changesStatus = input.status !== undefined && input.status !== status;
    const changesRequestDate = input.requestDate !== undefined && input.requestDate !== loan.requestDate;
    const changesFromPast = input.loanFromPast !== undefined && input.loanFromPast !== loan.loanFromPast;
    if (!isAdmin(actor)) {
      if (changesStatus) throw forbidden(LOAN_MESSAGES.adminOnlyStatus);
      if (changesRequestDate || changesFromPast) throw forbidden(LOAN_MESSAGES.adminOnlyRequestFields);
    }

    const amountCents = input.amount === undefined ? loan.amountCents : toCents('amount', input.amount);
    const dailyFeeCents =
      input.dailyFee === undefined ? loan.dailyFeeCents : toCents('dailyFee', input.dailyFee);
    const termWeeks = input.term ?? loan.termWeeks;
    const changesTerms =
      amountCents !== loan.amountCents ||
      dailyFeeCents !== loan.dailyFeeCents ||
      termWeeks !== loan.termWeeks;
    if (changesTerms && status !== 'PENDING') throw conflict(LOAN_MESSAGES.amountOnlyWhilePending);
    if (changesFromPast && status !== 'PENDING') throw conflict(LOAN_MESSAGES.loanFromPastOnlyWhilePending);
    if (changesRequestDate && input.requestDate !== undefined) {
      if (status !== 'PENDING' && status !== 'APPROVED') {
        throw conflict(LOAN_MESSAGES.requestDateOnlyBeforeDelivery);
      }
      requireNotFuture(input.requestDate);
    }
    const transition =
      input.status === undefined
        ? ({ ok: true, change: 'none' } as const)
        : manualStatusChange(status, input.status, loan.loanFromPast);
    if (!transition.ok) throw conflict(transition.message);

    const changes: LoanChanges = {};
    if (changesTerms) {
      const terms = loanTerms(amountCents, loan.interestBp);
      Object.assign(changes, {
        amountCents,
        dailyFeeCents,
        termWeeks,
        weeklyFeeCents: terms.weeklyFeeCents,
        totalCents: terms.totalCents,
      });
    }
    if (changesFromPast) changes.loanFromPast = input.loanFromPast;
    if (changesRequestDate) changes.requestDate = input.requestDate;
    if (transition.change === 'cancel') {
      changes.status = 'CANCELLED';
      if (transition.releasesReservation) {
        await applyAccountMovement(tx, {
          accountId: reservedAccountOf(loan),
          type: 'RELEASE',
          amountCents: loan.amountCents,
          reason: ledgerReason.release(loan.num),
          loanId: loan.id,
          actorId: actor.id,
        });
      }
    }
    if (Object.keys(changes).length === 0) return loadLoan(tx, id);
    return saveLoan(tx, actor.id, loan, transition.change === 'cancel' ? 'cancelled' : 'updated', changes);
  });
}

/** A loanFromPast may name the account it came from (informative: no money moves); it must exist. */
async function requireAccount(tx: AppTx, accountId: string) {
  const [row] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId))
    .limit(1);
  if (!row) throw notFound(BANK_ACCOUNT_MESSAGES.notFound);
}

/**
 * PUT /loans/{id}/approve (administrators): PENDING → APPROVED. The amount is reserved in the chosen
 * account (VIRTUAL_WITHDRAWAL 'Reserva préstamo #num': balance −amount) in the same transaction; a short
 * balance is a 409 and nothing changes. A loanFromPast moves no money and needs no account.
 * Lock order: the loan row, then the account row (the same for every loan action).
 */
export async function approveLoan(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: LoanApproveInput,
): Promise<Loan> {
  return db.transaction(async (tx) => {
    const { loan } = await findVisibleLoan(tx, actor, id, true);
    if (loan.status !== 'PENDING') throw conflict(LOAN_MESSAGES.approveOnlyPending);
    const accountId = input.bankAccountId ?? null;
    if (loan.loanFromPast) {
      if (accountId) await requireAccount(tx, accountId);
    } else {
      if (!accountId) throw invalidField('bankAccountId', LOAN_MESSAGES.bankAccountRequired);
      try {
        await applyAccountMovement(tx, {
          accountId,
          type: 'VIRTUAL_WITHDRAWAL',
          amountCents: loan.amountCents,
          reason: ledgerReason.reservation(loan.num),
          loanId: loan.id,
          actorId: actor.id,
        });
      } catch (error) {
        if (error instanceof LedgerRefusalError && error.refusal.kind === 'insufficientBalance') {
          throw conflict(
            `${LOAN_MESSAGES.insufficientBalance}: disponible ${formatCents(error.refusal.availableCents)}`,
          );
        }
        throw error;
      }
    }
    return saveLoan(tx, actor.id, loan, 'approved', {
      status: 'APPROVED',
      approvedOn: sql`now()`,
      bankAccountId: accountId,
    });
  });
}

/**
 * PUT /loans/{id}/activate (administrators): APPROVED → ACTIVE, the delivery of the cash. The reserved
 * amount leaves the account (WITHDRAWAL 'Entrega préstamo #num': real balance −amount), the 12 weekly
 * installments are generated (loan-policy.ts buildSchedule, anchored on today's business date, or on
 * the request date for a loanFromPast, which moves no money), and the loan now owes its total:
 * currentRealAmount = currentBalance = Σ installments (no fees yet).
 */
export async function activateLoan(db: AppDb, actor: CustomerActor, id: string): Promise<Loan> {
  return db.transaction(async (tx) => {
    const { loan } = await findVisibleLoan(tx, actor, id, true);
    if (loan.status !== 'APPROVED') throw conflict(LOAN_MESSAGES.activateOnlyApproved);
    if (!loan.loanFromPast) {
      await applyAccountMovement(tx, {
        accountId: reservedAccountOf(loan),
        type: 'WITHDRAWAL',
        amountCents: loan.amountCents,
        reason: ledgerReason.delivery(loan.num),
        loanId: loan.id,
        actorId: actor.id,
      });
    }
    const anchor = loan.loanFromPast ? loan.requestDate : businessToday();
    const schedule = buildSchedule(loan.totalCents, anchor, loan.termWeeks);
    await tx.insert(scheduledPayments).values(
      schedule.map((installment) => ({
        id: uuidv7(),
        loanId: loan.id,
        paymentNumber: installment.paymentNumber,
        dueDate: installment.dueDate,
        amountCents: installment.amountCents,
        status: 'PENDING',
        concept: installment.concept,
      })),
    );
    const owedCents = schedule.reduce((sum, installment) => sum + installment.amountCents, 0);
    return saveLoan(tx, actor.id, loan, 'activated', {
      status: 'ACTIVE',
      activatedOn: sql`now()`,
      currentRealAmountCents: owedCents,
      currentBalanceCents: owedCents,
    });
  });
}

/* ------------------------------------------------------------------------------------------------ */
/* CSV export (GET /loans/export.csv)                                                               */
/* ------------------------------------------------------------------------------------------------ */

/** The columns of 'Lista Global de Préstamos': No., Cliente, Monto, Estatus, Fecha (business day). */
function loanCsvColumns(timeZone: string): CsvColumn<LoanJoinedRow>[] {
  return [
    { header: 'No.', cell: ({ loan }) => integerCell(loan.num) },
    { header: 'Cliente', cell: ({ customer }) => nameCell(customer.name, customer.lastName) },
    { header: 'Monto', cell: ({ loan }) => moneyCell(loan.amountCents) },
    { header: 'Estatus', cell: ({ loan }) => labelCell(LOAN_STATUS_LABELS, loan.status) },
    { header: 'Fecha', cell: ({ loan }) => dayCell(loan.createdOn, timeZone) },
  ];
}

/** The global loans list as CSV: the same loans, search, filter and order as GET /loans. */
export function loansCsv(
  db: AppDb,
  actor: CustomerActor,
  query: PagedQuery,
  timeZone: string,
): CsvExport<LoanJoinedRow> {
  return {
    name: 'prestamos',
    columns: loanCsvColumns(timeZone),
    source: loanListSource(db, query, globalLoansFilter(actor, query)),
    timeZone,
  };
}
