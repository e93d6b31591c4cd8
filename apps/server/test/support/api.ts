import type {
  AccountTransaction,
  BankAccount,
  CustomerDocument,
  Fee,
  Loan,
  Paged,
  PasswordResetLink,
  PaymentDetails,
  PaymentListItem,
  PendingPayments,
  PortfolioReport,
  RestructureResult,
  ScheduledPayment,
  WeeklyPaymentsReport,
} from '@prestaya/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { request, type TestContext } from './app.ts';
import { multipart, newAccount, newAddress, newCustomer, newUser, type Part } from './builders.ts';

/** The staff API (/api/v1) through app.inject: a client per area, plus `…Ok` calls that assert success. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call under `/api/v1<base>` with the user's token; a payload only when one is given. The app is
 * looked up at call time: test files build their clients before beforeAll has started the app.
 */
export function staffCall(appOf: () => FastifyInstance, base = '') {
  return (token: string, method: Method, url: string, payload?: unknown) =>
    request(appOf(), {
      method,
      url: `/api/v1${base}${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The reply's `data` once its status is the expected one. */
async function dataOf<T>(reply: ReturnType<typeof request>, status = 200): Promise<T> {
  const response = await reply;
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data;
}

/** The reply's `data` once it is a 200 (or `status`) with `status: 'OK'` in the envelope. */
export async function okDataOf<T>(reply: ReturnType<typeof request>, status = 200): Promise<T> {
  const response = await reply;
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().status).toBe('OK');
  return response.json().data;
}

export interface CustomerData {
  id: string;
  num: number;
  name: string;
  lastName: string;
  secondLastName: string | null;
  phone: string;
  curp: string;
  rfc: string | null;
  birthDate: string | null;
  age: number | null;
  sex: string | null;
  birthState: string | null;
  status: string;
  agentId: string | null;
  agent: { id: string; num: number; name: string; lastName: string } | null;
  addresses: (ReturnType<typeof newAddress> & { id: string })[];
  currentLoan: unknown;
  createdOn: string;
}

export function customersApi(context: TestContext) {
  const call = staffCall(() => context.app, '/customers');
  return {
    list: (token: string, query = '') => call(token, 'GET', query),
    create: (token: string, payload: unknown) => call(token, 'POST', '', payload),
    get: (token: string, id: string) => call(token, 'GET', `/${id}`),
    update: (token: string, id: string, payload: unknown) => call(token, 'PUT', `/${id}`, payload),
    addAddress: (token: string, id: string, payload: unknown) =>
      call(token, 'POST', `/${id}/addresses`, payload),
    updateAddress: (token: string, id: string, addressId: string, payload: unknown) =>
      call(token, 'PUT', `/${id}/addresses/${addressId}`, payload),
    deleteAddress: (token: string, id: string, addressId: string) =>
      call(token, 'DELETE', `/${id}/addresses/${addressId}`),
    agents: (token: string) => request(context.app, { method: 'GET', url: '/api/v1/agents', token }),

    /** Creates through the API and asserts the 201. */
    createOk: (token: string, overrides: Record<string, unknown> = {}) =>
      dataOf<CustomerData>(call(token, 'POST', '', newCustomer(overrides)), 201),
    addAddressOk: (token: string, id: string, overrides: Record<string, unknown> = {}) =>
      dataOf<ReturnType<typeof newAddress> & { id: string }>(
        call(token, 'POST', `/${id}/addresses`, newAddress(overrides)),
        201,
      ),
  };
}

/** A customer's documents: the upload is multipart (parts built with builders.ts documentParts). */
export function customerDocumentsApi(context: TestContext) {
  const call = staffCall(() => context.app, '/customers');
  const upload = (token: string, customerId: string, parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return request(context.app, {
      method: 'POST',
      url: `/api/v1/customers/${customerId}/documents`,
      token,
      payload,
      headers,
    });
  };
  return {
    list: (token: string, customerId: string) => call(token, 'GET', `/${customerId}/documents`),
    upload,
    remove: (token: string, customerId: string, documentId: string) =>
      call(token, 'DELETE', `/${customerId}/documents/${documentId}`),
    /** A signed link as the list gives it, opened without a session (as an <img> or <iframe> does). */
    open: (uri: string) => request(context.app, { method: 'GET', url: uri }),

    listOk: (token: string, customerId: string) =>
      okDataOf<CustomerDocument[]>(call(token, 'GET', `/${customerId}/documents`)),
    uploadOk: (token: string, customerId: string, parts: Part[]) =>
      okDataOf<CustomerDocument>(upload(token, customerId, parts), 201),
  };
}

export function loansApi(context: TestContext) {
  const call = staffCall(() => context.app);
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

    createOk: (token: string, customerId: string, payload: Record<string, unknown> = {}) =>
      dataOf<Loan>(
        call(token, 'POST', `/customers/${customerId}/loans`, { amount: 10_000, ...payload }),
        201,
      ),
    approveOk: (token: string, id: string, bankAccountId?: string) =>
      dataOf<Loan>(
        call(token, 'PUT', `/loans/${id}/approve`, bankAccountId === undefined ? {} : { bankAccountId }),
      ),
    activateOk: (token: string, id: string) => dataOf<Loan>(call(token, 'PUT', `/loans/${id}/activate`)),
    scheduleOk: (token: string, id: string) =>
      okDataOf<ScheduledPayment[]>(call(token, 'GET', `/loans/${id}/scheduled-payments`)),
    restructurePreview: (token: string, id: string, query: string) =>
      call(token, 'GET', `/loans/${id}/restructure-preview?${query}`),
    restructure: (token: string, id: string, payload: unknown) =>
      call(token, 'POST', `/loans/${id}/restructure`, payload),
    restructureOk: (token: string, id: string, payload: Record<string, unknown>) =>
      okDataOf<RestructureResult>(call(token, 'POST', `/loans/${id}/restructure`, payload), 201),
    restructurings: (token: string, id: string) => call(token, 'GET', `/loans/${id}/restructurings`),
  };
}

export function paymentsApi(context: TestContext) {
  const call = staffCall(() => context.app);
  return {
    pending: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/pending-payments`),
    fees: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/fees`),
    /** PUT …/fees/{feeId}/cancel with `payload` (a valid reason unless the test says otherwise). */
    cancelFee: (
      token: string,
      loanId: string,
      feeId: string,
      payload: unknown = { reason: 'Condonada por pago puntual' },
    ) => call(token, 'PUT', `/loans/${loanId}/fees/${feeId}/cancel`, payload),
    loanPayments: (token: string, loanId: string) => call(token, 'GET', `/loans/${loanId}/payments`),
    register: (token: string, loanId: string, parts: Part[], extraHeaders: Record<string, string> = {}) => {
      const { payload, headers } = multipart(parts);
      return request(context.app, {
        method: 'POST',
        url: `/api/v1/loans/${loanId}/payments`,
        token,
        payload,
        headers: { ...headers, ...extraHeaders },
      });
    },
    list: (token: string, query = '') => call(token, 'GET', `/payments${query}`),
    details: (token: string, id: string) => call(token, 'GET', `/payments/${id}/details`),
    decide: (token: string, id: string, payload: unknown) => call(token, 'PATCH', `/payments/${id}`, payload),

    pendingOk: (token: string, loanId: string) =>
      okDataOf<PendingPayments>(call(token, 'GET', `/loans/${loanId}/pending-payments`)),
    feesOk: (token: string, loanId: string) => dataOf<Fee[]>(call(token, 'GET', `/loans/${loanId}/fees`)),
    registerOk(token: string, loanId: string, parts: Part[]) {
      return okDataOf<PaymentListItem>(this.register(token, loanId, parts), 201);
    },
    detailsOk: (token: string, id: string) =>
      dataOf<PaymentDetails>(call(token, 'GET', `/payments/${id}/details`)),
    decideOk: (token: string, id: string, payload: unknown) =>
      dataOf<PaymentListItem>(call(token, 'PATCH', `/payments/${id}`, payload)),
  };
}

/** The bank-accounts endpoints through app.inject. */
export function bankAccountsApi(app: FastifyInstance) {
  const call = staffCall(() => app, '/bank-accounts');
  return {
    list: (token: string, query = '') => call(token, 'GET', query),
    create: (token: string, payload: unknown) => call(token, 'POST', '', payload),
    get: (token: string, id: string) => call(token, 'GET', `/${id}`),
    move: (token: string, id: string, payload: unknown) => call(token, 'PATCH', `/${id}`, payload),
    transactions: (token: string, id: string, query = '') =>
      call(token, 'GET', `/${id}/transactions${query}`),
    transaction: (token: string, id: string, transactionId: string) =>
      call(token, 'GET', `/${id}/transactions/${transactionId}`),

    createOk: (token: string, overrides: Record<string, unknown> = {}) =>
      dataOf<BankAccount>(call(token, 'POST', '', newAccount(overrides)), 201),
    async transactionsOk(token: string, id: string, query = '?size=100'): Promise<Paged<AccountTransaction>> {
      const response = await this.transactions(token, id, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}

export function reportsApi(context: TestContext) {
  const get = (token: string | undefined, url: string) =>
    request(context.app, { method: 'GET', url: `/api/v1/reports${url}`, ...(token ? { token } : {}) });
  return {
    weekly: (token: string | undefined, query: string) => get(token, `/weekly-payments${query}`),
    portfolio: (token: string | undefined) => get(token, '/portfolio'),

    weeklyOk: (token: string, from: string, to: string) =>
      okDataOf<WeeklyPaymentsReport>(get(token, `/weekly-payments?from=${from}&to=${to}`)),
    portfolioOk: (token: string) => okDataOf<PortfolioReport>(get(token, '/portfolio')),
  };
}

export function usersApi(context: TestContext) {
  const call = staffCall(() => context.app, '/users');
  return {
    list: (token: string, query = '') => call(token, 'GET', query),
    create: (token: string, payload: unknown) => call(token, 'POST', '', payload),
    get: (token: string, id: string) => call(token, 'GET', `/${id}`),
    update: (token: string, id: string, payload: unknown) => call(token, 'PUT', `/${id}`, payload),

    createOk: (token: string, overrides: Record<string, unknown> = {}) =>
      dataOf<{ id: string; num: number; username: string; status: string; roles: string[] }>(
        call(token, 'POST', '', newUser(overrides)),
        201,
      ),
    /** The editable fields of a user as the dialog would send them back (no password/PIN). */
    async editable(token: string, id: string) {
      const {
        id: _id,
        num: _num,
        createdOn: _createdOn,
        ...fields
      } = (await call(token, 'GET', `/${id}`)).json().data;
      return fields as Record<string, unknown>;
    },
  };
}

/**
 * Password reset links: an administrator generates one (`generateOk` adds the link's token, the last
 * segment of its path); anyone holding it opens it and sets a password, without a session.
 */
export function passwordResetApi(context: TestContext) {
  const linkUrl = (token: string) => `/api/v1/auth/password-reset/${token}`;
  const generate = (token: string, userId: string) =>
    request(context.app, { method: 'POST', url: `/api/v1/users/${userId}/password-reset`, token });
  return {
    generate,
    async generateOk(token: string, userId: string) {
      const link = await okDataOf<PasswordResetLink>(generate(token, userId), 201);
      return { ...link, token: link.path.split('/').pop() as string };
    },
    open: (token: string) => context.app.inject({ method: 'GET', url: linkUrl(token) }),
    use: (token: string, password: string, app = context.app) =>
      app.inject({ method: 'POST', url: linkUrl(token), payload: { password } }),
  };
}
