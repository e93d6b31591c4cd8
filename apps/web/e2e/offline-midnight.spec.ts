import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';
import { addDays, businessDate, zonedInstant } from '@prestaya/domain';
import { chooseAccount } from './support/accounts.ts';
import { cardOf, routeStop, waitForShellOnPhone } from './support/collections.ts';
import { unique, uniqueEmail } from './support/data.ts';
import { expectFitsPhone, openFromMenu, PHONE } from './support/phone.ts';
import { signIn, signInAsAdmin, tokenOf } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, apiOf, createAgent, type StaffApi } from './support/staff-api.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// An agent works without signal late on day 1 and the phone only finds signal again after midnight:
// two cash collections and a visit taken offline at 23:50–23:56 of day 1, sent at 00:10 of day 2. The
// administrator's 'Corte de caja' of day 1 holds both collections; the cash counted is short
// (Faltante), the day is closed, and a second close is refused.
//
// Clocks: the phone's clock is Playwright's (page.clock), set to 23:50 of day 1 and moved past
// midnight while still offline. The server is the real built one (npm start), whose clock is the
// machine's and cannot be moved (PRESTAYA_TEST_NOW is read by the API test support only): day 2 is
// the server's today, day 1 its yesterday. What midnight changes on the server is the same either
// way: the collections arrive on a business day after the one they were taken on, and keep theirs
// (collectedAt; the API side at fixed instants is apps/server/test/payments/collected-at.test.ts and
// fee-after-collection.test.ts under `npm run test:midnight`).
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const ZONE = 'America/Mexico_City';
const DAY_2 = businessDate(new Date(), ZONE);
const DAY_1 = addDays(DAY_2, -1);
const phoneTime = (day: string, hour: number, minute: number) => zonedInstant(day, hour, minute, ZONE);

interface Card {
  loan: { id: string };
  due: { total: number };
}

