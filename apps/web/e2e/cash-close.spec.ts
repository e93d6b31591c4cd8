import { expect, type Page, test } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';
import { addDays, businessDate } from '@prestaya/domain';
import { chooseAccount } from './support/accounts.ts';
import { cardOf, collectOffline, waitForShellOnPhone } from './support/collections.ts';
import { curpOf, unique, uniqueEmail } from './support/data.ts';
import { expectFitsPhone, openFromMenu, PHONE } from './support/phone.ts';
import { signIn, signInAsAdmin, tokenOf } from './support/session.ts';
import { adminApi, apiOf, createAgent, deliveredLoan, type StaffApi } from './support/staff-api.ts';
import { cellTexts } from './support/tables.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// 'Corte de caja' on a phone: the agent's day, and the administrator confirming it into an account.
test.use({ viewport: PHONE });

const AGENT_PASSWORD = 'Agente12345!';

/**
 * An agent with two delivered $10,000 loans of their customers (12 × $1,000) and, registered by the
 * agent today: $1,000 and $2,000 in cash and a $1,000 transfer. Also a $5,000 'Caja Corte' account.
 */
async function agentDay(admin: StaffApi, request: Page['request']) {
  const id = unique();
  const username = uniqueEmail('agente.corte');
  const agent = await createAgent(admin, { lastName: `Corte${id.slice(-6)}`, username, pin: '4826' });
  const login = await request.post('/api/v1/auth/login', { data: { username, password: AGENT_PASSWORD } });
  const agentApi = apiOf(request, (await login.json()).access_token);
  const loans = [];
  for (const [i, name] of ['Rosa', 'Tomás'].entries()) {
    const { loan } = await deliveredLoan(admin, {
      account: { name: `Fondeo Corte ${id}-${i}`, bankName: 'Banorte', customerName: 'PrestaYa' },
      customer: {
        name: `${name}${id}`,
        lastName: 'Cobranza',
        phone: `56${id.slice(-8)}`.slice(0, 10),
        curp: curpOf(`COR${i}`, id),
        agentId: agent.id,
      },
    });
    loans.push(loan);
  }
  const pay = async (loanId: string, installments: number, paymentMethod: 'CASH' | 'TRANSFER') => {
    const pending = await agentApi.get(`/api/v1/loans/${loanId}/pending-payments`);
    return agentApi.multipart(`/api/v1/loans/${loanId}/payments`, {
      paymentRequest: JSON.stringify({
        scheduledPaymentIds: pending.scheduledPayments
          .slice(0, installments)
          .map((p: { id: string }) => p.id),
        feeIds: [],
        paymentMethod,
      }),
    });
  };
  const [first, second] = loans as [{ id: string; num: number }, { id: string; num: number }];
  const payments = {
    cash1: await pay(first.id, 1, 'CASH'),
    cash2: await pay(second.id, 2, 'CASH'),
    transfer: await pay(first.id, 1, 'TRANSFER'),
  };
  const caja = await admin.post('/api/v1/bank-accounts', {
    name: `Caja Corte ${id}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa Oficina',
    balance: 5_000,
  });
  return { id, agent, agentApi, username, loans: { first, second }, payments, caja };
}

/** A customer of the agent with a $1,000 loan registered a week ago: its installment 1 is due today. */
async function dueToday(admin: StaffApi, agentId: string, id: string) {
  const customer = await admin.post('/api/v1/customers', {
    name: `Hilda${id}`,
    lastName: 'Pendiente',
    phone: `57${id.slice(-8)}`.slice(0, 10),
    curp: curpOf('CORH', id),
    agentId,
  });
  const loan = await admin.post(`/api/v1/customers/${customer.id}/loans`, {
    amount: 1_000,
    loanFromPast: true,
    requestDate: addDays(businessDate(new Date(), 'America/Mexico_City'), -7),
  });
  await admin.put(`/api/v1/loans/${loan.id}/approve`, {});
  await admin.put(`/api/v1/loans/${loan.id}/activate`);
  return loan.id as string;
}

test("an agent's day at 360 px: payments by time, the cash to hand in and what Cobranza kept on the phone", async ({
  page,
  context,
}) => {
  test.slow(); // a service worker install before the signal goes
  const admin = await adminApi(page.request);
  const day = await agentDay(admin, page.request);
  const loanId = await dueToday(admin, day.agent.id, day.id);
  await signIn(page, day.username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);

  await openFromMenu(page, 'Corte de caja');
  await expect(page).toHaveURL(/\/admin\/cash-close$/);
  const table = page.getByRole('table', { name: 'Pagos del día' });
  // By time: the first loan's cash, the second loan's two installments, the first loan's transfer.
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (const [i, loan, customer, amount, method] of [
    [0, day.loans.first, 'Rosa', '$1,000.00', 'Efectivo'],
    [1, day.loans.second, 'Tomás', '$2,000.00', 'Efectivo'],
    [2, day.loans.first, 'Rosa', '$1,000.00', 'Transferencia'],
  ] as const) {
    const texts = (await cellTexts(rows.nth(i))).join(' ');
    for (const part of [`No. ${loan.num}`, `${customer}${day.id} Cobranza`, amount, method, 'Validando']) {
      expect(texts).toContain(part);
    }
  }
  await expect(page.getByTestId('cash-total')).toHaveText('$3,000.00');
  await expect(page.getByTestId('cash-pending')).toHaveText('$3,000.00');
  await expect(page.getByTestId('transfer-total')).toHaveText('$1,000.00');
  await expect(page.getByTestId('unsent-count')).toHaveText('Pendientes de enviar: 0');
  await expectFitsPhone(page, 'Corte de caja');

  // Without a signal the agent collects in Cobranza: the payment waits in the phone's queue.
  await openFromMenu(page, 'Cobranza');
  const card = cardOf(page, 'Pendiente');
  await expect(card).toBeVisible();
  const total = Number((await card.getByTestId('collection-due-total').innerText()).replace(/[$,]/g, ''));
  await waitForShellOnPhone(page);
  await context.setOffline(true);
  await collectOffline(page, 'Pendiente', total);

  // Offline the corte is the day as loaded plus the phone's payment, listed as not sent yet.
  await openFromMenu(page, 'Corte de caja');
  await expect(page.getByTestId('unsent-count')).toHaveText('Pendientes de enviar: 1');
  await expect(page.getByText(/entran al corte cuando se envíen/)).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión · datos de las');
  await expect(page.getByTestId('cash-total')).toHaveText(formatPesos(3_000 + total));
  await expect(page.getByTestId('queued-total')).toHaveText(formatPesos(total));
  await expectFitsPhone(page, 'Corte de caja');

  // The signal returns: the queue sends it, the count empties and the day's cash takes it in.
  await context.setOffline(false);
  await expect(page.getByTestId('unsent-count')).toHaveText('Pendientes de enviar: 0');
  await expect(page.getByTestId('cash-total')).toHaveText(formatPesos(3_000 + total));
  await expect(rows).toHaveCount(4);
  const sent = (await day.agentApi.get(`/api/v1/loans/${loanId}/payments`)) as { amount: number }[];
  expect(sent.map((payment) => payment.amount)).toEqual([total]);
  await expectFitsPhone(page, 'Corte de caja');
});

test("an admin confirms an agent's corte into an account at 360 px: the balance by the API, a second confirm changes nothing", async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const day = await agentDay(api, page.request);
  const agentName = `Agente Corte${day.id.slice(-6)}`;

  await page.goto('/admin/cash-close');
  await expect(page.getByText('Seleccione un agente para ver su corte de caja')).toBeVisible();
  // The picker asks the server for what is typed, so an agent past its first page is found too.
  const searched = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/v1/agents' &&
      new URL(request.url()).searchParams.get('query') === agentName,
  );
  await page.getByRole('combobox', { name: 'Agente' }).fill(agentName);
  await searched;
  await page.getByRole('option', { name: new RegExp(`^${agentName} \\(No\\. `) }).click();
  await expect(page.getByTestId('cash-total')).toHaveText('$3,000.00');
  await expect(page.getByTestId('cash-pending')).toHaveText('$3,000.00');
  await expectFitsPhone(page, 'Corte de caja');

  // The transfer leaves the corte with a reason.
  const table = page.getByRole('table', { name: 'Pagos del día' });
  await table
    .locator('tbody tr')
    .filter({ hasText: 'Transferencia' })
    .getByRole('button', { name: /^Rechazar/ })
    .click();
  const reject = page.getByRole('dialog', { name: 'Rechazar pago' });
  await reject
    .getByRole('textbox', { name: 'Motivo del rechazo' })
    .fill('La transferencia no llegó al banco');
  await reject.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Pago rechazado', { exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: /^Rechazar/ })).toHaveCount(2);
  await expect(page.getByTestId('transfer-total')).toHaveText('$0.00');

  // Confirmar corte into 'Caja Corte': both cash payments, one Abono each.
  await page.getByRole('button', { name: 'Confirmar corte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar corte' });
  await expect(dialog.getByText(/Se confirmarán 2 pagos en efectivo/)).toBeVisible();
  await chooseAccount(page, dialog, 'Cuenta destino', `Caja Corte ${day.id}`, (target) => target.click());
  await expectFitsPhone(page, 'Corte de caja');
  await dialog.getByRole('button', { name: 'Confirmar corte' }).click();
  await expect(page.getByText('Corte confirmado: 2 pagos por $3,000.00')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cash-pending')).toHaveText('$0.00');
  await expect(page.getByTestId('cash-confirmed')).toHaveText('$3,000.00');
  await expect(page.getByRole('button', { name: 'Confirmar corte' })).toBeDisabled();

  // The account by the API: $5,000 + $1,000 + $2,000 in both balances, one Abono per payment.
  const expectCaja = async () => {
    expect(await api.get(`/api/v1/bank-accounts/${day.caja.id}`)).toMatchObject({
      balance: 8_000,
      realBalance: 8_000,
    });
    const ledger = (await page.request
      .get(`/api/v1/bank-accounts/${day.caja.id}/transactions?size=100`, {
        headers: { Authorization: `Bearer ${await tokenOf(page)}` },
      })
      .then((reply) => reply.json())) as {
      data: { operationType: string; amount: number; reason: string }[];
    };
    expect(
      ledger.data
        .filter((t) => t.operationType === 'PAYMENT_DEPOSIT')
        .map((t) => [t.amount, t.reason])
        .sort(),
    ).toEqual(
      [
        [1_000, `Abono préstamo #${day.loans.first.num}`],
        [2_000, `Abono préstamo #${day.loans.second.num}`],
      ].sort(),
    );
  };
  await expectCaja();
  const payment = (id: string) => api.get(`/api/v1/payments/${id}/details`);
  expect((await payment(day.payments.cash1.id)).payment.status).toBe('PAID');
  expect((await payment(day.payments.cash2.id)).payment.status).toBe('PAID');
  expect((await payment(day.payments.transfer.id)).payment.status).toBe('REJECTED');

  // A second 'Confirmar corte' of the same day confirms nothing and moves no money.
  const { date } = await api.get(`/api/v1/cash-close?agentId=${day.agent.id}`);
  const again = await page.request.post('/api/v1/cash-close/confirm', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { agentId: day.agent.id, date, targetAccountId: day.caja.id },
  });
  expect(again.status()).toBe(200);
  expect((await again.json()).data).toEqual({ confirmed: 0, total: 0, paymentIds: [] });
  await expectCaja();

  // The printable summary: every payment, the cash handed in, the signature lines.
  const [summary] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Imprimir' }).click(),
  ]);
  await expect(summary.getByRole('heading', { name: 'Corte de caja', level: 1 })).toBeVisible();
  await expect(summary.getByRole('table', { name: 'Pagos del día' }).locator('tbody tr')).toHaveCount(3);
  await expect(summary.getByTestId('summary-cash')).toHaveText('$3,000.00');
  await expect(summary.getByText(new RegExp(`^Entregó: ${agentName}`))).toBeVisible();
  await summary.close();
});
