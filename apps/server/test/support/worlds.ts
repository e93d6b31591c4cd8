import type { AccountTransaction, Loan, PaymentListItem, ScheduledPayment } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { accrueFees } from '../../src/jobs/accrual.ts';
import { bankAccountsApi, type CustomerData, customersApi, loansApi, paymentsApi } from './api.ts';
import { createAdmin, createUserAndLogin, type TestContext, type TestUser } from './app.ts';
import { jsonPart } from './builders.ts';
import { addDays, businessToday, daysBetween, TEST_TIME_ZONE } from './clock.ts';
import { expectLedgerInvariant } from './ledger-invariant.ts';

/** The prepared scenarios the API tests start from, built through the real API. */

export interface LoanWorld {
  admin: TestUser;
  agent: TestUser;
  /** A customer of `agent`. */
  customer: CustomerData;
}

/** An administrator, an agent and one customer of that agent. */
export async function loanWorld(context: TestContext): Promise<LoanWorld> {
  const admin = await createAdmin(context);
  const agent = await createUserAndLogin(context, { name: 'Ana', lastName: 'Agente' });
  const customer = await customersApi(context).createOk(agent.token, {
    name: 'Lucía',
    lastName: 'Núñez',
    secondLastName: 'Gómez',
  });
  return { admin, agent, customer };
}

/**
 * A fresh loanWorld before each test of the file. The returned object is filled in place (as
 * useTestApp's context is), so the file can hold it in a const.
 */
export function useLoanWorld(context: TestContext): LoanWorld {
  const world = {} as LoanWorld;
  beforeEach(async () => {
    Object.assign(world, await loanWorld(context));
  });
  return world;
}

/** A customer of `agent`, created by that agent (one loan in progress per customer, so one each). */
export async function customerOf(context: TestContext, agent: TestUser, name: string): Promise<CustomerData> {
  return customersApi(context).createOk(agent.token, { name, lastName: 'Reporte' });
}

/** Another customer (Pedro Ramírez unless `fields` say otherwise), created by `by`. */
export function secondCustomer(context: TestContext, by: TestUser, fields: Record<string, unknown> = {}) {
  return customersApi(context).createOk(by.token, {
    name: 'Pedro',
    lastName: 'Ramírez',
    phone: '5587654321',
    ...fields,
  });
}

/** A bank account opened with `balance` pesos (a DEPOSIT 'Saldo inicial'). */
export async function openAccount(context: TestContext, admin: TestUser, balance = 50_000, name = 'Caja') {
  return bankAccountsApi(context.app).createOk(admin.token, { balance, name });
}

export async function accountOf(context: TestContext, admin: TestUser, id: string) {
  const response = await bankAccountsApi(context.app).get(admin.token, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { balance: number; realBalance: number };
}

/** The account's ledger, oldest first. */
export async function ledgerOf(
  context: TestContext,
  admin: TestUser,
  id: string,
): Promise<AccountTransaction[]> {
  const page = await bankAccountsApi(context.app).transactionsOk(admin.token, id, '?size=100');
  return [...page.data].reverse();
}

/** The ledger invariant over every account (support/ledger-invariant.ts). */
export const expectLedger = (context: TestContext) => expectLedgerInvariant(context.database.db);

export async function loanOf(context: TestContext, admin: TestUser, id: string): Promise<Loan> {
  const response = await loansApi(context).get(admin.token, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/**
 * Moves a loan's registration (created_on) `days` back: the accrual never charges days before it, so
 * a loan that must have fees for past days has to have been registered before them.
 */
export async function backdateRegistration(context: TestContext, loanId: string, days: number) {
  await context.database.db.execute(
    sql`update loans set created_on = created_on - make_interval(days => ${days}) where id = ${loanId}`,
  );
}

export const accrue = (context: TestContext, throughDate: string) =>
  accrueFees(context.database.db, { throughDate, timeZone: TEST_TIME_ZONE });

export interface ActiveLoan {
  loan: Loan;
  schedule: ScheduledPayment[];
}

/**
 * A delivered loan of `amount` pesos for the world's customer. Default: delivered today from the
 * account (installments due today + 7k). With `requestDate`, a loanFromPast anchored on it, registered
 * `registeredDaysAgo` days ago (default: on its request date), so its past days can carry fees.
 */
export async function activeLoan(
  context: TestContext,
  admin: TestUser,
  customerId: string,
  options: { amount?: number; accountId?: string; requestDate?: string; registeredDaysAgo?: number } = {},
): Promise<ActiveLoan> {
  const api = loansApi(context);
  const amount = options.amount ?? 10_000;
  if (options.requestDate) {
    const created = await api.createOk(admin.token, customerId, {
      amount,
      loanFromPast: true,
      requestDate: options.requestDate,
    });
    await api.approveOk(admin.token, created.id);
    await api.activateOk(admin.token, created.id);
    const days = options.registeredDaysAgo ?? daysBetween(options.requestDate, businessToday());
    if (days > 0) await backdateRegistration(context, created.id, days);
    return {
      loan: (await api.get(admin.token, created.id)).json().data,
      schedule: await api.scheduleOk(admin.token, created.id),
    };
  }
  const accountId = options.accountId ?? (await openAccount(context, admin, 100_000, 'Fondeo')).id;
  const created = await api.createOk(admin.token, customerId, { amount });
  await api.approveOk(admin.token, created.id, accountId);
  const loan = await api.activateOk(admin.token, created.id);
  return { loan, schedule: await api.scheduleOk(admin.token, created.id) };
}

/**
 * Registers (as `by`) a CASH payment of the loan's first `installments` unpaid installments plus every
 * pending fee, as the payment rules require; returns it still VALIDATING.
 */
export async function registerOldest(
  context: TestContext,
  by: TestUser,
  loanId: string,
  installments: number,
): Promise<PaymentListItem> {
  const api = paymentsApi(context);
  const pending = await api.pendingOk(by.token, loanId);
  return api.registerOk(by.token, loanId, [
    jsonPart({
      scheduledPaymentIds: pending.scheduledPayments.slice(0, installments).map((p) => p.id),
      feeIds: pending.fees.map((f) => f.id),
      paymentMethod: 'CASH',
    }),
  ]);
}

export async function confirm(context: TestContext, admin: TestUser, paymentId: string, accountId: string) {
  return paymentsApi(context).decideOk(admin.token, paymentId, {
    status: 'PAID',
    targetAccountId: accountId,
  });
}

/** A loan registered and anchored 10 days ago: installment 1 (due T−3) has fees T−2, T−1 and T. */
export async function overdueLoan(context: TestContext, world: LoanWorld) {
  const T = businessToday();
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
    requestDate: addDays(T, -10),
  });
  await accrue(context, T);
  const fees = await paymentsApi(context).feesOk(world.admin.token, loan.id);
  expect(fees.map((f) => f.feeDate)).toEqual([addDays(T, -2), addDays(T, -1), T]);
  return { loan, schedule, fees, ids: (n: number) => schedule.slice(0, n).map((p) => p.id) };
}