/** A new agent with three customers whose $1,000 loans (registered a week ago) owe installment 1 today. */
async function agentRoute(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const username = uniqueEmail('medianoche');
  const agentUser = await createAgent(admin, { lastName: `Noche${id.slice(-6)}`, username, pin: '3691' });
  const login = await request.post('/api/v1/auth/login', { data: { username, password: AGENT_PASSWORD } });
  expect(login.status()).toBe(200);
  const agent = apiOf(request, (await login.json()).access_token as string);
  const route = { id, phonePrefix: '57', curpPrefix: 'MN', street: 'Calle Juárez' };
  const stop = async (lastName: string, postalCode: string, n: number) =>
    (await routeStop(agent, admin, route, { lastName, postalCode, n, requestDate: addDays(DAY_2, -7) }))
      .loanId;
  const loans = {
    alfa: await stop('Alfa', '74001', 1),
    beta: await stop('Beta', '74002', 2),
    gama: await stop('Gama', '74003', 3),
  };
  const caja = await admin.post('/api/v1/bank-accounts', {
    name: `Caja Cierre Noche ${id}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa Oficina',
    balance: 500,
  });
  return { admin, agent, agentId: agentUser.id as string, username, loans, caja, id };
}

/** 'Cobrar' everything due on a card by tap, without signal: kept on the phone. */
async function collectByTap(page: Page, lastName: string, total: number) {
  const card = cardOf(page, lastName);
  await card.getByRole('button', { name: 'Cobrar' }).tap();
  await page
    .getByRole('dialog', { name: 'Cobrar' })
    .getByRole('button', { name: `Cobrar ${formatPesos(total)}` })
    .tap();
  const result = page.getByRole('dialog', { name: 'Cobro' });
  await expect(result.getByText('Pendiente de enviar')).toBeVisible();
  await result.getByRole('button', { name: 'Listo' }).tap();
  await expect(card.getByText('Pendiente de enviar')).toBeVisible();
}

const paymentsOf = (api: StaffApi, loanId: string) =>
  api.get(`/api/v1/loans/${loanId}/payments`) as Promise<
    { id: string; amount: number; status: string; collectedAt: string; createdOn: string }[]
  >;

test('offline across midnight: day 1’s Corte de caja holds both collections, counted short, closed once', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // three loans through the API, a service worker install and two sessions
  const { admin, agent, agentId, username, loans, caja, id } = await agentRoute(request);
  const cards = (await agent.get('/api/v1/collections?tab=today&size=100')) as Card[];
  const dueOf = (loanId: string) => cards.find((card) => card.loan.id === loanId)?.due.total ?? 0;
  const [alfaDue, betaDue] = [dueOf(loans.alfa), dueOf(loans.beta)];
  expect(alfaDue).toBeGreaterThan(0);

  // The agent's phone, on Cobranza with the app's shell installed.
  await signIn(page, username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await openFromMenu(page, 'Cobranza');
  await expect(page.getByRole('article')).toHaveCount(3);
  await waitForShellOnPhone(page);

  // 23:50 of day 1 on the phone, no signal.
  await context.setOffline(true);
  await page.clock.setFixedTime(phoneTime(DAY_1, 23, 50));
  await collectByTap(page, 'Alfa', alfaDue);
  await page.clock.setFixedTime(phoneTime(DAY_1, 23, 54));
  await collectByTap(page, 'Beta', betaDue);
  await page.clock.setFixedTime(phoneTime(DAY_1, 23, 56));
  await cardOf(page, 'Gama').getByRole('button', { name: 'Visita' }).tap();
  const visit = page.getByRole('dialog', { name: 'Visita' });
  await visit.getByRole('button', { name: 'No estaba' }).tap();
  await visit.getByRole('button', { name: 'Guardar visita' }).tap();
  await expect(visit).toBeHidden();
  await expect(cardOf(page, 'Gama').getByText(/Visita pendiente de enviar: No estaba/)).toBeVisible();
  expect(await paymentsOf(agent, loans.alfa)).toEqual([]);

  // Past midnight, still offline; then the signal returns at 00:10 of day 2 and the queue sends.
  await page.clock.setFixedTime(phoneTime(DAY_2, 0, 5));
  await expect(page.getByText('Pendiente de enviar', { exact: true })).toHaveCount(2);
  await expect(page.getByText(/Visita pendiente de enviar/)).toHaveCount(1);
  await page.clock.setFixedTime(phoneTime(DAY_2, 0, 10));
  await context.setOffline(false);
  await expect(cardOf(page, 'Alfa')).toHaveCount(0);
  await expect(cardOf(page, 'Beta')).toHaveCount(0);
  await expect(page.getByText(/Visita pendiente de enviar/)).toHaveCount(0);
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(0);

  // Once each on the server, each collected on day 1 although it arrived on day 2.
  const sent = [];
  for (const [loanId, due, minute] of [
    [loans.alfa, alfaDue, 50],
    [loans.beta, betaDue, 54],
  ] as const) {
    const payments = await paymentsOf(agent, loanId);
    expect(payments).toMatchObject([{ amount: due, status: 'VALIDATING' }]);
    const [payment] = payments;
    expect(payment?.collectedAt).toBe(phoneTime(DAY_1, 23, minute).toISOString());
    expect(businessDate(new Date(payment?.createdOn ?? ''), ZONE)).toBe(DAY_2);
    sent.push(payment?.id);
  }
  const visits = await agent.get(`/api/v1/loans/${loans.gama}/visits`);
  expect(visits).toMatchObject([{ outcome: 'NOT_HOME', visitedAt: phoneTime(DAY_1, 23, 56).toISOString() }]);

  // The administrator, on a phone of their own, opens day 1's Corte de caja of this agent.
  const office = await browser.newContext({
    baseURL,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: 'es-MX',
    timezoneId: ZONE,
  });
  const adminPage = await office.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto(`/admin/cash-close?agentId=${agentId}&date=${DAY_1}`);
  const expected = alfaDue + betaDue;
  await expect(adminPage.getByTestId('cash-total')).toHaveText(formatPesos(expected));
  await expectFitsPhone(adminPage, 'Corte de caja');
  const day1 = await admin.get(`/api/v1/cash-close?agentId=${agentId}&date=${DAY_1}`);
  expect(day1.payments.map((p: { id: string }) => p.id).sort()).toEqual([...sent].sort());
  const day2 = await admin.get(`/api/v1/cash-close?agentId=${agentId}&date=${DAY_2}`);
  expect(day2.payments).toEqual([]);

  // Counted $50 short: Faltante with its note, into the Caja, the day closed.
  const counted = expected - 50;
  await adminPage.getByRole('button', { name: 'Contar efectivo' }).tap();
  const dialog = adminPage.getByRole('dialog', { name: 'Contar efectivo' });
  await dialog.getByRole('textbox', { name: /Efectivo contado/ }).tap();
  await adminPage.keyboard.type(String(counted));
  await expect(dialog.getByTestId('count-difference')).toHaveText('Faltante $50.00');
  await dialog.getByRole('textbox', { name: /Nota/ }).tap();
  await adminPage.keyboard.type('Faltaron 50 pesos al entregar');
  await chooseAccount(adminPage, dialog, 'Cuenta destino', `Caja Cierre Noche ${id}`, (target) =>
    target.tap(),
  );
  await dialog.getByRole('button', { name: 'Cerrar día' }).tap();
  await expect(dialog.getByText(/no se puede volver a cerrar/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar día' }).tap();
  await expect(adminPage.getByText('Día cerrado: Faltante $50.00')).toBeVisible();
  const closed = adminPage.getByRole('region', { name: 'Cierre del día' });
  await expect(closed.getByTestId('day-closed')).toHaveText('Cerrado');
  await expect(closed.getByTestId('closure-expected')).toHaveText(formatPesos(expected));
  await expect(closed.getByTestId('closure-counted')).toHaveText(formatPesos(counted));
  await expect(closed.getByTestId('closure-difference')).toHaveText('Faltante $50.00');
  await expect(adminPage.getByRole('button', { name: 'Cerrado' })).toBeDisabled();
  await expectFitsPhone(adminPage, 'Corte de caja');

  // Both payments confirmed into the Caja once; a second close of day 1 is refused and moves nothing.
  for (const loanId of [loans.alfa, loans.beta]) {
    expect(await paymentsOf(agent, loanId)).toMatchObject([{ status: 'PAID' }]);
  }
  expect(await admin.get(`/api/v1/bank-accounts/${caja.id}`)).toMatchObject({ balance: 500 + expected });
  const again = await adminPage.request.post('/api/v1/cash-close/close', {
    headers: { Authorization: `Bearer ${await tokenOf(adminPage)}` },
    data: { agentId, date: DAY_1, targetAccountId: caja.id, counted: expected },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).detail).toBe('El corte de caja de este agente y día ya está cerrado');
  expect(await admin.get(`/api/v1/bank-accounts/${caja.id}`)).toMatchObject({ balance: 500 + expected });
  await office.close();
});
