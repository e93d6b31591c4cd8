import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeFinding } from './support/axe.ts';
import { E2E_ADMIN, signIn, signInAsAdmin } from './support/session.ts';

test('a wrong password shows the login failure text and stays on Login', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, 'contraseña-incorrecta');
  await expect(page.getByText('Error iniciando sesión. Usuario y/o contraseña incorrecta')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the admin signs in with a mixed-case, padded e-mail and lands on Customers', async ({ page }) => {
  await signIn(page, `  ${E2E_ADMIN.username.toUpperCase()} `, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  const sidebar = page.getByRole('navigation');
  for (const entry of ['Dashboard', 'Clientes', 'Préstamos', 'Usuarios', 'Pagos', 'Cuentas']) {
    await expect(sidebar.getByRole('link', { name: entry })).toBeVisible();
  }
  // An authenticated visit to Login goes to Customers; the session survives a reload.
  await page.reload();
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/admin\/customers$/);
});

test('logout shows "Sesión finalizada" and protected routes send back to Login', async ({ page }) => {
  await signInAsAdmin(page);
  // A copy of the token taken before signing out stops working: the server ended the session.
  const copied = await page.evaluate(
    () => JSON.parse(localStorage.getItem('prestaya') ?? '{}').token as string,
  );
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/logout'));
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  expect((await loggedOut).status()).toBe(200);
  const withCopy = await page.request.get('/api/v1/users', {
    headers: { authorization: `Bearer ${copied}` },
  });
  expect(withCopy.status()).toBe(401);
  await expect(page.getByText('Sesión finalizada')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('prestaya'))).toBeNull();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a tampered token is refused by the server and the user goes to Login', async ({ page }) => {
  await signInAsAdmin(page);
  await page.evaluate(() => {
    const raw = localStorage.getItem('prestaya') ?? '{}';
    const session = JSON.parse(raw);
    for (const key of Object.keys(session)) {
      if (typeof session[key] === 'string' && session[key].split('.').length === 3) session[key] += 'x';
    }
    localStorage.setItem('prestaya', JSON.stringify(session));
  });
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('/auth redirects to Login, and the register screen is closed once an admin exists', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('dialog')).toContainText('desde Usuarios');
  await page.getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByRole('link', { name: 'Crear cuenta' })).toHaveCount(0);
  await page.goto('/auth/register');
  await expect(page.getByText(/Las cuentas son creadas por un administrador/)).toBeVisible();
});

test('Login has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expectNoSeriousAxeFinding(page);
});
