import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { E2E_ADMIN } from '../constants.ts';

/**
 * A small client of the staff API for set-up steps that other journeys cover through the UI: each call
 * expects its status (200, or 201 for a creation) and returns the reply's `data`.
 */
export function apiOf(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const check = async (reply: APIResponse, what: string, status: number) => {
    expect(reply.status(), `${what}: ${await reply.text()}`).toBe(status);
    return (await reply.json()).data;
  };
  return {
    get: async (path: string) => check(await request.get(path, { headers }), `GET ${path}`, 200),
    post: async (path: string, data: unknown) =>
      check(await request.post(path, { headers, data }), `POST ${path}`, 201),
    put: async (path: string, data: unknown = {}) =>
      check(await request.put(path, { headers, data }), `PUT ${path}`, 200),
    patch: async (path: string, data: unknown) =>
      check(await request.patch(path, { headers, data }), `PATCH ${path}`, 200),
    multipart: async (path: string, parts: Record<string, string>) =>
      check(await request.post(path, { headers, multipart: parts }), `POST ${path}`, 201),
  };
}

export type StaffApi = ReturnType<typeof apiOf>;

/** The staff API with a user's token, signed in through the API (no page needed). */
export async function staffApiAs(
  request: APIRequestContext,
  { username, password }: { username: string; password: string },
): Promise<StaffApi> {
  const login = await request.post('/api/v1/auth/login', { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  return apiOf(request, (await login.json()).access_token as string);
}

/** The staff API with the administrator's token. */
export const adminApi = (request: APIRequestContext) => staffApiAs(request, E2E_ADMIN);

/**
 * An account opened with $20,000 (unless `account` says otherwise), a customer, and a $10,000 loan of
 * theirs approved from that account and delivered: its 12 installments exist and it is ACTIVE.
 */
export async function deliveredLoan(
  api: StaffApi,
  { account, customer, amount = 10_000 }: { account: object; customer: object; amount?: number },
) {
  const opened = await api.post('/api/v1/bank-accounts', { balance: 20_000, ...account });
  const borrower = await api.post('/api/v1/customers', customer);
  const created = await api.post(`/api/v1/customers/${borrower.id}/loans`, { amount });
  await api.put(`/api/v1/loans/${created.id}/approve`, { bankAccountId: opened.id });
  const loan = await api.put(`/api/v1/loans/${created.id}/activate`);
  return { account: opened, customer: borrower, loan };
}

/** The password of every agent createAgent makes. */
export const AGENT_PASSWORD = 'Agente12345!';

/** An agent (ROLE_USER) with `pin`, who can authorise a borrower's payment on the public pages. */
export function createAgent(
  api: StaffApi,
  { lastName, username, pin }: Record<'lastName' | 'username' | 'pin', string>,
) {
  return api.post('/api/v1/users', {
    name: 'Agente',
    lastName,
    username,
    password: AGENT_PASSWORD,
    pin,
    roles: ['ROLE_USER'],
  });
}
