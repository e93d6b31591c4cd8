import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { chooseAccount } from './support/accounts.ts';
import { curpOf, unique, uniqueWord } from './support/data.ts';
import { expectNoSideScroll, PHONE } from './support/phone.ts';
import { signInAsAdmin } from './support/session.ts';
import { adminApi } from './support/staff-api.ts';
import { rowWithCell } from './support/tables.ts';

// Renewal ('Renovación') from request to delivery, all on screen. Hand-computed figures: a $10,000 loan
// at 20 % has 12 installments of $1,000; after 8 paid (the product's renewal threshold) its payoff is
// the $4,000 that remains (no payoff discount). A renewal of $15,000 settles it and hands over $11,000:
// the account's ledger shows the Abono of $4,000 and the Entrega of the whole $15,000.

/** A customer whose $10,000 loan has 8 installments paid and confirmed, from an account of its own. */
async function renewableLoan(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const account = await admin.post('/api/v1/bank-accounts', {
    name: `Caja Renovación ${id}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa',
    balance: 50_000,
  });
  const customer = await admin.post('/api/v1/customers', {
    name: uniqueWord(),
    lastName: `Renueva${id}`,
    phone: `57${id.slice(-8)}`,
    curp: curpOf('RERN', id),
  });
  const created = await admin.post(`/api/v1/customers/${customer.id}/loans`, { amount: 10_000 });
  await admin.put(`/api/v1/loans/${created.id}/approve`, { bankAccountId: account.id });
  const loan = await admin.put(`/api/v1/loans/${created.id}/activate`);
  const schedule: { id: string }[] = await admin.get(`/api/v1/loans/${loan.id}/scheduled-payments`);
  const payment = await admin.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: schedule.slice(0, 8).map((s) => s.id),
      paymentMethod: 'CASH',
    }),
  });
  await admin.patch(`/api/v1/payments/${payment.id}`, { status: 'PAID', targetAccountId: account.id });
  return { admin, account, customerId: customer.id as string, num: String(loan.num), loanId: loan.id };
}

type Press = (target: Locator) => Promise<void>;

/**
 * 'Solicitar' offers the renewal of the loan in progress; its dialog shows the payoff and the cash to
 * hand over, and requests it. Answers the new loan's number, read from the customer's list.
 */
async function requestRenewal(page: Page, customerId: string, num: string, press: Press) {
  await page.goto(`/admin/customers/${customerId}`);
  const loans = page.getByRole('table', { name: 'Préstamos' });
  await expect(await rowWithCell(loans, num)).toContainText('Al corriente');
  const form = page.getByRole('dialog', { name: 'Nueva solicitud de Préstamo' });
  await tapOrClickToOpen(press, page.getByRole('button', { name: 'Solicitar' }), form);
  await expect(form.getByTestId('renewal-offer')).toContainText(`préstamo No. ${num} en curso`);
  const dialog = page.getByRole('dialog', { name: 'Renovar préstamo' });
  await tapOrClickToOpen(press, form.getByRole('button', { name: `Renovar préstamo No. ${num}` }), dialog);
  await expect(form).toBeHidden();
  await expect(dialog.getByTestId('payoff-quote-total')).toHaveText('$4,000.00');
  const amount = dialog.getByRole('textbox', { name: 'Monto del préstamo nuevo' });
  await press(amount);
  await amount.fill('15000');
  await expect(dialog.getByTestId('renewal-cash')).toContainText(
    `Liquidación del préstamo ${num}: $4,000.00 · Efectivo a entregar: $11,000.00`,
  );
  await expect(dialog.getByTestId('renewal-terms')).toContainText('12 pagos semanales de $1,500.00');
  await press(dialog.getByRole('button', { name: 'Solicitar renovación' }));
  await expect(page.getByText('Renovación solicitada; se entrega al aprobarla y entregarla')).toBeVisible();
  await expect(dialog).toBeHidden();
  const pending = loans.getByRole('row').filter({ hasText: 'En espera' });
  await expect(pending).toHaveCount(1);
  // On a phone the cell carries its column's name too ('No.').
  const cell = await pending.getByRole('cell').first().innerText();
  return cell.match(/\d+/)?.[0] ?? '';
}

/** Presses `trigger` until `dialog` is open (e2e/support/phone.ts tapToOpen, for a click or a tap). */
async function tapOrClickToOpen(press: Press, trigger: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await press(trigger);
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** 'Aprobar' from the Lista Global choosing the account, then 'Entregar' with the renewal's cash. */
async function approveAndDeliver(
  page: Page,
  renewalNum: string,
  num: string,
  accountName: string,
  press: Press,
) {
  await page.goto('/admin/loans');
  const search = page.getByPlaceholder('No. préstamo o cliente');
  await search.fill(renewalNum);
  await search.press('Enter');
  const row = await rowWithCell(page.getByRole('table', { name: 'Lista Global de Préstamos' }), renewalNum);
  const approval = page.getByRole('dialog', { name: 'Aprobación de Préstamo' });
  await press(row.getByRole('button', { name: 'Acciones' }));
  await tapOrClickToOpen(press, page.getByRole('menuitem', { name: 'Aprobar', exact: true }), approval);
  await chooseAccount(page, approval, 'Cuenta de retiro', accountName, press);
  await press(approval.getByRole('button', { name: 'Aprobar' }));
  await expect(page.getByText('El préstamo ha sido aprobado')).toBeVisible();
  await expect(approval).toBeHidden();

  const delivery = page.getByRole('dialog', { name: 'Confirmar Entrega de Efectivo' });
  await press(row.getByRole('button', { name: 'Acciones' }));
  await tapOrClickToOpen(press, page.getByRole('menuitem', { name: 'Entregar', exact: true }), delivery);
  await expect(delivery.getByTestId('renewal-delivery')).toContainText(
    `Renovación del préstamo No. ${num}: se liquida con $4,000.00 del monto. Confirme que entregó $11,000.00`,
  );
  await press(delivery.getByRole('button', { name: 'Entregar' }));
  await expect(page.getByText('El préstamo fue entregado y está activo')).toBeVisible();
  await expect(delivery).toBeHidden();
}

/** The old loan reads 'Sin Adeudo' and the account's ledger shows the settlement and the Entrega. */
async function expectSettled(
  page: Page,
  customerId: string,
  accountId: string,
  num: string,
  renewalNum: string,
) {
  await page.goto(`/admin/customers/${customerId}`);
  const loans = page.getByRole('table', { name: 'Préstamos' });
  await expect(await rowWithCell(loans, num)).toContainText('Sin Adeudo');
  await expect(await rowWithCell(loans, renewalNum)).toContainText('Al corriente');
  await page.goto(`/admin/bank-accounts/${accountId}/transactions`);
  const ledger = page.getByRole('table', { name: 'Transacciones' });
  const settlement = ledger
    .getByRole('row')
    .filter({ hasText: `Liquidación por renovación préstamo #${num}` });
  await expect(settlement).toContainText('+$4,000.00');
  const delivery = ledger
    .getByRole('row')
    .filter({ hasText: `Entrega préstamo #${renewalNum} (renueva #${num})` });
  await expect(delivery).toContainText('−$15,000.00');
}

test('desktop: Solicitar offers the renewal; delivered, the old loan is paid and the ledger shows both', async ({
  page,
  request,
}) => {
  const { admin, account, customerId, num, loanId } = await renewableLoan(request);
  const click: Press = (target) => target.click();
  await signInAsAdmin(page);
  const renewalNum = await requestRenewal(page, customerId, num, click);
  await approveAndDeliver(page, renewalNum, num, account.name, click);
  await expectSettled(page, customerId, account.id, num, renewalNum);
  expect(await admin.get(`/api/v1/loans/${loanId}`)).toMatchObject({ status: 'PAID', currentBalance: 0 });
  // $50,000 − $10,000 + $8,000 paid; then $15,000 out and $4,000 back: $11,000 handed over.
  expect(await admin.get(`/api/v1/bank-accounts/${account.id}`)).toMatchObject({ realBalance: 37_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the same renewal with taps at 360×740', async ({ page, request }) => {
    const { admin, account, customerId, num, loanId } = await renewableLoan(request);
    const tap: Press = (target) => target.tap();
    await signInAsAdmin(page);
    const renewalNum = await requestRenewal(page, customerId, num, tap);
    await expectNoSideScroll(page);
    await approveAndDeliver(page, renewalNum, num, account.name, tap);
    await expectSettled(page, customerId, account.id, num, renewalNum);
    await expectNoSideScroll(page);
    expect(await admin.get(`/api/v1/loans/${loanId}`)).toMatchObject({ status: 'PAID', currentBalance: 0 });
  });
});
