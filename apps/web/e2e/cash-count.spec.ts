import { expect, test } from '@playwright/test';
import { chooseAccount } from './support/accounts.ts';
import { curpOf, unique, uniqueEmail } from './support/data.ts';
import { expectFitsPhone, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { AGENT_PASSWORD, apiOf, createAgent, deliveredLoan } from './support/staff-api.ts';

// 'Contar efectivo' on a phone in the hand: the administrator counts an agent's cash by denomination,
// with touch, at 360 × 740, records a Faltante with its note and closes the day once.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('an admin counts an agent’s cash by tap at 360 px: Faltante with a note, the day closed once', async ({
  page,
}) => {
  test.slow(); // typing a dozen fields by touch on a shared machine
  await signInAsAdmin(page);
  const admin = apiOf(page.request, await tokenOf(page));
  const id = unique();
  const username = uniqueEmail('agente.conteo');
  const agent = await createAgent(admin, { lastName: `Conteo${id.slice(-6)}`, username, pin: '4826' });
  const { loan } = await deliveredLoan(admin, {
    account: { name: `Fondeo Conteo ${id}`, bankName: 'Banorte', customerName: 'PrestaYa' },
    customer: {
      name: `Irma${id}`,
      lastName: 'Conteo',
      phone: `58${id.slice(-8)}`.slice(0, 10),
      curp: curpOf('CNT', id),
      agentId: agent.id,
    },
  });
  // The agent takes $1,000 in cash today (installment 1 of 12 of a $10,000 loan).
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username, password: AGENT_PASSWORD },
  });
  const agentApi = apiOf(page.request, (await login.json()).access_token);
  const pending = await agentApi.get(`/api/v1/loans/${loan.id}/pending-payments`);
  await agentApi.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: [pending.scheduledPayments[0].id],
      feeIds: [],
      paymentMethod: 'CASH',
    }),
  });
  const caja = await admin.post('/api/v1/bank-accounts', {
    name: `Caja Conteo ${id}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa Oficina',
    balance: 500,
  });

  await page.goto(`/admin/cash-close?agentId=${agent.id}`);
  await expect(page.getByTestId('cash-total')).toHaveText('$1,000.00');
  await expectFitsPhone(page, 'Corte de caja');

  // Count: one $500 bill and two $200 bills — $900, $100 short.
  await page.getByRole('button', { name: 'Contar efectivo' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Contar efectivo' });
  await expect(dialog.getByTestId('count-expected')).toHaveText('$1,000.00');
  await dialog.getByRole('button', { name: 'Contar por denominación' }).tap();
  const pieces = dialog.getByRole('group', { name: 'Denominaciones' });
  await pieces.getByRole('textbox', { name: 'Billete $500' }).tap();
  await page.keyboard.type('1');
  await pieces.getByRole('textbox', { name: 'Billete $200' }).tap();
  await page.keyboard.type('2');
  await expect(dialog.getByRole('textbox', { name: /Efectivo contado/ })).toHaveValue('$900');
  await expect(dialog.getByTestId('count-difference')).toHaveText('Faltante $100.00');

  // The note is asked for before anything is sent.
  await dialog.getByRole('button', { name: 'Cerrar día' }).tap();
  await expect(dialog.getByText('Escriba una nota que explique el faltante o el sobrante')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Nota/ }).tap();
  await page.keyboard.type('Faltó un billete de 100');
  await chooseAccount(page, dialog, 'Cuenta destino', `Caja Conteo ${id}`, (target) => target.tap());
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(PHONE.width);

  await dialog.getByRole('button', { name: 'Cerrar día' }).tap();
  await expect(dialog.getByText(/no se puede volver a cerrar/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar día' }).tap();
  await expect(page.getByText('Día cerrado: Faltante $100.00')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The day reads Cerrado with the server's figures; no second close is offered.
  const closed = page.getByRole('region', { name: 'Cierre del día' });
  await expect(closed.getByTestId('day-closed')).toHaveText('Cerrado');
  await expect(closed.getByTestId('closure-expected')).toHaveText('$1,000.00');
  await expect(closed.getByTestId('closure-counted')).toHaveText('$900.00');
  await expect(closed.getByTestId('closure-difference')).toHaveText('Faltante $100.00');
  await expect(closed.getByTestId('closure-note')).toHaveText('Nota: Faltó un billete de 100');
  await expect(page.getByRole('button', { name: 'Cerrado' })).toBeDisabled();
  await expect(page.getByTestId('cash-pending')).toHaveText('$0.00');
  await expect(page.getByTestId('history-total')).toHaveText('−$100.00');
  await expectFitsPhone(page, 'Corte de caja');

  // The cash went into the account once; a second close of the day is refused and moves nothing.
  expect(await admin.get(`/api/v1/bank-accounts/${caja.id}`)).toMatchObject({
    balance: 1_500,
    realBalance: 1_500,
  });
  const { date } = await admin.get(`/api/v1/cash-close?agentId=${agent.id}`);
  const again = await page.request.post('/api/v1/cash-close/close', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { agentId: agent.id, date, targetAccountId: caja.id, counted: 1_000 },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).detail).toBe('El corte de caja de este agente y día ya está cerrado');
  expect(await admin.get(`/api/v1/bank-accounts/${caja.id}`)).toMatchObject({ balance: 1_500 });
});
