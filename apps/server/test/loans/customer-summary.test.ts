import { describe, expect, it } from 'vitest';
import { customersApi, loansApi } from '../support/api.ts';
import { useTestApp } from '../support/app.ts';
import { openAccount, useLoanWorld } from '../support/worlds.ts';

const context = useTestApp();
const api = loansApi(context);
const world = useLoanWorld(context);

async function currentLoanOfCustomer(token: string, customerId: string) {
  const response = await customersApi(context).get(token, customerId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.currentLoan;
}

describe('the customer header summarises the open loan', () => {
  it('is null without loans, then follows the loan from request to delivery', async () => {
    const { admin, agent, customer } = world;
    expect(await currentLoanOfCustomer(agent.token, customer.id)).toBeNull();

    const loan = await api.createOk(agent.token, customer.id, { amount: 10_000 });
    expect(await currentLoanOfCustomer(agent.token, customer.id)).toEqual({
      id: loan.id,
      num: loan.num,
      status: 'PENDING',
      currentBalance: 0,
    });

    const account = await openAccount(context, admin);
    await api.approveOk(admin.token, loan.id, account.id);
    await api.activateOk(admin.token, loan.id);
    expect(await currentLoanOfCustomer(agent.token, customer.id)).toEqual({
      id: loan.id,
      num: loan.num,
      status: 'ACTIVE',
      currentBalance: 12_000,
    });
  });

  it('skips a cancelled request', async () => {
    const { admin, agent, customer } = world;
    const loan = await api.createOk(agent.token, customer.id, { amount: 5_000 });
    const cancelled = await api.update(admin.token, loan.id, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await currentLoanOfCustomer(admin.token, customer.id)).toBeNull();
  });
});
