import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/data.ts';
import { signIn, signInAsAdmin } from './support/session.ts';

test('the admin creates an agent with a PIN; the agent signs in and sees only the screens for agents', async ({
  page,
}) => {
  const email = uniqueEmail('agente');
  const password = 'Agente2026!';

  await signInAsAdmin(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('button', { name: 'Agregar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Registro de Usuario' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await dialog.getByLabel('Apellidos').fill('Núñez Pérez');
  await dialog.getByLabel('Usuario', { exact: true }).fill(email);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByLabel('PIN').fill('12');
  await dialog.getByLabel('PIN').blur();
  await expect(dialog.getByText('El PIN debe ser de 4 a 6 dígitos')).toBeVisible();
  await dialog.getByLabel('PIN').fill('4826');
  await dialog.getByLabel('Agente').check();
  await expect(save).toBeEnabled();
  await save.click();

  await expect(page.getByText('Usuario creado correctamente!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Nombre, Apellidos, Usuario').fill('lucia');
  await page.getByPlaceholder('Nombre, Apellidos, Usuario').press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Activo');
  await expect(row).toContainText(/10\d\d/);

  // Creating the same e-mail again is refused with the server's reason, and the dialog keeps the data.
  await page.getByRole('button', { name: 'Agregar' }).click();
  await dialog.getByLabel('Nombre', { exact: true }).fill('Otra');
  await dialog.getByLabel('Apellidos').fill('Persona');
  await dialog.getByLabel('Usuario', { exact: true }).fill(email.toUpperCase());
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByLabel('PIN').fill('3917');
  await dialog.getByLabel('Agente').check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Error creando el usuario!')).toBeVisible();
  await expect(dialog.getByText('Ya existe un usuario con ese correo', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Nombre', { exact: true })).toHaveValue('Otra');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  // What was typed is not saved: leaving asks first.
  await page
    .getByRole('dialog', { name: 'Cambios sin guardar' })
    .getByRole('button', { name: 'Salir sin guardar' })
    .click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByText('Lucía Núñez Pérez')).toBeVisible();
  const sidebar = page.getByRole('navigation');
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Clientes', 'Cobranza', 'Corte de caja']);
  for (const adminOnly of ['Préstamos', 'Usuarios', 'Pagos', 'Cuentas']) {
    await expect(sidebar.getByRole('link', { name: adminOnly })).toHaveCount(0);
  }
  // The server, not only the sidebar, keeps an agent out of the users screen's data.
  const status = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('prestaya') ?? '{}');
    const token = Object.values(session).find((v) => typeof v === 'string' && v.split('.').length === 3);
    const res = await fetch('/api/v1/users', { headers: { Authorization: `Bearer ${token}` } });
    return res.status;
  });
  expect(status).toBe(403);
});

test('the admin edits a user without touching the password, and the old password still works', async ({
  page,
}) => {
  const email = uniqueEmail('editado');
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registro de Usuario' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Mario');
  await dialog.getByLabel('Apellidos').fill('Ramírez');
  await dialog.getByLabel('Usuario', { exact: true }).fill(email);
  await dialog.getByLabel('Contraseña').fill('Mario2026!');
  await dialog.getByLabel('PIN').fill('7351');
  await dialog.getByLabel('Agente').check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario creado correctamente!')).toBeVisible();

  await page.getByPlaceholder('Nombre, Apellidos, Usuario').fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(dialog.getByLabel('Nombre', { exact: true })).toHaveValue('Mario');
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await dialog.getByLabel('Apellidos').fill('Ramírez Soto');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario actualizado!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Ramírez Soto');

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await signIn(page, email, 'Mario2026!');
  await expect(page).toHaveURL(/\/admin\/customers$/);
});
