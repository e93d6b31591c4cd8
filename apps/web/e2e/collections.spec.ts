import { type APIRequestContext, expect, test } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';
import { addDays, businessDate } from '@prestaya/domain';
import { cardOf, collectOffline, routeStop, waitForShellOnPhone } from './support/collections.ts';
import { unique, uniqueEmail } from './support/data.ts';
import { expectFitsPhone, openFromMenu, PHONE } from './support/phone.ts';
import { signIn } from './support/session.ts';
import { adminApi, apiOf, createAgent, type StaffApi } from './support/staff-api.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// 'Cobranza' on an agent's phone without signal: the day's cards as the API lists them,
// two cash payments taken offline that survive a reload and reach the server once each when the
// signal returns, and a third one the server refuses (an admin paid that installment meanwhile),
// shown on its card. The journey needs the service worker and IndexedDB of a real Chromium.
test.use({ viewport: PHONE });

const TODAY = businessDate(new Date(), 'America/Mexico_City');
const AGENT_PASSWORD = 'Agente12345!';

interface Card {
  loan: { id: string; num: number };
  customer: { name: string; lastName: string };
  due: { total: number; scheduledPayments: { id: string }[] };
}

/**
 * A new agent with three customers of their own on one route (postal codes in this order), each with
 * a $1,000 loan registered from the past: Alfa and Beta owe installment 1 today; Gama owes
 * installment 1 since a week ago and installment 2 today.
 */
async function agentRoute(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const username = uniqueEmail('cobranza');
  await createAgent(admin, { lastName: `Ruta${id.slice(-6)}`, username, pin: '2580' });
  const login = await request.post('/api/v1/auth/login', { data: { username, password: AGENT_PASSWORD } });
  expect(login.status()).toBe(200);
  const agentToken = (await login.json()).access_token as string;
  const agent = apiOf(request, agentToken);

  const route = { id, phonePrefix: '55', curpPrefix: 'RT', street: 'Calle Hidalgo' };
  const stop = async (lastName: string, postalCode: string, daysAgo: number, n: number) =>
    (await routeStop(agent, admin, route, { lastName, postalCode, n, requestDate: addDays(TODAY, -daysAgo) }))
      .loanId;
  const alfa = await stop('Alfa', '72001', 7, 1);
  const beta = await stop('Beta', '72002', 7, 2);
  const gama = await stop('Gama', '72003', 14, 3);
  return { admin, agent, agentToken, username, loans: { alfa, beta, gama } };
}

const todayOf = (api: StaffApi) => api.get('/api/v1/collections?tab=today&size=100') as Promise<Card[]>;

