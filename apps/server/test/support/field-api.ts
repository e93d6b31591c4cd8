import type {
  CashClose,
  CashCloseConfirmed,
  CashCount,
  CashCountClose,
  CashCountHistory,
  CollectionsPage,
  Visit,
} from '@prestaya/contracts';
import { expect } from 'vitest';
import { okDataOf, staffCall } from './api.ts';
import { request, type TestContext } from './app.ts';

/** The field app's staff API: 'Cobranza' and 'Corte de caja' (api.ts holds the other areas). */

/** GET /api/v1/collections ('Cobranza'); `query` is the query string, with its '?'. */
export function collectionsApi(context: TestContext) {
  const call = staffCall(() => context.app, '/collections');
  return {
    list: (token: string, query = '') => call(token, 'GET', query),
    async listOk(token: string, query = ''): Promise<CollectionsPage> {
      const response = await call(token, 'GET', query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}

/** 'Corte de caja': an agent's day, its confirmation, its close with the cash counted and the history. */
export function cashCloseApi(context: TestContext) {
  const call = staffCall(() => context.app, '/cash-close');
  return {
    get: (token: string, query: Record<string, string> = {}) =>
      call(token, 'GET', `?${new URLSearchParams(query)}`),
    confirm: (token: string, payload: unknown) => call(token, 'POST', '/confirm', payload),

    getOk: (token: string, query: Record<string, string> = {}) =>
      okDataOf<CashClose>(call(token, 'GET', `?${new URLSearchParams(query)}`)),
    confirmOk: (token: string, payload: { agentId: string; date: string; targetAccountId: string }) =>
      okDataOf<CashCloseConfirmed>(call(token, 'POST', '/confirm', payload)),
    close: (token: string, payload: unknown) => call(token, 'POST', '/close', payload),
    closeOk: (token: string, payload: CashCountClose) =>
      okDataOf<CashCount>(call(token, 'POST', '/close', payload), 201),
    history: (token: string, query: Record<string, string>) =>
      call(token, 'GET', `/history?${new URLSearchParams(query)}`),
    async historyOk(token: string, query: Record<string, string>): Promise<CashCountHistory> {
      const response = await call(token, 'GET', `/history?${new URLSearchParams(query)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}

/** A loan's visits (POST, GET) and a customer's (GET). `key` is sent as Idempotency-Key. */
export function visitsApi(context: TestContext) {
  const call = staffCall(() => context.app);
  return {
    record: (token: string, loanId: string, payload: unknown, key?: string) =>
      request(context.app, {
        method: 'POST',
        url: `/api/v1/loans/${loanId}/visits`,
        token,
        payload: payload as object,
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      }),
    recordOk: (token: string, loanId: string, payload: unknown, key?: string) =>
      okDataOf<Visit>(
        request(context.app, {
          method: 'POST',
          url: `/api/v1/loans/${loanId}/visits`,
          token,
          payload: payload as object,
          ...(key ? { headers: { 'idempotency-key': key } } : {}),
        }),
        201,
      ),
    ofLoan: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/visits`),
    ofCustomer: (token: string, customerId: string) => call(token, 'GET', `/customers/${customerId}/visits`),
    ofLoanOk: (token: string, loanId: string) =>
      okDataOf<Visit[]>(call(token, 'GET', `/loans/${loanId}/visits`)),
    ofCustomerOk: (token: string, customerId: string) =>
      okDataOf<Visit[]>(call(token, 'GET', `/customers/${customerId}/visits`)),
  };
}
