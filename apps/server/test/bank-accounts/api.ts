import type { AccountTransaction, BankAccount, Paged } from '@prestaya/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { request } from '../helpers.ts';

/** Banxico's published example CLABE (check digit valid). */
export const VALID_CLABE = '002010077777777771';

export const newAccount = (overrides: Record<string, unknown> = {}) => ({
  name: 'Caja Principal',
  bankName: 'Banamex',
  cardNumber: '4152313412345678',
  clabe: VALID_CLABE,
  customerName: 'Lucía Núñez',
  balance: 10_000,
  ...overrides,
});

/** The bank-accounts endpoints through app.inject. */
export function bankAccountsApi(app: FastifyInstance) {
  const base = '/api/v1/bank-accounts';
  return {
    list: (token: string, query = '') => request(app, { method: 'GET', url: `${base}${query}`, token }),
    create: (token: string, payload: unknown) =>
      request(app, { method: 'POST', url: base, token, payload: payload as object }),
    get: (token: string, id: string) => request(app, { method: 'GET', url: `${base}/${id}`, token }),
    move: (token: string, id: string, payload: unknown) =>
      request(app, { method: 'PATCH', url: `${base}/${id}`, token, payload: payload as object }),
    transactions: (token: string, id: string, query = '') =>
      request(app, { method: 'GET', url: `${base}/${id}/transactions${query}`, token }),
    transaction: (token: string, id: string, transactionId: string) =>
      request(app, { method: 'GET', url: `${base}/${id}/transactions/${transactionId}`, token }),

    async createOk(token: string, overrides: Record<string, unknown> = {}): Promise<BankAccount> {
      const response = await this.create(token, newAccount(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    },
    async transactionsOk(token: string, id: string, query = '?size=100'): Promise<Paged<AccountTransaction>> {
      const response = await this.transactions(token, id, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}
