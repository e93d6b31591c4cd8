import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseAccount } from './support/accounts.ts';
import { curpOf, unique } from './support/data.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { accountRow, cellTexts, installmentsOf, openRowAction, rowWithCell } from './support/tables.ts';

// A loan's whole path: an account with $50,000, a $10,000 loan requested for a customer,
// approved from that account (Reserva), delivered (Entrega) and its 12 weekly installments.

async function createAccountThroughTheUi(page: Page, name: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Cuentas' }).click();
  await expect(page.getByRole('heading', { name: 'Cuentas Bancarias' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar Cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Cuenta' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Banco').fill('Efectivo');
  await dialog.getByLabel('Titular').fill('PrestaYa Oficina');
  await dialog.getByLabel('Saldo inicial').fill('50000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta creada')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function loanRowInGlobalList(page: Page, num: string): Promise<Locator> {
  await page.getByRole('navigation').getByRole('link', { name: 'Préstamos' }).click();
  await expect(page).toHaveURL(/\/admin\/loans$/);
  await expect(page.getByRole('heading', { name: 'Lista Global de Préstamos', level: 1 })).toBeVisible();
  const search = page.getByPlaceholder('No. préstamo o cliente');
  await search.fill(num);
  await search.press('Enter');
  return rowWithCell(page.getByRole('table', { name: 'Lista Global de Préstamos' }), num);
}

test('request a $10,000 loan, approve it from a $50,000 account, deliver it and see the 12 installments', async ({
  page,
  context,
}) => {
  const id = unique();
  const accountName = `Caja ${id}`;
  const customerName = `Lucía Préstamo${id}`;

  await signInAsAdmin(page);
  await createAccountThroughTheUi(page, accountName);

  // A customer, registered through the API with the admin's token (the customers journey covers the UI).
  const created = await page.request.post('/api/v1/customers', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: {
      name: customerName,
      lastName: 'Ramírez',
      secondLastName: 'Soto',
      phone: `55${id.slice(-8)}`,
      curp: curpOf('RASL', id),
    },
  });
  expect(created.status()).toBe(201);
  const customerId = (await created.json()).data.id as string;

  // Préstamos tab → Solicitar → 'Nueva solicitud de Préstamo'.
  await page.goto(`/admin/customers/${customerId}`);
  await expect(page.getByRole('heading', { name: `${customerName} Ramírez Soto`, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Préstamos' })).toHaveAttribute('aria-selected', 'true');
  const loans = page.getByRole('table', { name: 'Préstamos' });
  await expect(page.getByText('Este cliente aún no tiene préstamos')).toBeVisible();
  await page.getByRole('button', { name: 'Solicitar' }).click();
  const request = page.getByRole('dialog', { name: 'Nueva solicitud de Préstamo' });
  await expect(request.getByRole('combobox', { name: 'Estatus' })).toBeDisabled();
  await expect(request.getByRole('combobox', { name: 'Estatus' })).toHaveValue('En espera');
  await expect(request.getByText('Evita salida de dinero de las cuentas')).toBeVisible();
  await request.getByLabel('Monto').fill('10000');
  await expect(request.getByLabel('Multa semanal')).toHaveValue('$1,000.00');
  await expect(request.getByLabel('Pago semanal')).toHaveValue('$1,000.00');
  await expect(request.getByLabel('Total a pagar')).toHaveValue('$12,000.00');
  await request.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Préstamo creado')).toBeVisible();
  await expect(request).toBeHidden();

  const loanRow = loans.getByRole('row').filter({ hasText: 'En espera' });
  await expect(loanRow).toHaveCount(1);
  const [num = '', , , amount] = await cellTexts(loanRow);
  expect(num).toMatch(/^\d{4,}$/);
  expect(amount).toBe('$10,000.00');
  await expect(page.getByTestId('customer-loan-status')).toContainText('En espera');

  // Aprobar from the global list, choosing the new account: Saldo $40,000, Saldo Real $50,000.
  let row = await loanRowInGlobalList(page, num);
  await openRowAction(page, row, 'Aprobar');
  const approval = page.getByRole('dialog', { name: 'Aprobación de Préstamo' });
  await expect(approval.getByText(`Préstamo No. ${num}`)).toBeVisible();
  await expect(approval.getByRole('button', { name: 'Aprobar' })).toBeDisabled();
  await chooseAccount(
    page,
    approval,
    'Cuenta de retiro',
    accountName,
    (target) => target.click(),
    `${accountName} — Saldo $50,000.00`,
  );
  await approval.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('El préstamo ha sido aprobado')).toBeVisible();
  await expect(approval).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Aprobado');

  let account = await accountRow(page, accountName);
  await expect(account.getByRole('cell').nth(1)).toHaveText('$40,000.00');
  await expect(account.getByRole('cell').nth(2)).toHaveText('$50,000.00');

  // Entregar: 'Confirmar Entrega de Efectivo' → active; the cash leaves the account.
  row = await loanRowInGlobalList(page, num);
  await openRowAction(page, row, 'Entregar');
  const delivery = page.getByRole('dialog', { name: 'Confirmar Entrega de Efectivo' });
  await expect(delivery.getByText(accountName)).toBeVisible();
  await expect(delivery.getByText(`${customerName} Ramírez`).first()).toBeVisible();
  await delivery.getByRole('button', { name: 'Entregar' }).click();
  await expect(page.getByText('El préstamo fue entregado y está activo')).toBeVisible();
  await expect(delivery).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Al corriente');

  account = await accountRow(page, accountName);
  await expect(account.getByRole('cell').nth(1)).toHaveText('$40,000.00');
  await expect(account.getByRole('cell').nth(2)).toHaveText('$40,000.00');

  // Detalle → the customer's loan: the 12 installments of $1,000.00, and its public link.
  row = await loanRowInGlobalList(page, num);
  await openRowAction(page, row, 'Detalle');
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await expect(page.getByTestId('customer-loan-status')).toContainText('Al corriente');
  await expect(page.getByTestId('customer-balance')).toHaveText('$12,000.00');
  const activeRow = loans.getByRole('row').filter({ hasText: 'Al corriente' });
  expect(await cellTexts(activeRow)).toEqual(expect.arrayContaining([num, '$10,000.00', '$12,000.00']));
  for (const [index, cells] of (await installmentsOf(page, activeRow)).entries()) {
    const k = index + 1;
    expect(cells[0]).toBe(String(k));
    expect(cells[1]).toBe(`Pago ${k} de 12`);
    expect(cells[2]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(cells.slice(3)).toEqual(['$1,000.00', 'Pendiente']);
  }

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openRowAction(page, activeRow, 'Link');
  await expect(page.getByText('Link copiado al portapapeles')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/loans/[0-9a-f-]{36}$`));

  // The account's ledger: Saldo inicial (Depósito), Reserva and Entrega with their before/after balances.
  account = await accountRow(page, accountName);
  await openRowAction(page, account, 'Transacciones');
  await expect(page).toHaveURL(/\/admin\/bank-accounts\/[0-9a-f-]{36}\/transactions$/);
  const ledger = page.getByRole('table', { name: 'Transacciones' }).locator('tbody tr');
  await expect(ledger).toHaveCount(3);
  const expected = [
    [
      '$40,000.00',
      '$50,000.00',
      '−$10,000.00',
      `Entrega Entrega préstamo #${num}`,
      '$40,000.00',
      '$40,000.00',
    ],
    [
      '$50,000.00',
      '$50,000.00',
      '−$10,000.00',
      `Reserva Reserva préstamo #${num}`,
      '$40,000.00',
      '$50,000.00',
    ],
    ['$0.00', '$0.00', '+$50,000.00', 'Depósito Saldo inicial', '$50,000.00', '$50,000.00'],
  ];
  for (const [index, cells] of expected.entries()) {
    expect((await cellTexts(ledger.nth(index))).slice(1, 7)).toEqual(cells);
  }
});
