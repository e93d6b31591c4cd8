import type { PaymentListItem, PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { expect } from 'vitest';
import { type CustomerData, customersApi } from '../customers/support.ts';
import { request, type TestContext, type TestUser } from '../helpers.ts';
import { jsonPart, paymentsApi } from '../payments/support.ts';

/** Shared fixtures and API shortcuts of the reports tests. */

export function reportsApi(context: TestContext) {
  const get = (token: string | undefined, url: string) =>
    request(context.app, { method: 'GET', url: `/api/v1/reports${url}`, ...(token ? { token } : {}) });
  return {
    weekly: (token: string | undefined, query: string) => get(token, `/weekly-payments${query}`),
    portfolio: (token: string | undefined) => get(token, '/portfolio'),

    async weeklyOk(token: string, from: string, to: string): Promise<WeeklyPaymentsReport> {
      const response = await get(token, `/weekly-payments?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe('OK');
      return response.json().data;
    },
    async portfolioOk(token: string): Promise<PortfolioReport> {
      const response = await get(token, '/portfolio');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe('OK');
      return response.json().data;
    },
  };
}

/** A customer of `agent`, created by that agent (one loan in progress per customer, so one each). */
export async function customerOf(context: TestContext, agent: TestUser, name: string): Promise<CustomerData> {
  return customersApi(context).createOk(agent.token, { name, lastName: 'Reporte' });
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
