import { type APIRequestContext, expect, test } from '@playwright/test';
import { addDays, businessDate } from '@prestaya/domain';
import { curpOf, unique, uniqueEmail, uniqueWord } from './support/data.ts';
import { expectNoSideScroll, openFromMenu, PHONE } from './support/phone.ts';
import { signIn } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, apiOf, createAgent } from './support/staff-api.ts';

// 'Semana' of Cobranza on an agent's phone: the week's figures read with taps, and the previous week.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const TODAY = businessDate(new Date(), 'America/Mexico_City');

/**
 * A new agent with two customers whose installment 1 is due today: Alfa paid it (through the API),
 * Beta promised $150 for today and has paid nothing.
 */
async function agentWeek(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const username = uniqueEmail('semana');
  await createAgent(admin, { lastName: `Semana${id.slice(-6)}`, username, pin: '2580' });
  const login = await request.post('/api/v1/auth/login', { data: { username, password: AGENT_PASSWORD } });
  expect(login.status()).toBe(200);
  const agent = apiOf(request, (await login.json()).access_token as string);

  const loanOf = async (lastName: string, n: number) => {
    const customer = await agent.post('/api/v1/customers', {
      name: uniqueWord(),
      lastName,
      phone: `57${id.slice(-7)}${n}`,
      curp: curpOf(`SM${lastName.slice(0, 2)}`, id),
    });
    const loan = await admin.post(`/api/v1/customers/${customer.id}/loans`, {
      amount: 1_000,
      loanFromPast: true,
      requestDate: addDays(TODAY, -7),
    });
    await admin.put(`/api/v1/loans/${loan.id}/approve`, {});
    await admin.put(`/api/v1/loans/${loan.id}/activate`);
    return loan.id as string;
  };
  const alfa = await loanOf('Alfa', 1);
  const beta = await loanOf('Beta', 2);
  const pending = await agent.get(`/api/v1/loans/${alfa}/pending-payments`);
  await agent.multipart(`/api/v1/loans/${alfa}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: [pending.scheduledPayments[0].id],
      feeIds: [],
      paymentMethod: 'CASH',
    }),
  });
  await agent.post(`/api/v1/loans/${beta}/visits`, {
    outcome: 'PROMISE',
    visitedAt: new Date().toISOString(),
    promisedDate: TODAY,
    promisedAmount: 150,
  });
  return { username };
}

test("an agent reads their week's figures on the phone and steps back a week", async ({ page, request }) => {
  test.slow(); // two loans and a payment set up through the API
  const { username } = await agentWeek(request);

  await signIn(page, username, AGENT_PASSWORD);
  await openFromMenu(page, 'Cobranza');
  const week = page.getByRole('region', { name: 'Semana' });
  await expect(week.getByTestId('week-due')).toContainText('2 cuotas');
  await expect(week.getByTestId('week-collected')).toContainText('1 pago');
  await expect(week.getByTestId('week-rate')).toContainText('50 %');
  await expect(week.getByTestId('week-rate')).toContainText('1 de 2 cuotas');
  await expect(week.getByTestId('week-promises')).toContainText('1 (0)');
  await expect(week.getByTestId('week-withoutPayment')).toContainText('1de 1 visita');
  await expect(week.getByTestId('week-cash')).toContainText('Sin diferencias');
  await expect(week.getByRole('button', { name: 'Semana siguiente' })).toBeDisabled();
  await expectNoSideScroll(page);

  // Last week: nothing fell due, so there is no rate.
  await week.getByRole('button', { name: 'Semana anterior' }).tap();
  await expect(week.getByTestId('week-rate')).toContainText('—');
  await expect(week.getByTestId('week-due')).toContainText('0 cuotas');
  await week.getByRole('button', { name: 'Semana siguiente' }).tap();
  await expect(week.getByTestId('week-due')).toContainText('2 cuotas');
  // The day's route is still below it: Beta's card (Alfa's installment is in validation).
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: /Beta/ })).toBeVisible();
});
