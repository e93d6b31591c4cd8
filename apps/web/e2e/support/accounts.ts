import { expect, type Locator, type Page } from '@playwright/test';

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
  /** The option's whole name when the journey checks the balance it shows too. */
  option: string | RegExp = new RegExp(`^${accountName} — Saldo`),
) {
  const input = dialog.getByRole('combobox', { name: label });
  await press(input);
  await input.fill(accountName);
  await press(page.getByRole('option', { name: option }));
  // Chosen: the list has closed and the field names the account.
  await expect(page.getByRole('listbox', { name: label })).toBeHidden();
  await expect(input).toHaveValue(new RegExp(`^${accountName} — Saldo`));
}
