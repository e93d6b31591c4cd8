import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, businessDate } from '@prestaya/domain';
import { curpOf, unique, uniqueWord } from './support/data.ts';
import { expectNoSideScroll, PHONE, tapToOpen } from './support/phone.ts';
import { signInAsAdmin } from './support/session.ts';
import { adminApi } from './support/staff-api.ts';
import { cellTexts, rowWithCell } from './support/tables.ts';

// An administrator restructures a delayed loan ('Reestructurar'): chooses what happens to the fines and
// the number of weeks, reads the server's new schedule before confirming, and then sees the closed
// installments as 'Reestructurado', the new ones, and the loan marked 'Reestructurado' in the lists.

const TODAY = businessDate(new Date(), 'America/Mexico_City');
const REASON = 'El cliente perdió su empleo';

/**
 * A $10,000 loan 'del pasado' requested 20 days ago (12 × $1,000.00), installment 1 paid and confirmed:
 * the confirmation recomputes it, and installment 2 is past due, so it is DELAYED ('Atrasado').
 */
async function delayedLoan(request: APIRequestContext) {
  const admin = await adminApi(request);
  const id = unique();
  const account = await admin.post('/api/v1/bank-accounts', {
    name: `Caja ${id}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa',
    balance: 100,
  });
  const customer = await admin.post('/api/v1/customers', {
    name: uniqueWord(),
    lastName: `Reestructura${id}`,
    phone: `55${id.slice(-8)}`,
    curp: curpOf('RERE', id),
  });
  const loan = await admin.post(`/api/v1/customers/${customer.id}/loans`, {
    amount: 10_000,
    loanFromPast: true,
    requestDate: addDays(TODAY, -20),
  });
  await admin.put(`/api/v1/loans/${loan.id}/approve`, {});
  await admin.put(`/api/v1/loans/${loan.id}/activate`);
  const schedule: { id: string }[] = await admin.get(`/api/v1/loans/${loan.id}/scheduled-payments`);
  const payment = await admin.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({ scheduledPaymentIds: [schedule[0]?.id], paymentMethod: 'CASH' }),
  });
  await admin.patch(`/api/v1/payments/${payment.id}`, { status: 'PAID', targetAccountId: account.id });
  const delayed = await admin.get(`/api/v1/loans/${loan.id}`);
  expect(delayed.status).toBe('DELAYED');
  return { customerId: customer.id as string, loanId: loan.id as string, num: String(loan.num) };
}

/** The loan's row on its customer's 'Préstamos' tab. */
async function loanRowOf(page: Page, customerId: string, num: string): Promise<Locator> {
  await page.goto(`/admin/customers/${customerId}`);
  return rowWithCell(page.getByRole('table', { name: 'Préstamos' }), num);
}

type Press = (target: Locator) => Promise<void>;

/** Restructures the loan of `row` over 6 weeks, condoning the fines, and checks what it shows. */
async function restructureFrom(page: Page, row: Locator, press: Press) {
  const dialog = page.getByRole('dialog', { name: 'Reestructurar préstamo' });
  await press(row.getByRole('button', { name: 'Acciones' }));
  await press(page.getByRole('menuitem', { name: 'Reestructurar', exact: true }));
  await expect(dialog).toBeVisible();

  await press(dialog.getByRole('radio', { name: 'Condonar multas' }));
  const weeks = dialog.getByRole('textbox', { name: /Número de pagos semanales/ });
  await weeks.fill('6');
  const schedule = dialog.getByRole('table', { name: 'Nuevo calendario de pagos' }).locator('tbody tr');
  await expect(schedule).toHaveCount(6);
  const summary = dialog.getByLabel('Resumen de la reestructura');
  await expect(summary).toContainText('Se cierran 11 pagos sin pagar');
  await expect(summary).toContainText('Total a reestructurar: $11,000.00');
  const first = await cellTexts(schedule.first());
  expect(first.join(' ')).toContain('Reestructura · Pago 1 de 6');
  expect(first.join(' ')).toContain('$1,833.33');
  expect((await cellTexts(schedule.last())).join(' ')).toContain('$1,833.35');

  // The reason is required: without it nothing is sent.
  await press(dialog.getByRole('button', { name: 'Confirmar reestructura' }));
  await expect(dialog.getByText('El motivo es requerido')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill(REASON);
  await press(dialog.getByRole('button', { name: 'Confirmar reestructura' }));
  await expect(page.getByText(/fue reestructurado$/)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The loan row carries the mark, and its calendar shows the closed and the new installments. */
async function expectRestructured(page: Page, row: Locator, press: Press) {
  await expect(row.getByText('Reestructurado', { exact: true })).toBeVisible();
  await press(row.getByRole('button', { name: 'Acciones' }));
  await press(page.getByRole('menuitem', { name: 'Calendario', exact: true }));
  const calendar = page.getByRole('dialog', { name: 'Calendario de Pagos' });
  const lines = calendar.getByRole('table', { name: 'Calendario de pagos' }).locator('tbody tr');
  await expect(lines).toHaveCount(18);
  await expect(calendar.getByLabel('Resumen del préstamo').getByText('Reestructurado')).toBeVisible();
  expect((await cellTexts(lines.nth(0))).join(' ')).toContain('Pagado');
  expect((await cellTexts(lines.nth(1))).join(' ')).toContain('Reestructurado');
  expect((await cellTexts(lines.nth(11))).join(' ')).toContain('Reestructurado');
  const firstNew = (await cellTexts(lines.nth(12))).join(' ');
  expect(firstNew).toContain('Reestructura · Pago 1 de 6');
  expect(firstNew).toContain('Pendiente');
  return calendar;
}

test('an administrator restructures a delayed loan and sees the new schedule and the mark', async ({
  page,
  request,
}) => {
  const { customerId, num } = await delayedLoan(request);
  await signInAsAdmin(page);
  const click: Press = (target) => target.click();
  const row = await loanRowOf(page, customerId, num);
  await restructureFrom(page, row, click);
  const calendar = await expectRestructured(page, row, click);
  await calendar.getByRole('button', { name: 'Cerrar' }).click();

  // The Lista Global marks it too, and its history names the restructuring.
  await page.goto('/admin/loans');
  const search = page.getByPlaceholder('No. préstamo o cliente');
  await search.fill(num);
  await search.press('Enter');
  const listed = await rowWithCell(page.getByRole('table', { name: 'Lista Global de Préstamos' }), num);
  // One mark in view: on a desktop beside the status (the copy folded under the name is for phones).
  await expect(listed.getByText('Reestructurado', { exact: true }).filter({ visible: true })).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the same restructuring with taps, at 360×740', async ({ page, request }) => {
    const { customerId, num } = await delayedLoan(request);
    await signInAsAdmin(page);
    const tap: Press = (target) => target.tap();
    const row = await loanRowOf(page, customerId, num);
    const dialog = page.getByRole('dialog', { name: 'Reestructurar préstamo' });
    // Open once with the re-tapping helper (a list re-rendering can take a tap), then the journey.
    await tapToOpen(row.getByRole('button', { name: 'Acciones' }), page.getByRole('menu'));
    await tapToOpen(page.getByRole('menuitem', { name: 'Reestructurar', exact: true }), dialog);
    await expect(dialog.getByRole('table', { name: 'Nuevo calendario de pagos' })).toBeVisible();
    await expectNoSideScroll(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await expect(dialog).toBeHidden();

    await restructureFrom(page, row, tap);
    await expectNoSideScroll(page);
    await expectRestructured(page, row, tap);
    await expectNoSideScroll(page);
  });
});
