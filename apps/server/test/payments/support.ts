import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Fee,
  Loan,
  PaymentDetails,
  PaymentListItem,
  PendingPayments,
  ScheduledPayment,
} from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accrueFees } from '../../src/jobs/accrual.ts';
import { request, rowsOf, type TestContext, type TestUser } from '../helpers.ts';
import { loansApi, loanWorld, openAccount, plusDays, todayInMexicoCity } from '../loans/support.ts';

/** Shared fixtures and API shortcuts of the payments tests. */

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** A throw-away DATA_DIR for one test file (uploads land in DATA_DIR/uploads). */
export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-payments-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every regular file under `dir` (relative paths), recursively; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path).map((f) => join(name, f)) : [name];
  });
}

export interface Part {
  name: string;
  /** String or bytes. */
  body: string | Buffer;
  contentType?: string;
  filename?: string;
}

/** A multipart/form-data body built by hand, so tests control every header of every part. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----prestaya${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
      '\r\n';
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface RequestBody {
  scheduledPaymentIds?: string[];
  feeIds?: string[];
  paymentMethod?: string;
}

/** The `paymentRequest` part as the web client sends it (a JSON part). */
export const jsonPart = (body: RequestBody | string): Part => ({
  name: 'paymentRequest',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  contentType: 'application/json',
});

/** The `paymentRequest` part as a plain text field holding JSON. */
export const textPart = (body: RequestBody | string): Part => ({
  name: 'paymentRequest',
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export const filePart = (body: Buffer, filename = 'comprobante.png', contentType = 'image/png'): Part => ({
  name: 'file',
  body,
  filename,
  contentType,
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function paymentsApi(context: TestContext) {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    request(context.app, {
      method,
      url: `/api/v1${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    pending: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/pending-payments`),
    fees: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/fees`),
    cancelFee: (token: string, loanId: string, feeId: string) =>
      call(token, 'DELETE', `/loans/${loanId}/fees/${feeId}`),
    loanPayments: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/payments`),
    register: (token: string, loanId: string, parts: Part[]) => {
      const { payload, headers } = multipart(parts);
      return request(context.app, {
        method: 'POST',
        url: `/api/v1/loans/${loanId}/payments`,
        token,
        payload,
        headers,
      });
    },
    list: (token: string, query = '') => call(token, 'GET', `/payments${query}`),
    details: (token: string, id: string) => call(token, 'GET', `/payments/${id}/details`),
    decide: (token: string, id: string, payload: unknown) => call(token, 'PATCH', `/payments/${id}`, payload),

    async pendingOk(token: string, loanId: string): Promise<PendingPayments> {
      const response = await call(token, 'GET', `/loans/${loanId}/pending-payments`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe('OK');
      return response.json().data;
    },
    async feesOk(token: string, loanId: string): Promise<Fee[]> {
      const response = await call(token, 'GET', `/loans/${loanId}/fees`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
    async registerOk(token: string, loanId: string, parts: Part[]): Promise<PaymentListItem> {
      const response = await this.register(token, loanId, parts);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().status).toBe('OK');
      return response.json().data;
    },
    async detailsOk(token: string, id: string): Promise<PaymentDetails> {
      const response = await call(token, 'GET', `/payments/${id}/details`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
    async decideOk(token: string, id: string, payload: unknown): Promise<PaymentListItem> {
      const response = await call(token, 'PATCH', `/payments/${id}`, payload);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
  };
}

/** Today in America/Mexico_City, the business time zone of the tests. */
export const today = todayInMexicoCity;
export { plusDays };

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
  accrueFees(context.database.db, { throughDate, timeZone: 'America/Mexico_City' });

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
    const days = options.registeredDaysAgo ?? daysBetween(options.requestDate, today());
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

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export async function loanOf(context: TestContext, admin: TestUser, id: string): Promise<Loan> {
  const response = await loansApi(context).get(admin.token, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export async function feeRows(context: TestContext, loanId?: string) {
  return rowsOf<{
    id: string;
    scheduled_payment_id: string;
    payment_number: number;
    fee_date: string;
    amount_cents: number;
    status: string;
    concept: string;
  }>(
    await context.database.db.execute(sql`
      select f.id, f.scheduled_payment_id, sp.payment_number, to_char(f.fee_date, 'YYYY-MM-DD') as fee_date,
             f.amount_cents::int as amount_cents, f.status, f.concept
        from fees f join scheduled_payments sp on sp.id = f.scheduled_payment_id
       where ${loanId ?? null}::uuid is null or f.loan_id = ${loanId ?? null}::uuid
       order by sp.payment_number, f.fee_date`),
  );
}

export { loanWorld, openAccount };
