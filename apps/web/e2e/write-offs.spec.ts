import { expect, type Page, test } from '@playwright/test';
import { addDays, businessDate } from '@prestaya/domain';
import { curpOf, unique } from './support/data.ts';
import { expectNoSideScroll, openFromMenu, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, type StaffApi } from './support/staff-api.ts';
import { cellTexts, openRowAction, rowWithCell } from './support/tables.ts';

// Castigo (docs/product.md "Castigo"): an administrator writes off a $1,000 loan 'del pasado' requested
// 120 days ago (oldest installment 113 days past due, the policy's default is 90), then a payment on it
// is a recovery. Figures: 12 installments of $1,200 ÷ 12 = $100.00; registered today, so no fines:
// written off $1,200.00; one installment paid back, recovered $100.00.

const TODAY = businessDate(new Date(), 'America/Mexico_City');

async function lateLoan(api: StaffApi, id: string) {
  const account = await api.post('/api/v1/bank-accounts', {
    name: `Castigos ${id}`,
    bankName: 'Banorte',
    customerName: 'PrestaYa Oficina',
    balance: 5_000,
  });
  const customer = await api.post('/api/v1/customers', {
    name: 'Ramiro',
    lastName: `Castigo${id}`,
    phone: `57${id.slice(-8)}`,
    curp: curpOf('CARA', id),
  });
  const loan = await api.post(`/api/v1/customers/${customer.id}/loans`, {
    amount: 1_000,
    loanFromPast: true,
    requestDate: addDays(TODAY, -120),
  });
  await api.put(`/api/v1/loans/${loan.id}/approve`, {});
  await api.put(`/api/v1/loans/${loan.id}/activate`);
  return { account, customer, loan };
}

async function loanRow(page: Page, customerId: string, num: string) {
  await page.goto(`/admin/customers/${customerId}`);
  return rowWithCell(page.getByRole('table', { name: 'Préstamos' }), num);
}

test('an administrator writes off a loan 113 days past due; a later payment is a recovery', async ({
  page,
}) => {
  const id = unique();
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const { account, customer, loan } = await lateLoan(api, id);
  const num = String(loan.num);

  // Préstamos → Castigar: the reason is required; then confirmed.
  let row = await loanRow(page, customer.id, num);
  await openRowAction(page, row, 'Castigar');
  const dialog = page.getByRole('dialog', { name: 'Castigar préstamo' });
  await expect(dialog.getByText(`¿Confirma que desea castigar el préstamo No. ${num}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Castigar' }).click();
  await expect(dialog.getByText('El motivo es requerido')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Cliente ilocalizable desde hace tres meses');
  await dialog.getByRole('button', { name: 'Castigar' }).click();
  await expect(page.getByText('Préstamo castigado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  row = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), num);
  await expect(row.getByText('Castigado', { exact: true })).toBeVisible();

  // Its history names the write-off; its dialogs head with it.
  await openRowAction(page, row, 'Historial');
  const history = page.getByRole('dialog', { name: 'Historial' });
  await expect(history.getByText('Préstamo castigado')).toBeVisible();
  await expect(history.getByText(/Motivo: Cliente ilocalizable desde hace tres meses/)).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'Castigado' }).first()).toBeVisible();
  await history.getByRole('button', { name: 'Cerrar' }).click();

  // Pagar: installment 1 ($100.00), a recovery.
  await openRowAction(page, row, 'Pagar');
  const form = page.getByRole('dialog', { name: 'Registro de Pago' });
  await form.getByRole('checkbox', { name: 'Pago 1 de 12' }).check();
  await form.getByRole('button', { name: 'Registrar Pago por $100.00' }).click();
  await expect(page.getByText('Pago registrado correctamente!')).toBeVisible();
  await openRowAction(page, row, 'Pagos');
  const list = page.getByRole('dialog', { name: 'Lista de Pagos' });
  const listed = list.getByRole('table', { name: 'Pagos del préstamo' }).locator('tbody tr');
  await expect(listed).toHaveCount(1);
  expect((await cellTexts(listed.first())).slice(1, 4)).toEqual([
    '$100.00',
    'Efectivo',
    'Validando Recuperación',
  ]);
  await list.getByRole('button', { name: 'Cerrar' }).click();

  // Confirmed into the account: its Abono reads as a recovery.
  const [payment] = await api.get(`/api/v1/loans/${loan.id}/payments`);
  await api.patch(`/api/v1/payments/${payment.id}`, { status: 'PAID', targetAccountId: account.id });
  const ledger = await api.get(`/api/v1/bank-accounts/${account.id}/transactions?size=10`);
  expect(ledger[0]).toMatchObject({ amount: 100, reason: `Recuperación préstamo castigado #${num}` });

  // 'Cartera castigada': the loan, $1,200.00 written off, the reason, $100.00 recovered.
  await page.getByRole('navigation').getByRole('link', { name: 'Cartera castigada' }).click();
  await expect(page.getByRole('heading', { name: 'Cartera castigada', level: 1 })).toBeVisible();
  await page.getByPlaceholder('No. préstamo o cliente').fill(num);
  await page.getByPlaceholder('No. préstamo o cliente').press('Enter');
  const written = await rowWithCell(page.getByRole('table', { name: 'Préstamos castigados' }), num);
  const cells = await cellTexts(written);
  expect(cells[0]).toBe(num);
  expect(cells.slice(2, 6)).toEqual([
    '$1,200.00',
    cells[3] ?? '',
    'Cliente ilocalizable desde hace tres meses',
    '$100.00',
  ]);
  expect(cells[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  // The borrower's statement still opens.
  await page.goto(`/loans/${loan.id}`);
  await expect(page.getByText(`${num}`).first()).toBeVisible();
  await expect(page.getByText('Atrasado').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("'Cartera castigada' reads on a phone: each write-off a card, no sideways scroll", async ({
    page,
  }) => {
    const id = unique();
    await signInAsAdmin(page);
    const api = apiOf(page.request, await tokenOf(page));
    const { loan } = await lateLoan(api, id);
    await api.post(`/api/v1/loans/${loan.id}/write-off`, { reason: 'Se mudó sin dejar dirección' });

    await openFromMenu(page, 'Cartera castigada');
    await expect(page.getByRole('heading', { name: 'Cartera castigada', level: 1 })).toBeVisible();
    const search = page.getByPlaceholder('No. préstamo o cliente');
    await search.tap();
    await search.fill(String(loan.num));
    await search.press('Enter');
    const card = page.getByRole('row').filter({ hasText: `Castigo${id}` });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Castigado', { exact: true })).toBeVisible();
    await expect(card.getByText('$1,200.00').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Días de atraso para castigar/ })).toBeVisible();
    await expectNoSideScroll(page);
    await card.getByRole('button', { name: 'Acciones' }).tap();
    await page.getByRole('menuitem', { name: 'Ver cliente' }).tap();
    await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  });
});
