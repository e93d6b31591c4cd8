import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { request, rowsOf, type TestContext } from '../helpers.ts';

/** Shared fixtures and API shortcuts of the customers tests. */

let curpCounter = 0;

/** A unique, valid-shaped CURP (4 letters, birth date, sex, state, 3 consonants, 2 check characters). */
export function uniqueCurp(): string {
  curpCounter += 1;
  const serial = String(curpCounter).padStart(2, '0').slice(-2);
  const block = String.fromCharCode(65 + (Math.floor(curpCounter / 100) % 26));
  return `GOMJ8001${serial}HDF${block}RS09`;
}

export const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: 'José',
  lastName: 'Gómez',
  secondLastName: 'Núñez',
  phone: '5512345678',
  curp: uniqueCurp(),
  ...overrides,
});

export const newAddress = (overrides: Record<string, unknown> = {}) => ({
  street: 'Av. Insurgentes Sur',
  numExterior: '1602',
  numInterior: '4B',
  neighborhood: 'Crédito Constructor',
  city: 'Benito Juárez',
  state: 'CIUDAD DE MEXICO',
  postalCode: '03940',
  ...overrides,
});

export interface CustomerData {
  id: string;
  num: number;
  name: string;
  lastName: string;
  secondLastName: string | null;
  phone: string;
  curp: string;
  status: string;
  agentId: string | null;
  agent: { id: string; num: number; name: string; lastName: string } | null;
  addresses: (ReturnType<typeof newAddress> & { id: string })[];
  currentLoan: unknown;
  createdOn: string;
}

export function customersApi(context: TestContext) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    request(context.app, {
      method,
      url: `/api/v1/customers${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
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
    async createOk(token: string, overrides: Record<string, unknown> = {}): Promise<CustomerData> {
      const response = await call(token, 'POST', '', newCustomer(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    },
    async addAddressOk(token: string, id: string, overrides: Record<string, unknown> = {}) {
      const response = await call(token, 'POST', `/${id}/addresses`, newAddress(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as ReturnType<typeof newAddress> & { id: string };
    },
  };
}

/** The form fields of a customer as the edit form would send them back. */
export function formOf(customer: CustomerData) {
  return {
    name: customer.name,
    lastName: customer.lastName,
    secondLastName: customer.secondLastName,
    phone: customer.phone,
    curp: customer.curp,
    agentId: customer.agentId,
    status: customer.status,
  };
}

/** Everything the customers feature stores, to prove a refused call changed nothing. */
export async function storedState(context: TestContext) {
  const query = async (text: ReturnType<typeof sql>) => rowsOf(await context.database.db.execute(text));
  return {
    customers: await query(sql`select * from customers order by id`),
    addresses: await query(sql`select * from addresses order by id`),
    audit: await query(sql`select id from audit_log order by id`),
  };
}

export interface AuditRow {
  user_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function auditRowsOf(context: TestContext, entityId: string): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await context.database.db.execute(
      sql`select user_id, entity, entity_id, action, before, after from audit_log where entity_id = ${entityId} order by at, id`,
    ),
  );
}
