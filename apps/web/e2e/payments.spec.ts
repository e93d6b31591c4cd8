import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseAccount } from './support/accounts.ts';
import { curpOf, unique } from './support/data.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, deliveredLoan } from './support/staff-api.ts';
import { accountRow, cellTexts, installmentsOf, openRowAction, rowWithCell } from './support/tables.ts';

// A payment's whole path: a TRANSFER payment with a proof image for installments 1 and 2 of
// a delivered $10,000 loan, confirmed into the account it came from. Hand-computed figures:
//   account opened with $20,000.00 → approval reserves $10,000 (Saldo $10,000, Real $20,000) →
//   delivery takes it out (Saldo $10,000, Real $10,000) → Abono of 2 × $1,000.00 = $2,000.00
//   (Saldo $12,000, Real $12,000); loan balance 12 × $1,000.00 − $2,000.00 = $10,000.00.

const PROOF = fileURLToPath(new URL('./fixtures/comprobante.png', import.meta.url));

async function expectAccountBalances(page: Page, name: string, balance: string, realBalance: string) {
  const row = await accountRow(page, name);
  await expect(row.getByRole('cell').nth(1)).toHaveText(balance);
  await expect(row.getByRole('cell').nth(2)).toHaveText(realBalance);
  return row;
}

/** The customer's only loan row in the Préstamos tab of CustomerDetails. */
async function customerLoanRow(page: Page, customerId: string, num: string): Promise<Locator> {
  await page.goto(`/admin/customers/${customerId}`);
  await expect(page.getByRole('tab', { name: 'Préstamos' })).toHaveAttribute('aria-selected', 'true');
  return rowWithCell(page.getByRole('table', { name: 'Préstamos' }), num);
}

