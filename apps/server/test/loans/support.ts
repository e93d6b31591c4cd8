import type { AccountTransaction, Loan, ScheduledPayment } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankAccountsApi } from '../bank-accounts/api.ts';
import { expectLedgerInvariant } from '../bank-accounts/ledger-invariant.ts';
import { type CustomerData, customersApi } from '../customers/support.ts';
import {
  createAdmin,
  createUserAndLogin,
  request,
  rowsOf,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

/** Shared fixtures and API shortcuts of the loans tests. */

type Method = 'GET' | 'POST' | 'PUT';

export function loansApi(context: TestContext) {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    request(context.app, {
      method,
      url: `/api/v1${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    listOfCustomer: (token: string, customerId: string, query = '') =>
      call(token, 'GET', `/customers/${customerId}/loans${query}`),
    create: (token: string, customerId: string, payload: unknown) =>
      call(token, 'POST', `/customers/${customerId}/loans`, payload),
    list: (token: string, query = '') => call(token, 'GET', `/loans${query}`),
    get: (token: string, id: string) => call(token, 'GET', `/loans/${id}`),
    update: (token: string, id: string, payload: unknown) => call(token, 'PUT', `/loans/${id}`, payload),
    approve: (token: string, id: string, payload: unknown) =>
      call(token, 'PUT', `/loans/${id}/approve`, payload),
    activate: (token: string, id: string) => call(token, 'PUT', `/loans/${id}/activate`),
    schedule: (token: string, id: string) => call(token, 'GET', `/loans/${id}/scheduled-payments`),

    async createOk(token: string, customerId: string, payload: Record<string, unknown> = {}): Promise<Loan> {
      const response = await call(token, 'POST', `/customers/${customerId}/loans`, {
        amount: 10_000,
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    },
    async approveOk(token: string, id: string, bankAccountId?: string): Promise<Loan> {
      const response = await call(
        token,
        'PUT',
        `/loans/${id}/approve`,
        bankAccountId === undefined ? {} : { bankAccountId },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
    async activateOk(token: string, id: string): Promise<Loan> {
      const response = await call(token, 'PUT', `/loans/${id}/activate`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
    async scheduleOk(token: string, id: string): Promise<ScheduledPayment[]> {
      const response = await call(token, 'GET', `/loans/${id}/scheduled-payments`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.status).toBe('OK');
      return body.data;
    },
  };
}

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

/** The ledger invariant over every account (test/bank-accounts/ledger-invariant.ts). */
export const expectLedger = (context: TestContext) => expectLedgerInvariant(context.database.db);

async function countOf(context: TestContext, table: string): Promise<number> {
  const result = await context.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/** Everything a refused loan operation must leave untouched. */
export async function storedState(context: TestContext) {
  const query = async (text: ReturnType<typeof sql>) => rowsOf(await context.database.db.execute(text));
  return {
    loans: await query(sql`select * from loans order by id`),
    accounts: await query(sql`select * from bank_accounts order by id`),
    installments: await countOf(context, 'scheduled_payments'),
    transactions: await countOf(context, 'account_transactions'),
    audit: await countOf(context, 'audit_log'),
  };
}

export interface LoanAuditRow {
  user_id: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function loanAuditOf(context: TestContext, loanId: string): Promise<LoanAuditRow[]> {
  return rowsOf<LoanAuditRow>(
    await context.database.db.execute(
      sql`select user_id, action, before, after from audit_log where entity = 'loan' and entity_id = ${loanId} order by at, id`,
    ),
  );
}

/** 'YYYY-MM-DD' plus `days`, in UTC (as the loan policy does). */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today in the business time zone the tests run with (America/Mexico_City). */
export function todayInMexicoCity(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}
