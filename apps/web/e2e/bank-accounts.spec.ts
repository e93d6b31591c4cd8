import { expect, test } from '@playwright/test';
import { unique } from './support/data.ts';
import { signInAsAdmin } from './support/session.ts';
import { cellTexts, openRowAction } from './support/tables.ts';

test('the admin opens an account with $50,000, withdraws, deposits and reads the ledger', async ({
  page,
}) => {
  const name = `Caja ${unique()}`;

  await signInAsAdmin(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Cuentas' }).click();
  await expect(page).toHaveURL(/\/admin\/bank-accounts$/);
  await expect(page.getByRole('heading', { name: 'Cuentas Bancarias' })).toBeVisible();

  // Registrar Cuenta: Guardar waits for a valid form; a wrong CLABE check digit is explained.
  await page.getByRole('button', { name: 'Registrar Cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Cuenta' });
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Banco').fill('Efectivo');
  await dialog.getByLabel('Titular').fill('PrestaYa Oficina');
  await dialog.getByLabel('CLABE').fill('002010077777777772');
  await dialog.getByLabel('CLABE').blur();
  await expect(dialog.getByText('La CLABE no es válida (dígito verificador incorrecto)')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('CLABE').fill('002010077777777771');
  await dialog.getByLabel('Saldo inicial').fill('50000');
  await expect(dialog.getByLabel('Saldo inicial')).toHaveValue('$50,000');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Cuenta creada')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Nombre, Banco, Titular').fill(name);
  await page.getByPlaceholder('Nombre, Banco, Titular').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  expect((await cellTexts(row)).slice(0, 3)).toEqual([`${name} Efectivo`, '$50,000.00', '$50,000.00']);

  // Retirar Efectivo: more than the balance is refused on the spot; $1,500.50 goes through.
  await openRowAction(page, row, 'Retirar');
  const withdraw = page.getByRole('dialog', { name: 'Retirar Efectivo' });
  await expect(withdraw.getByLabel('Cuenta')).toHaveValue(name);
  await expect(withdraw.getByLabel('Saldo disponible')).toHaveValue('$50,000.00');
  await withdraw.getByLabel('Monto').fill('60000');
  await expect(withdraw.getByText('El monto no puede ser mayor al saldo disponible')).toBeVisible();
  await expect(withdraw.getByRole('button', { name: 'Retirar' })).toBeDisabled();
  await withdraw.getByLabel('Monto').fill('1500.50');
  await withdraw.getByLabel('Concepto').fill('Pago de renta');
  await withdraw.getByRole('button', { name: 'Retirar' }).click();
  await expect(page.getByText('Retiro completado')).toBeVisible();
  await expect(withdraw).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('$48,499.50');
  await expect(row.getByRole('cell').nth(2)).toHaveText('$48,499.50');

  // Depositar Efectivo: $500.
  await openRowAction(page, row, 'Depositar');
  const deposit = page.getByRole('dialog', { name: 'Depositar Efectivo' });
  await expect(deposit.getByLabel('Saldo disponible')).toHaveValue('$48,499.50');
  await deposit.getByLabel('Monto').fill('500');
  await deposit.getByLabel('Concepto').fill('Aportación de socios');
  await deposit.getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByText('Depósito completado')).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('$48,999.50');
  await expect(row.getByRole('cell').nth(2)).toHaveText('$48,999.50');

  // Transacciones: newest first, each signed amount with its balances before and after.
  await openRowAction(page, row, 'Transacciones');
  await expect(page).toHaveURL(/\/admin\/bank-accounts\/[0-9a-f-]{36}\/transactions$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('account-balance')).toHaveText('$48,999.50');
  await expect(page.getByTestId('account-real-balance')).toHaveText('$48,999.50');
  const ledger = page.getByRole('table', { name: 'Transacciones' });
  const rows = ledger.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const date = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/i;
  const expected = [
    ['$48,499.50', '$48,499.50', '+$500.00', 'Depósito Aportación de socios', '$48,999.50', '$48,999.50'],
    ['$50,000.00', '$50,000.00', '−$1,500.50', 'Retiro Pago de renta', '$48,499.50', '$48,499.50'],
    ['$0.00', '$0.00', '+$50,000.00', 'Depósito Saldo inicial', '$50,000.00', '$50,000.00'],
  ];
  for (const [index, cells] of expected.entries()) {
    const texts = await cellTexts(rows.nth(index));
    expect(texts[0]).toMatch(date);
    expect(texts.slice(1, 7)).toEqual(cells);
  }

  // Detalle of the Retiro: date with seconds, type, concept, amount; and back.
  await openRowAction(page, rows.nth(1), 'Detalle');
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Detalle de la Transacción' })).toBeVisible();
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (am|pm)$/i)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Retiro', { exact: true })).toBeVisible();
  await expect(main.getByText('Pago de renta')).toBeVisible();
  await expect(main.getByText('$1,500.50')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a Transacciones' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(rows).toHaveCount(3);
});
