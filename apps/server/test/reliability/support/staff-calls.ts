import { expect } from 'vitest';
import { curpFor, newAccount } from '../../support/builders.ts';
import type { Http } from '../support-server.ts';

/** Customer `i` of a test: its own name, phone (`phoneBase` + i) and CURP (starting `curpPrefix`). */
export const numberedCustomer = (i: number, lastName: string, phoneBase: number, curpPrefix: string) => ({
  name: `Cliente ${i}`,
  lastName,
  phone: String(phoneBase + i),
  curp: curpFor(i, curpPrefix),
});

/**
 * Set-up calls an administrator makes over HTTP to real server processes: agents and delivered loans,
 * each with a serial of its own so that names, usernames, phones and CURPs never collide.
 */
export function staffCalls(adminToken: () => string) {
  let userSerial = 0;
  let customerSerial = 0;
  const expectStatus = (reply: { status: number; body: unknown }, status: number) =>
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const idOf = (reply: { body: { data?: unknown } }) => (reply.body.data as { id: string }).id;

  async function createAgent(api: Http, pin: string) {
    userSerial += 1;
    const body = {
      name: 'Agente',
      lastName: `Dos ${userSerial}`,
      username: `agente${userSerial}@prestaya.mx`,
      password: 'secreto123',
      pin,
      roles: ['ROLE_USER'],
      status: 'A',
    };
    const reply = await api.json('POST', '/api/v1/users', { token: adminToken(), body });
    expectStatus(reply, 201);
    return { ...body, ...(reply.body.data as { id: string; num: number }) };
  }

  /** A customer of nobody in particular with a loan (admin); delivered from an account unless fromPast. */
  async function deliveredLoan(api: Http, options: { requestDate?: string; agentId?: string } = {}) {
    const token = adminToken();
    customerSerial += 1;
    const customerBody = numberedCustomer(customerSerial, 'Compartido', 5_700_000_000, 'DOSI');
    const customer = await api.json('POST', '/api/v1/customers', {
      token,
      body: { ...customerBody, ...(options.agentId ? { agentId: options.agentId } : {}) },
    });
    expectStatus(customer, 201);
    const loan = await api.json('POST', `/api/v1/customers/${idOf(customer)}/loans`, {
      token,
      body: options.requestDate
        ? { amount: 10_000, loanFromPast: true, requestDate: options.requestDate }
        : { amount: 10_000 },
    });
    expectStatus(loan, 201);
    const loanId = idOf(loan);
    let bankAccountId: string | undefined;
    if (!options.requestDate) {
      const account = await api.json('POST', '/api/v1/bank-accounts', {
        token,
        body: newAccount({ balance: 20_000 }),
      });
      expectStatus(account, 201);
      bankAccountId = idOf(account);
    }
    const approve = await api.json('PUT', `/api/v1/loans/${loanId}/approve`, {
      token,
      body: bankAccountId ? { bankAccountId } : {},
    });
    expectStatus(approve, 200);
    expectStatus(await api.json('PUT', `/api/v1/loans/${loanId}/activate`, { token }), 200);
    const schedule = await api.json('GET', `/api/v1/loans/${loanId}/scheduled-payments`, { token });
    const installments = (
      schedule.body.data as { id: string; paymentNumber: number; dueDate: string }[]
    ).sort((x, y) => x.paymentNumber - y.paymentNumber);
    // The loan number and the phone: what a public lookup asks for.
    const { num } = loan.body.data as { num: number };
    return { loanId, installments, num, phone: customerBody.phone };
  }

  return { createAgent, deliveredLoan };
}
