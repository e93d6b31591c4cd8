import type { Locator, Page } from '@playwright/test';

/**
 * Chooses an account in an account picker ('Cuenta de retiro', 'Cuenta destino') as a user with many
 * accounts would: types part of its name, so the server search finds it wherever it sorts, then
 * presses (clicks or taps) its option.
 */
export async function chooseAccount(
  page: Page,
  dialog: Locator,
  label: 'Cuenta de retiro' | 'Cuenta destino',
  accountName: string,
  press: (target: Locator) => Promise<void>,
) {
  const input = dialog.getByRole('combobox', { name: label });
  await press(input);
  await input.fill(accountName);
  await press(page.getByRole('option', { name: new RegExp(`^${accountName} — Saldo`) }));
}