test('a TRANSFER payment with a proof image for installments 1–2, confirmed into the account', async ({
  page,
}) => {
  const id = unique();
  const accountName = `Banco ${id}`;
  const customerName = `Rosa Pago${id}`;

  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));

  // Set-up through the API (the bank-accounts, customers and loans journeys cover these screens).
  const { account, customer, loan } = await deliveredLoan(api, {
    account: { name: accountName, bankName: 'Banorte', customerName: 'PrestaYa Oficina', balance: 20_000 },
    customer: {
      name: customerName,
      lastName: 'Méndez',
      secondLastName: 'Luna',
      phone: `56${id.slice(-8)}`,
      curp: curpOf('MELR', id),
    },
  });
  expect(loan.status).toBe('ACTIVE');
  expect(loan.currentBalance).toBe(12_000);
  const num = String(loan.num);
  await expectAccountBalances(page, accountName, '$10,000.00', '$10,000.00');

  // Customer details → Préstamos → Pagar → 'Registro de Pago'.
  let loanRow = await customerLoanRow(page, customer.id, num);
  await openRowAction(page, loanRow, 'Pagar');
  const form = page.getByRole('dialog', { name: 'Registro de Pago' });
  const pending = form.getByRole('table', { name: 'Pagos pendientes' }).locator('tbody tr');
  await expect(pending).toHaveCount(12);
  const total = form.getByTestId('payment-form-total');
  await expect(total).toHaveText('$0.00');
  await expect(form.getByRole('button', { name: 'Registrar Pago' })).toBeDisabled();
  // Ticking #2 ticks #1 too (oldest first); #3 stays unticked.
  await form.getByRole('checkbox', { name: 'Pago 2 de 12' }).check();
  await expect(form.getByRole('checkbox', { name: 'Pago 1 de 12' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Pago 3 de 12' })).not.toBeChecked();
  await expect(total).toHaveText('$2,000.00');

  await expect(form.getByText('Click para elegir imagen o suelta una imagen aqui')).toBeHidden();
  await form.getByRole('radio', { name: 'Transferencia' }).check();
  await expect(form.getByText('Click para elegir imagen o suelta una imagen aqui')).toBeVisible();
  await form.getByLabel('Comprobante de pago').setInputFiles(PROOF);
  await expect(form.getByText('comprobante.png')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Vista previa del comprobante' })).toBeVisible();
  await form.getByRole('button', { name: 'Registrar Pago por $2,000.00' }).click();
  await expect(page.getByText('Pago registrado correctamente!')).toBeVisible();
  await expect(form).toBeHidden();

  // 'Lista de Pagos' shows it, still Validando.
  await openRowAction(page, loanRow, 'Pagos');
  const list = page.getByRole('dialog', { name: 'Lista de Pagos' });
  const listed = list.getByRole('table', { name: 'Pagos del préstamo' }).locator('tbody tr');
  await expect(listed).toHaveCount(1);
  expect((await cellTexts(listed.first())).slice(1, 4)).toEqual(['$2,000.00', 'Transferencia', 'Validando']);
  await list.getByRole('button', { name: 'Cerrar' }).click();

  // Pagos Recibidos → Ver.
  await page.getByRole('navigation').getByRole('link', { name: 'Pagos' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole('heading', { name: 'Pagos Recibidos', level: 1 })).toBeVisible();
  await page.getByPlaceholder('No. préstamo o cliente').fill(num);
  await page.getByPlaceholder('No. préstamo o cliente').press('Enter');
  const paymentRow = await rowWithCell(page.getByRole('table', { name: 'Pagos Recibidos' }), num);
  expect((await cellTexts(paymentRow)).slice(0, 6)).toEqual([
    num,
    `${customerName} Méndez`,
    '$2,000.00',
    'Transferencia',
    '—',
    'Validando',
  ]);
  await openRowAction(page, paymentRow, 'Ver');
  await expect(page).toHaveURL(/\/admin\/payments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Detalle del Pago', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Validando');
  await expect(page.getByTestId('payment-date')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByText(`${customerName} Méndez Luna`)).toBeVisible();
  await expect(page.getByTestId('payment-total-installments')).toHaveText('$2,000.00');
  await expect(page.getByTestId('payment-total-fees')).toHaveText('$0.00');
  await expect(page.getByTestId('payment-total')).toHaveText('$2,000.00');
  const lines = page.getByRole('table', { name: 'Conceptos del pago' }).locator('tbody tr');
  await expect(lines).toHaveCount(2);
  for (const [index, concept] of ['Pago 1 de 12', 'Pago 2 de 12'].entries()) {
    const cells = await cellTexts(lines.nth(index));
    expect(cells.slice(0, 3)).toEqual([concept, '$1,000.00', 'Pago']);
    expect(cells[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  }

  // The proof image really loads through its signed link, and opens in the zoomable gallery.
  const proof = page
    .getByRole('list', { name: 'Comprobantes' })
    .getByRole('img', { name: 'Comprobante de pago' });
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 10_000,
    })
    .toBe(320);
  await page.getByRole('button', { name: 'Comprobante de pago: ampliar' }).click();
  const lightbox = page.locator('.pswp');
  await expect(lightbox).toBeVisible();
  await expect(lightbox.locator('img.pswp__img').first()).toBeVisible();
  // PhotoSwipe ignores Escape until its opening animation has ended: retry like an impatient user.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden({ timeout: 1000 });
  }).toPass();

  // Confirmar Pago: without an account the alert; then into the account.
  await page.getByRole('button', { name: 'Confirmar Pago' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Aceptar CONFIRMACIÓN del pago?' });
  await confirm.getByRole('button', { name: 'Aceptar' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Seleccione la cuenta donde ingresó el pago');
  await chooseAccount(
    page,
    confirm,
    'Cuenta destino',
    accountName,
    (target) => target.click(),
    `${accountName} — Saldo $10,000.00`,
  );
  await confirm.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Pago confirmado correctamente')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('payment-status')).toHaveText('Confirmado');
  await expect(page.getByRole('button', { name: 'Confirmar Pago' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rechazar Pago' })).toBeHidden();

  // The account: Saldo and Saldo Real $12,000.00, and the Abono of +$2,000.00 on top of its ledger.
  const accountLine = await expectAccountBalances(page, accountName, '$12,000.00', '$12,000.00');
  await openRowAction(page, accountLine, 'Transacciones');
  await expect(page).toHaveURL(new RegExp(`/admin/bank-accounts/${account.id}/transactions$`));
  await expect(page.getByTestId('account-balance')).toHaveText('$12,000.00');
  await expect(page.getByTestId('account-real-balance')).toHaveText('$12,000.00');
  const ledger = page.getByRole('table', { name: 'Transacciones' }).locator('tbody tr');
  await expect(ledger).toHaveCount(4);
  const abono = await cellTexts(ledger.first());
  expect(abono.slice(1, 3)).toEqual(['$10,000.00', '$10,000.00']);
  expect(abono[3]).toBe('+$2,000.00');
  expect(abono[4]).toMatch(/^Abono\b/);
  expect(abono.slice(5, 7)).toEqual(['$12,000.00', '$12,000.00']);

  // The loan: Saldo $10,000.00 (12 × $1,000.00 − $2,000.00), installments 1–2 Pagado, 3–12 Pendiente.
  loanRow = await customerLoanRow(page, customer.id, num);
  await expect(loanRow.getByRole('cell').nth(5)).toHaveText('$10,000.00');
  await expect(page.getByTestId('customer-balance')).toHaveText('$10,000.00');
  for (const [index, cells] of (await installmentsOf(page, loanRow)).entries()) {
    const k = index + 1;
    expect([cells[1], cells.at(-1)]).toEqual([`Pago ${k} de 12`, k <= 2 ? 'Pagado' : 'Pendiente']);
  }

  // The same figures straight from the API.
  const after = await api.get(`/api/v1/loans/${loan.id}`);
  expect(after.currentBalance).toBe(10_000);
  const schedule: { paymentNumber: number; status: string }[] = await api.get(
    `/api/v1/loans/${loan.id}/scheduled-payments`,
  );
  expect(schedule.map((p) => p.status)).toEqual([...Array(2).fill('PAID'), ...Array(10).fill('PENDING')]);
  const accountAfter = await api.get(`/api/v1/bank-accounts/${account.id}`);
  expect([accountAfter.balance, accountAfter.realBalance]).toEqual([12_000, 12_000]);
});
