import { expect, type Page, test } from '@playwright/test';
import { randomCurp, randomPhone, uniqueEmail, uniqueWord } from './support/data.ts';
import { signIn, signInAsAdmin, tokenOf } from './support/session.ts';

async function registerCustomer(page: Page, customer: { name: string; phone: string; curp: string }) {
  await page.getByRole('button', { name: 'Registrar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Cliente' });
  await expect(dialog.getByRole('heading', { name: 'Datos Personales' })).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Nombre', { exact: true }).fill(customer.name);
  await dialog.getByLabel('Apellido Paterno').fill('Gómez');
  await dialog.getByLabel('Apellido Materno').fill('Núñez');
  await dialog.getByLabel('Teléfono').fill(customer.phone.slice(0, 6));
  await dialog.getByLabel('Teléfono').blur();
  await expect(dialog.getByText('Tel. debe ser de 10 dígitos')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Teléfono').fill(customer.phone);
  await dialog.getByLabel('CURP').pressSequentially(customer.curp.toLowerCase());
  await expect(dialog.getByLabel('CURP')).toHaveValue(customer.curp);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Cliente registrado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('register a customer, find them without accents, add an address and change the phone', async ({
  page,
}) => {
  const word = uniqueWord();
  const customer = { name: `José ${word}`, phone: randomPhone(), curp: randomCurp() };
  const fullName = `José ${word} Gómez Núñez`;

  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await registerCustomer(page, customer);

  // Accent- and case-insensitive search finds 'José … Gómez Núñez'.
  const search = page.getByPlaceholder('Nombre, Apellido, Telefono');
  await search.fill(`${word.toLowerCase()} gomez nunez`);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: customer.phone });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fullName);

  // Registering the same CURP again is refused and the dialog keeps the data.
  await page.getByRole('button', { name: 'Registrar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Cliente' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Otra');
  await dialog.getByLabel('Apellido Paterno').fill('Persona');
  await dialog.getByLabel('Teléfono').fill(randomPhone());
  await dialog.getByLabel('CURP').fill(customer.curp);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Error registrando cliente')).toBeVisible();
  await expect(page.getByText('Ya existe un cliente con esa CURP')).toBeVisible();
  await expect(dialog.getByLabel('Nombre', { exact: true })).toHaveValue('Otra');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  // What was typed is not saved: leaving asks first.
  await page
    .getByRole('dialog', { name: 'Cambios sin guardar' })
    .getByRole('button', { name: 'Salir sin guardar' })
    .click();
  await expect(dialog).toBeHidden();

  // CustomerDetails: full name, $0.00 and no loan yet.
  await row.click();
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: fullName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('customer-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('customer-loan-status')).toHaveText('Sin préstamo');
  await expect(page.getByText('Este cliente aún no tiene préstamos')).toBeVisible();

  // Datos Personales: no addresses, then one.
  await page.getByRole('tab', { name: 'Datos Personales' }).click();
  const addresses = page.getByRole('region', { name: 'Direcciones' });
  await expect(addresses.getByText('No hay direcciones registradas')).toBeVisible();
  await addresses.getByRole('button', { name: 'Registrar' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Registrar Dirección' });
  const saveAddress = addressDialog.getByRole('button', { name: 'Guardar' });
  await addressDialog.getByLabel('Calle').fill('Av. Juárez');
  await addressDialog.getByLabel('No. Exterior').fill('120');
  await addressDialog.getByLabel('No. Interior').fill('4B');
  await addressDialog.getByLabel('Colonia').fill('Centro');
  await addressDialog.getByLabel('Ciudad').fill('Santiago de Querétaro');
  await addressDialog.getByLabel('Código Postal').fill('760');
  await addressDialog.getByLabel('Código Postal').blur();
  await expect(addressDialog.getByText('Código Postal debe ser de 5 dígitos')).toBeVisible();
  await addressDialog.getByLabel('Código Postal').fill('76000');
  await expect(saveAddress).toBeDisabled();
  await addressDialog.getByRole('combobox', { name: 'Estado' }).fill('queretaro');
  await page.getByRole('option', { name: 'Querétaro' }).click();
  await expect(saveAddress).toBeEnabled();
  await saveAddress.click();
  await expect(page.getByText('Dirección creada')).toBeVisible();
  await expect(addressDialog).toBeHidden();
  const addressRow = addresses.getByRole('row').filter({ hasText: 'Av. Juárez' });
  await expect(addressRow).toContainText('Santiago de Querétaro');
  await expect(addressRow).toContainText('76000');
  await expect(addresses.getByText('No hay direcciones registradas')).toBeHidden();

  // Change the phone: Guardar only once something changed.
  const save = page.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  const newPhone = randomPhone();
  await page.getByLabel('Teléfono').fill(newPhone);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Cliente actualizado')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByText(`Tel. ${newPhone}`)).toBeVisible();

  // The address survives a reload, and the back link returns to Clientes.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Datos Personales' })).toHaveAttribute('aria-selected', 'true');
  await expect(addresses.getByRole('row').filter({ hasText: 'Av. Juárez' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
});

test("an agent sees neither another agent's customers nor other agents in the dropdown", async ({ page }) => {
  const word = uniqueWord();
  const customer = { name: `José ${word}`, phone: randomPhone(), curp: randomCurp() };
  await signInAsAdmin(page);
  await registerCustomer(page, customer);
  await page.getByPlaceholder('Nombre, Apellido, Telefono').fill(customer.phone);
  await page.getByPlaceholder('Nombre, Apellido, Telefono').press('Enter');
  await page.getByRole('row').filter({ hasText: customer.phone }).click();
  await expect(page.getByRole('heading', { name: `José ${word} Gómez Núñez` })).toBeVisible();
  const customerUrl = new URL(page.url()).pathname;

  // An agent created through the API with the admin's token.
  const email = uniqueEmail('agente.clientes');
  const password = 'Agente2026!';
  const token = await tokenOf(page);
  const created = await page.request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Marta', lastName: 'Ibáñez', username: email, password, pin: '2468', roles: ['ROLE_USER'] },
  });
  expect(created.status()).toBe(201);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/customers$/);

  // The admin's customer is not in the agent's list, and its page is 'Cliente no encontrado'.
  await page.getByPlaceholder('Nombre, Apellido, Telefono').fill(customer.phone);
  await page.getByPlaceholder('Nombre, Apellido, Telefono').press('Enter');
  await expect(page.getByText('No hay registros para mostrar')).toBeVisible();
  await page.goto(customerUrl);
  await expect(page.getByRole('heading', { name: 'Cliente no encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a Clientes' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);

  // The agent registers customers for themself only.
  await page.getByRole('button', { name: 'Registrar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Cliente' });
  const agent = dialog.getByRole('combobox', { name: 'Agente' });
  await expect(agent).toHaveValue('Marta Ibáñez');
  await agent.click();
  await expect(page.getByRole('option')).toHaveText(['Marta Ibáñez']);
});
