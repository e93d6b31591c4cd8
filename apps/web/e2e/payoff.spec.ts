import { type APIRequestContext, expect, test } from '@playwright/test';
import { curpOf, unique, uniqueWord } from './support/data.ts';
import { expectNoSideScroll, PHONE, tapToOpen } from './support/phone.ts';
import { signInAsAdmin } from './support/session.ts';
import { adminApi } from './support/staff-api.ts';
import { openRowAction, rowWithCell } from './support/tables.ts';

// Early payoff ('Liquidar') and renewal ('Renovar'). Hand-computed figures: a $10,000 loan at 20 % has
// 12 installments of $1,000; the specification's product has no payoff discount, so today's quote is
// the $12,000 that remains. After 8 installments paid (the product's renewal threshold), the payoff is
// $4,000 and a renewal of $15,000 hands over $11,000 in cash.

async function loanFor(request: APIRequestContext, paidInstallments = 0) {
  const admin = await adminApi(request);
  const id = unique();
  const account = await admin.post('/api/v1/bank-accounts', {
    name: `Caja Liquidación ${id}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa',
    balance: 50_000,
  });
  const customer = await admin.post('/api/v1/customers', {
    name: uniqueWord(),
    lastName: `Liquida${id}`,
    phone: `56${id.slice(-8)}`,
    curp: curpOf('LILI', id),
  });
  const created = await admin.post(`/api/v1/customers/${customer.id}/loans`, { amount: 10_000 });
  await admin.put(`/api/v1/loans/${created.id}/approve`, { bankAccountId: account.id });
  const loan = await admin.put(`/api/v1/loans/${created.id}/activate`);
  if (paidInstallments > 0) {
    const schedule: { id: string }[] = await admin.get(`/api/v1/loans/${loan.id}/scheduled-payments`);
    const payment = await admin.multipart(`/api/v1/loans/${loan.id}/payments`, {
      paymentRequest: JSON.stringify({
        scheduledPaymentIds: schedule.slice(0, paidInstallments).map((s) => s.id),
        paymentMethod: 'CASH',
      }),
    });
    await admin.patch(`/api/v1/payments/${payment.id}`, { status: 'PAID', targetAccountId: account.id });
  }
  return { admin, account, customerId: customer.id as string, loan };
}

test('desktop: the day’s payoff quote, printed, then paid off', async ({ page, context, request }) => {
  const { admin, account, customerId, loan } = await loanFor(request);
  await signInAsAdmin(page);
  await page.goto(`/admin/customers/${customerId}`);
  const row = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
  await openRowAction(page, row, 'Liquidar');
  const dialog = page.getByRole('dialog', { name: 'Liquidación anticipada' });
  await expect(dialog.getByTestId('payoff-quote-total')).toHaveText('$12,000.00');

  const [printed] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Imprimir cotización' }).click(),
  ]);
  await expect(printed.getByRole('heading', { name: 'Cotización de liquidación anticipada' })).toBeVisible();
  await expect(printed.getByTestId('payoff-total')).toContainText('$12,000.00');
  await printed.close();

  await dialog.getByRole('button', { name: 'Registrar liquidación por $12,000.00' }).click();
  await expect(page.getByText('Liquidación registrada; queda en validación')).toBeVisible();
  const [payment] = (await admin.get(`/api/v1/loans/${loan.id}/payments`)) as { id: string; kind: string }[];
  expect(payment?.kind).toBe('PAYOFF');
  await admin.patch(`/api/v1/payments/${payment?.id}`, { status: 'PAID', targetAccountId: account.id });
  expect(await admin.get(`/api/v1/loans/${loan.id}`)).toMatchObject({ status: 'PAID', currentBalance: 0 });
});

test('desktop: a renewal delivered from the Lista Global hands over only the difference', async ({
  page,
  request,
}) => {
  const { admin, account, loan } = await loanFor(request, 8);
  const renewal = await admin.post(`/api/v1/customers/${loan.customer.id}/loans`, {
    amount: 15_000,
    renewsLoanId: loan.id,
  });
  await admin.put(`/api/v1/loans/${renewal.id}/approve`, { bankAccountId: account.id });
  await signInAsAdmin(page);
  await page.goto('/admin/loans');
  const search = page.getByPlaceholder('No. préstamo o cliente');
  await search.fill(String(renewal.num));
  await search.press('Enter');
  const row = await rowWithCell(
    page.getByRole('table', { name: 'Lista Global de Préstamos' }),
    String(renewal.num),
  );
  await openRowAction(page, row, 'Entregar');
  const delivery = page.getByRole('dialog', { name: 'Confirmar Entrega de Efectivo' });
  await expect(delivery.getByTestId('renewal-delivery')).toContainText(
    `Renovación del préstamo No. ${loan.num}: se liquida con $4,000.00 del monto. Confirme que entregó $11,000.00`,
  );
  await delivery.getByRole('button', { name: 'Entregar' }).click();
  await expect(page.getByText('El préstamo fue entregado y está activo')).toBeVisible();
  expect(await admin.get(`/api/v1/loans/${loan.id}`)).toMatchObject({ status: 'PAID', currentBalance: 0 });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a renewal with taps at 360×740: payoff and cash to hand over, then delivered', async ({
    page,
    request,
  }) => {
    const { admin, account, customerId, loan } = await loanFor(request, 8);
    await signInAsAdmin(page);
    await page.goto(`/admin/customers/${customerId}`);
    const row = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
    const dialog = page.getByRole('dialog', { name: 'Renovar préstamo' });
    await tapToOpen(row.getByRole('button', { name: 'Acciones' }), page.getByRole('menu'));
    await tapToOpen(page.getByRole('menuitem', { name: 'Renovar', exact: true }), dialog);
    await expect(dialog.getByTestId('payoff-quote-total')).toHaveText('$4,000.00');
    const amount = dialog.getByRole('textbox', { name: 'Monto del préstamo nuevo' });
    await amount.tap();
    await amount.fill('15000');
    await expect(dialog.getByTestId('renewal-cash')).toContainText('Efectivo a entregar: $11,000.00');
    await expectNoSideScroll(page);
    await dialog.getByRole('button', { name: 'Solicitar renovación' }).tap();
    await expect(dialog).toBeHidden();

    const loans = (await admin.get(`/api/v1/customers/${customerId}/loans`)) as {
      data?: { id: string; status: string; renewsLoanId?: string }[];
    };
    const renewal = (Array.isArray(loans) ? loans : (loans.data ?? [])).find((l) => l.status === 'PENDING');
    expect(renewal?.renewsLoanId).toBe(loan.id);
    await admin.put(`/api/v1/loans/${renewal?.id}/approve`, { bankAccountId: account.id });
    await admin.put(`/api/v1/loans/${renewal?.id}/activate`);
    expect(await admin.get(`/api/v1/loans/${loan.id}`)).toMatchObject({ status: 'PAID', currentBalance: 0 });
    const moves = (await admin.get(`/api/v1/bank-accounts/${account.id}/transactions?size=5`)) as
      | { reason: string; amount: number }[]
      | { data: { reason: string; amount: number }[] };
    const rows = Array.isArray(moves) ? moves : moves.data;
    expect(rows.map((m) => [m.reason, m.amount])).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^Entrega préstamo #\d+ \(renueva #\d+\)$/), 15_000],
        [`Liquidación por renovación préstamo #${loan.num}`, 4_000],
      ]),
    );
  });
});
