import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../constants.ts';

export { E2E_ADMIN };

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Correo electrónico').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signInAsAdmin(page: Page) {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/customers$/);
}

/** The Bearer token of the signed-in user, from the session the app keeps in localStorage. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('prestaya') ?? '{}').token as string);
}
