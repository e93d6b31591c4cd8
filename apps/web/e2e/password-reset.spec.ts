import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeFinding } from './support/axe.ts';
import { uniqueEmail } from './support/data.ts';
import { signIn, signInAsAdmin } from './support/session.ts';
import { adminApi, createAgent } from './support/staff-api.ts';

test('an administrator generates a reset link; the user sets a new password with it, once', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('olvido');
  const newPassword = 'Recuperada2026!';
  await createAgent(await adminApi(request), { lastName: 'Olvidadiza', username: email, pin: '3917' });

  // The administrator: Usuarios → the user's row → Generar enlace de restablecimiento.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Nombre, Apellidos, Usuario').fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: 'Generar enlace de restablecimiento' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generar enlace de restablecimiento' });
  await expect(confirm).toContainText('Agente Olvidadiza');
  await confirm.getByRole('button', { name: 'Generar enlace' }).click();

  const shown = page.getByRole('dialog', { name: 'Enlace de restablecimiento', exact: true });
  await expect(shown).toContainText('solo se muestra ahora');
  await expect(shown).toContainText(/Vence el \d\d\/\d\d\/\d{4}/);
  const link = await shown.getByLabel('Enlace').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/reset\/[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(shown.getByRole('button', { name: 'Enlace copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shown.getByRole('button', { name: 'Listo' }).click();
  await expect(shown).toBeHidden();

  // The user, in a browser of their own: opens the link and sets the new password.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto(link);
  await expect(userPage.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await expect(userPage.getByText(`Agente Olvidadiza (${email})`)).toBeVisible();
  await userPage.getByLabel('Nueva contraseña').fill(newPassword);
  await userPage.getByLabel('Confirmar contraseña').fill('OtraCosa2026!');
  await userPage.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(userPage.getByText('Las contraseñas no coinciden')).toBeVisible();
  await userPage.getByLabel('Confirmar contraseña').fill(newPassword);
  await userPage.getByRole('button', { name: 'Guardar contraseña' }).click();

  await expect(userPage).toHaveURL(/\/auth\/login$/);
  await expect(
    userPage.getByText('Contraseña actualizada. Inicia sesión con tu nueva contraseña.'),
  ).toBeVisible();
  await expect(userPage.getByLabel('Correo electrónico')).toHaveValue(email);
  await userPage.getByLabel('Contraseña').fill(newPassword);
  await userPage.getByRole('button', { name: 'Entrar' }).click();
  await expect(userPage).toHaveURL(/\/admin\/customers$/);

  // The old password no longer opens the account.
  const oldLogin = await request.post('/api/v1/auth/login', {
    data: { username: email, password: 'Agente12345!' },
  });
  expect(oldLogin.status()).toBe(401);

  // A second use of the link is refused with an explanation, in any browser.
  const again = await userContext.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('Este enlace ya no sirve');
  await expect(again.getByRole('alert')).toContainText('Pide a un administrador uno nuevo.');
  await expect(again.getByLabel('Nueva contraseña')).toHaveCount(0);
  await userContext.close();

  // And the new password is the one that works from anywhere.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/admin\/customers$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the link dialog and the reset page fit the width, with no serious axe finding', async ({ page }) => {
    const email = uniqueEmail('movil');
    const api = await adminApi(page.request);
    const agent = await createAgent(api, { lastName: 'Teléfono', username: email, pin: '3917' });

    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByPlaceholder('Nombre, Apellidos, Usuario').fill(email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Generar enlace de restablecimiento' }).click();
    await expect(page.getByRole('button', { name: 'Generar enlace' })).toBeInViewport({ ratio: 1 });
    await expectFits(page);
    await page.getByRole('button', { name: 'Generar enlace' }).click();
    const shown = page.getByRole('dialog', { name: 'Enlace de restablecimiento', exact: true });
    await expect(shown.getByRole('button', { name: 'Copiar enlace' })).toBeInViewport({ ratio: 1 });
    await expectFits(page);
    await shown.getByRole('button', { name: 'Listo' }).click();

    // A link generated afterwards ends this one: the page shows both states.
    const { path } = await api.post(`/api/v1/users/${agent.id}/password-reset`, {});
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.goto(path);
    await expect(page.getByLabel('Nueva contraseña')).toBeVisible();
    await expectFits(page);
    await api.post(`/api/v1/users/${agent.id}/password-reset`, {});
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Este enlace ya no sirve');
    await expectFits(page);
  });
});

/** No sideways scroll at 360 px and nothing serious for axe. */
async function expectFits(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(360);
  await expectNoSeriousAxeFinding(page);
}
