import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';
import { addDays, businessDate } from '@prestaya/domain';
import { cardOf, waitForShellOnPhone } from './support/collections.ts';
import { curpOf, unique, uniqueEmail, uniqueWord } from './support/data.ts';
import { expectFitsPhone, PHONE } from './support/phone.ts';
import { signIn } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, apiOf, createAgent } from './support/staff-api.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// An agent's phone without signal beyond Cobranza: Clientes, a customer, the loan's statement and the
// Corte de caja open from what the phone loaded earlier (after closing and reopening the app), a
// payment is taken offline and counted in the corte as 'Pendiente de enviar', and when the signal
// returns on another screen a toast says it was sent. Touch at 360×740, a real Chromium's service
// worker and IndexedDB.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const TODAY = businessDate(new Date(), 'America/Mexico_City');

/** A new agent with one customer of their own whose $1,000 loan (from a week ago) is due today. */
async function agentWithCustomer(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const username = uniqueEmail('sinsenal');
  const lastName = `Senal${id.slice(-6)}`;
  await createAgent(admin, { lastName: `Ruta${id.slice(-6)}`, username, pin: '2580' });
  const login = await request.post('/api/v1/auth/login', { data: { username, password: AGENT_PASSWORD } });
  expect(login.status()).toBe(200);
  const agent = apiOf(request, (await login.json()).access_token as string);
  const customer = await agent.post('/api/v1/customers', {
    name: uniqueWord(),
    lastName,
    phone: `55${id.slice(-8)}`,
    curp: curpOf('SN', id),
  });
  await agent.post(`/api/v1/customers/${customer.id}/addresses`, {
    street: 'Calle Morelos',
    numExterior: '7',
    neighborhood: 'Centro',
    city: 'Puebla',
    state: 'PUEBLA',
    postalCode: '72000',
  });
  const loan = await admin.post(`/api/v1/customers/${customer.id}/loans`, {
    amount: 1_000,
    loanFromPast: true,
    requestDate: addDays(TODAY, -7),
  });
  await admin.put(`/api/v1/loans/${loan.id}/approve`, {});
  await admin.put(`/api/v1/loans/${loan.id}/activate`);
  const [card] = (await agent.get('/api/v1/collections?tab=today&size=100')) as {
    due: { total: number };
  }[];
  if (!card) throw new Error('the loan is due today');
  const delivered = await agent.get(`/api/v1/loans/${loan.id}`);
  return {
    balance: delivered.currentBalance as number,
    username,
    name: `${customer.name} ${lastName}`,
    lastName,
    loanNum: loan.num as number,
    due: card.due.total,
  };
}

async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Abrir menú de navegación' }).tap();
  await page.getByRole('navigation').getByRole('link', { name: link }).tap();
}

/** The agent's reads the phone keeps (lib/offline-reads.ts), as stored in its IndexedDB. */
const keptReads = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('prestaya-offline');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('list-cache')) return resolve([]);
          const all = db.transaction('list-cache').objectStore('list-cache').getAll();
          all.onsuccess = () => {
            const row = (all.result as { key: string; data: { queries: { queryKey: unknown[] }[] } }[]).find(
              (entry) => entry.key.endsWith(':reads'),
            );
            resolve((row?.data.queries ?? []).map((query) => query.queryKey.slice(0, 2).join('/')));
            db.close();
          };
        };
      }),
  );

const noLoadError = (page: Page) => expect(page.getByText(/No se pudo cargar/)).toHaveCount(0);

test('offline: Clientes, a customer, the statement and the corte from the phone; the send is told on any screen', async ({
  page,
  context,
  request,
}) => {
  test.slow(); // a loan set up through the API, a service worker install, two reloads
  const { username, name, lastName, loanNum, due, balance } = await agentWithCustomer(request);

  // With signal: Clientes, the customer (their loans and statement come along), Cobranza, the corte.
  await signIn(page, username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  const customerRow = page.getByRole('row').filter({ hasText: lastName });
  await customerRow.getByText(name).tap();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Préstamos' }).getByText(String(loanNum))).toBeVisible();
  await openFromMenu(page, 'Cobranza');
  await expect(cardOf(page, lastName)).toBeVisible();
  await openFromMenu(page, 'Corte de caja');
  await expect(page.getByTestId('cash-total')).toHaveText(formatPesos(0));
  await openFromMenu(page, 'Clientes');
  await expect(customerRow).toBeVisible();
  await waitForShellOnPhone(page);
  await expect
    .poll(() => keptReads(page))
    .toEqual(
      expect.arrayContaining([
        'customers/list',
        'customers/detail',
        'loans/schedule',
        'loans/detail',
        'cash-close/day',
      ]),
    );

  // No signal, and the app closed and opened again: Clientes from the phone, dated, no error.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión · datos de las');
  await expect(customerRow).toBeVisible();
  await noLoadError(page);
  await expectFitsPhone(page, 'Clientes');

  // The customer, and their loan's statement in a tab of its own (opened without signal too).
  await customerRow.getByText(name).tap();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión · datos de las');
  const loanRow = page
    .getByRole('table', { name: 'Préstamos' })
    .getByRole('row')
    .filter({ hasText: String(loanNum) });
  await loanRow.getByRole('button', { name: 'Acciones' }).tap();
  const [statement] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Imprimir estado de cuenta', exact: true }).tap(),
  ]);
  await expect(statement.getByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeVisible();
  await expect(statement.getByText(`Préstamo No. ${loanNum}`)).toBeVisible();
  await expect(statement.getByTestId('statement-balance')).toHaveText(formatPesos(balance));
  await expect(statement.getByTestId('offline-banner')).toContainText('Sin conexión · datos de las');
  await expect(statement.getByText(/No se pudo cargar/)).toHaveCount(0);
  await statement.close();

  // A payment taken without signal, then the corte: the day as loaded plus the phone's payment.
  await openFromMenu(page, 'Cobranza');
  const card = cardOf(page, lastName);
  await card.getByRole('button', { name: 'Cobrar' }).tap();
  await page
    .getByRole('dialog', { name: 'Cobrar' })
    .getByRole('button', { name: `Cobrar ${formatPesos(due)}` })
    .tap();
  const result = page.getByRole('dialog', { name: 'Cobro' });
  await expect(result.getByText('Pendiente de enviar')).toBeVisible();
  await result.getByRole('button', { name: 'Listo' }).tap();
  await openFromMenu(page, 'Corte de caja');
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión · datos de las');
  await expect(page.getByTestId('cash-total')).toHaveText(formatPesos(due));
  const queued = page.getByRole('table', { name: 'Cobros pendientes de enviar' });
  await expect(queued.getByText(`No. ${loanNum}`, { exact: false })).toBeVisible();
  await expect(queued.getByText('Pendiente de enviar')).toBeVisible();
  await noLoadError(page);
  await expectFitsPhone(page, 'Corte de caja');

  // The signal returns while Clientes is open: the payment goes out and the shell says so.
  await openFromMenu(page, 'Clientes');
  await expect(customerRow).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Se envió 1 cobro guardado en este teléfono')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // The server has it once: the corte now shows it from the server, nothing left on the phone.
  await openFromMenu(page, 'Corte de caja');
  await expect(page.getByTestId('cash-total')).toHaveText(formatPesos(due));
  await expect(page.getByTestId('unsent-count')).toHaveText('Pendientes de enviar: 0');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
