import { type APIRequestContext, expect, test } from '@playwright/test';
import { addDays, businessDate } from '@prestaya/domain';
import { cardOf, routeStop, waitForShellOnPhone } from './support/collections.ts';
import { unique, uniqueEmail } from './support/data.ts';
import { expectFitsPhone, expectNoSideScroll, openFromMenu, PHONE, tapToOpen } from './support/phone.ts';
import { signIn } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, apiOf, createAgent } from './support/staff-api.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Visits on an agent's phone without signal: 'No estaba' at one door and a promise of payment at
// another, recorded offline with taps, kept on the phone, sent once each when the signal returns, then
// on the cards and in the customer's history. A promise for today puts a loan with nothing due on 'Hoy'.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const TODAY = businessDate(new Date(), 'America/Mexico_City');
const ddmm = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

interface Visit {
  outcome: string;
  promisedDate: string | null;
  promisedAmount: number | null;
}

/**
 * A new agent with three customers: Alfa and Beta owe installment 1 today; Gama's installment 1 is
 * due in 4 days, but Gama promised (through the API) to pay $150 today.
 */
async function agentRoute(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const username = uniqueEmail('visitas');
  await createAgent(admin, { lastName: `Visitas${id.slice(-6)}`, username, pin: '2580' });
  const login = await request.post('/api/v1/auth/login', { data: { username, password: AGENT_PASSWORD } });
  expect(login.status()).toBe(200);
  const agent = apiOf(request, (await login.json()).access_token as string);

  const route = { id, phonePrefix: '56', curpPrefix: 'VS', street: 'Calle Morelos' };
  const stop = async (lastName: string, postalCode: string, daysAgo: number, n: number) =>
    routeStop(agent, admin, route, { lastName, postalCode, n, requestDate: addDays(TODAY, -daysAgo) });
  const alfa = await stop('Alfa', '73001', 7, 1);
  const beta = await stop('Beta', '73002', 7, 2);
  const gama = await stop('Gama', '73003', 3, 3);
  await agent.post(`/api/v1/loans/${gama.loanId}/visits`, {
    outcome: 'PROMISE',
    visitedAt: new Date().toISOString(),
    promisedDate: TODAY,
    promisedAmount: 150,
  });
  return { agent, username, alfa, beta, gama };
}

test('offline: No estaba and a promise are kept on the phone, sent once, on the cards and in the history', async ({
  page,
  context,
  request,
}) => {
  test.slow(); // three loans set up through the API and a service worker install
  const { agent, username, alfa, beta } = await agentRoute(request);

  await signIn(page, username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await openFromMenu(page, 'Cobranza');
  await expect(page.getByRole('article')).toHaveCount(3);
  // Gama has nothing due today, only the promise: on 'Hoy' with it.
  await expect(cardOf(page, 'Gama').getByText('Promesa para hoy')).toBeVisible();
  await expect(
    cardOf(page, 'Gama').getByText(/Última visita: Promesa \$150\.00 para hoy · hoy \d\d:\d\d/),
  ).toBeVisible();

  await waitForShellOnPhone(page);
  await context.setOffline(true);

  // Alfa was not home.
  const dialog = page.getByRole('dialog', { name: 'Visita' });
  await tapToOpen(cardOf(page, 'Alfa').getByRole('button', { name: 'Visita' }), dialog);
  await expect(dialog).toContainText(/Alfa · Préstamo No\. \d+/);
  await dialog.getByRole('button', { name: 'No estaba' }).tap();
  await dialog.getByLabel('Nota').fill('Portón cerrado');
  await dialog.getByRole('button', { name: 'Guardar visita' }).tap();
  await expect(dialog).toBeHidden();
  await expect(cardOf(page, 'Alfa').getByText(/Visita pendiente de enviar: No estaba · hoy/)).toBeVisible();

  // Beta promised $300 in two days.
  const promised = addDays(TODAY, 2);
  await tapToOpen(cardOf(page, 'Beta').getByRole('button', { name: 'Visita' }), dialog);
  await expect(dialog).toContainText(/Beta · Préstamo No\. \d+/);
  await dialog.getByRole('button', { name: 'Promesa de pago' }).tap();
  await dialog.getByLabel('Fecha de la promesa').fill(promised);
  await dialog.getByLabel('Monto prometido').fill('300');
  await expectNoSideScroll(page);
  await dialog.getByRole('button', { name: 'Guardar visita' }).tap();
  await expect(dialog).toBeHidden();
  await expect(
    cardOf(page, 'Beta').getByText(`Visita pendiente de enviar: Promesa $300.00 para el ${ddmm(promised)}`, {
      exact: false,
    }),
  ).toBeVisible();
  // Nothing reached the server yet.
  expect(await agent.get(`/api/v1/loans/${alfa.loanId}/visits`)).toEqual([]);

  await context.setOffline(false);
  await expect(cardOf(page, 'Alfa').getByText(/Última visita: No estaba · hoy \d\d:\d\d/)).toBeVisible();
  await expect(
    cardOf(page, 'Beta').getByText(
      new RegExp(`Última visita: Promesa \\$300\\.00 para el ${ddmm(promised)} · hoy`),
    ),
  ).toBeVisible();
  await expect(page.getByText(/Visita pendiente de enviar/)).toHaveCount(0);
  await expectFitsPhone(page, 'Cobranza');

  // Once each on the server.
  expect((await agent.get(`/api/v1/loans/${alfa.loanId}/visits`)) as Visit[]).toMatchObject([
    { outcome: 'NOT_HOME', promisedDate: null, promisedAmount: null },
  ]);
  expect((await agent.get(`/api/v1/loans/${beta.loanId}/visits`)) as Visit[]).toMatchObject([
    { outcome: 'PROMISE', promisedDate: promised, promisedAmount: 300 },
  ]);

  // The customer's history lists them.
  await page.goto(`/admin/customers/${beta.customerId}`);
  const history = page.getByRole('list', { name: 'Visitas' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Promesa de pago');
  await expect(history).toContainText(`Promesa $300.00 para el ${ddmm(promised)}`);
  await expect(history).toContainText('Por cumplir');
  await page.goto(`/admin/customers/${alfa.customerId}`);
  await expect(page.getByRole('list', { name: 'Visitas' })).toContainText('Portón cerrado');
  await expectFitsPhone(page, /.+/);
});