/** The agent's whole 'Hoy' reply (the page with its summary), not only its cards. */
async function todayPage(request: APIRequestContext, token: string) {
  const reply = await request.get('/api/v1/collections?tab=today&size=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  return reply.json();
}

const paymentsOf = (api: StaffApi, loanId: string) =>
  api.get(`/api/v1/loans/${loanId}/payments`) as Promise<
    { amount: number; paymentMethod: string; status: string }[]
  >;

test('offline: two payments survive a reload and reach the server once each; a stale third shows its refusal', async ({
  page,
  context,
  request,
}) => {
  test.slow(); // three loans set up through the API, a reload and a service worker install
  const { admin, agent, agentToken, username, loans } = await agentRoute(request);
  const api = await todayOf(agent);
  expect(api.map((card) => card.customer.lastName)).toEqual(['Alfa', 'Beta', 'Gama']);

  await signIn(page, username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await openFromMenu(page, 'Cobranza');

  // The cards are the API's, in its route order, with its amounts and totals.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  for (const [index, card] of api.entries()) {
    const shown = cards.nth(index);
    await expect(shown.getByRole('heading', { level: 3 })).toHaveText(
      new RegExp(`^${card.customer.name} ${card.customer.lastName}`),
    );
    await expect(shown.getByTestId('collection-due-total')).toHaveText(formatPesos(card.due.total));
  }
  await expect(cardOf(page, 'Gama').getByText('Atrasado 7 días')).toBeVisible();
  await expect(cardOf(page, 'Alfa').getByText('Vence hoy')).toBeVisible();
  const before = await todayPage(request, agentToken);
  await expect(page.getByTestId('to-collect-today')).toHaveText(formatPesos(before.summary.toCollectToday));
  await expectFitsPhone(page, 'Cobranza');

  // The app shell is on the phone (service worker in control) before the signal goes.
  await waitForShellOnPhone(page);
  await context.setOffline(true);
  const [alfa, beta, gama] = api as [Card, Card, Card];
  await collectOffline(page, 'Alfa', alfa.due.total);
  await collectOffline(page, 'Beta', beta.due.total);

  // Closing and opening the app without signal: the shell, the session, the list and the queue stay.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cobranza', level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión · datos de las');
  await expect(cardOf(page, 'Alfa').getByText('Pendiente de enviar')).toBeVisible();
  await expect(cardOf(page, 'Beta').getByText('Pendiente de enviar')).toBeVisible();
  await collectOffline(page, 'Gama', gama.due.total);

  // Meanwhile an administrator registers Gama's overdue installment at the office.
  const registered = await admin.multipart(`/api/v1/loans/${loans.gama}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: [gama.due.scheduledPayments[0]?.id],
      paymentMethod: 'CASH',
    }),
  });

  await context.setOffline(false);
  // Alfa's and Beta's payments went through: nothing is due on their loans today any more.
  await expect(cardOf(page, 'Alfa')).toHaveCount(0);
  await expect(cardOf(page, 'Beta')).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // Gama's was refused: the server's reason stays on its card until the agent discards it.
  const refusal = cardOf(page, 'Gama').getByRole('alert');
  await expect(refusal).toContainText('El servidor rechazó el cobro');
  const again = await request.post(`/api/v1/loans/${loans.gama}/payments`, {
    headers: { Authorization: `Bearer ${agentToken}` },
    multipart: {
      paymentRequest: JSON.stringify({
        scheduledPaymentIds: gama.due.scheduledPayments.map((item) => item.id),
        paymentMethod: 'CASH',
      }),
    },
  });
  expect(again.status()).toBe(409);
  await expect(refusal).toContainText((await again.json()).detail);

  // Exactly one payment each on the server; Gama only has the administrator's.
  for (const [loanId, card] of [
    [loans.alfa, alfa],
    [loans.beta, beta],
  ] as const) {
    expect(await paymentsOf(agent, loanId)).toMatchObject([
      { amount: card.due.total, paymentMethod: 'CASH', status: 'VALIDATING' },
    ]);
  }
  expect((await paymentsOf(agent, loans.gama)).map((payment) => payment.amount)).toEqual([registered.amount]);
  const after = await todayPage(request, agentToken);
  const cents = (pesos: number) => Math.round(pesos * 100);
  expect(cents(after.summary.collectedToday)).toBe(
    cents(alfa.due.total) + cents(beta.due.total) + cents(registered.amount),
  );
  await expect(page.getByTestId('collected-today')).toHaveText(formatPesos(after.summary.collectedToday));
  await expect(cardOf(page, 'Gama').getByText('Vence hoy')).toBeVisible();
  await expectFitsPhone(page, 'Cobranza');

  await cardOf(page, 'Gama').getByRole('button', { name: 'Descartar' }).click();
  await page
    .getByRole('dialog', { name: '¿Descartar el cobro rechazado?' })
    .getByRole('button', { name: 'Descartar' })
    .click();
  await expect(refusal).toHaveCount(0);
  await expect(cardOf(page, 'Gama').getByRole('button', { name: 'Cobrar' })).toBeEnabled();

  // 'Cerrar Sesión' erases the device's data.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .not.toContain('prestaya-offline');
});
