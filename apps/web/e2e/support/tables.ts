import { expect, type Locator, type Page } from '@playwright/test';

/** The cells of a table row, as the user reads them. */
export async function cellTexts(row: Locator): Promise<string[]> {
  // allInnerTexts reads what is there now: wait until the row is rendered, or a list still loading
  // reads as no cells at all.
  await expect(row.getByRole('cell').first()).toBeVisible();
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Opens the row's 'Acciones' menu and picks `action`. */
export async function openRowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The account's row in 'Cuentas Bancarias': [name + bank, Saldo, Saldo Real]. */
export async function accountRow(page: Page, name: string): Promise<Locator> {
  await page.goto('/admin/bank-accounts');
  const search = page.getByPlaceholder('Nombre, Banco, Titular');
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** The one row of `table` with a cell reading exactly `text` (a loan number, say). */
export async function rowWithCell(table: Locator, text: string): Promise<Locator> {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: text, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Opens the loan row's 'Calendario de Pagos', reads the cells of its 12 installments and closes it. */
export async function installmentsOf(page: Page, loanRow: Locator): Promise<string[][]> {
  await openRowAction(page, loanRow, 'Calendario');
  const calendar = page.getByRole('dialog', { name: 'Calendario de Pagos' });
  const installments = calendar.getByRole('table', { name: 'Calendario de pagos' }).locator('tbody tr');
  await expect(installments).toHaveCount(12);
  const rows: string[][] = [];
  for (let k = 0; k < 12; k++) rows.push(await cellTexts(installments.nth(k)));
  await calendar.getByRole('button', { name: 'Cerrar' }).click();
  await expect(calendar).toBeHidden();
  return rows;
}
