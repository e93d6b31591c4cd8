import { curpOf, unique } from './support/data.ts';
import { expect, test } from './support/own-server.ts';
import { expectFitsPhone, PHONE, tapToOpen } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf } from './support/staff-api.ts';

// 'Productos': an administrator creates a loan product, a loan is requested under it and keeps its
// terms. While a second product is active every loan request must name one, so these journeys run on
// a server of their own (support/own-server.ts), never beside the shared server's loan requests.

test.describe.configure({ mode: 'serial' });

test('create a product, request a loan under it and see its terms kept on the loan', async ({ page }) => {
  const id = unique();
  const productName = `Quincenal ${id}`;
  await signInAsAdmin(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Productos' }).click();
  await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Semanal 12' })).toContainText('Activo');

  // A customer through the API (the customers journey covers the UI).
  const api = apiOf(page.request, await tokenOf(page));
  const customer = await api.post('/api/v1/customers', {
    name: `Rosa Producto${id}`,
    lastName: 'Méndez',
    phone: `55${id.slice(-8)}`,
    curp: curpOf('MERP', id),
  });

  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo producto' });
  await dialog.getByLabel('Nombre').fill(productName);
  await dialog.getByLabel('Plazo (pagos semanales)').fill('8');
  await dialog.getByLabel('Interés total').fill('16');
  await dialog.getByLabel('Multa diaria').fill('30');
  await dialog.getByLabel('Tope de multas por pago').fill('5');
  await dialog.getByLabel('Monto mínimo').fill('2000');
  await dialog.getByLabel('Monto máximo').fill('20000');
  await dialog.getByLabel('Renovación').fill('6');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto creado')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('8 pagos semanales');

  // The loan form now asks for the product first and takes the rest from it.
  await page.goto(`/admin/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Solicitar' }).click();
  const request = page.getByRole('dialog', { name: 'Nueva solicitud de Préstamo' });
  await request.getByRole('combobox', { name: 'Producto' }).click();
  await page.getByRole('option', { name: productName }).click();
  await expect(request.getByRole('combobox', { name: 'Plazo' })).toHaveValue('8 semanas');
  await expect(request.getByRole('combobox', { name: 'Plazo' })).toBeDisabled();
  await expect(request.getByRole('combobox', { name: 'Multa diaria' })).toHaveValue('$30.00');
  await expect(request.getByText('De $2,000.00 a $20,000.00')).toBeVisible();
  await request.getByLabel('Monto').fill('1500');
  await request.getByRole('button', { name: 'Guardar' }).click();
  await expect(request.getByText(`El monto mínimo del producto ${productName} es $2,000.00`)).toBeVisible();
  // The refusal's toast stays until closed (docs/product.md §9).
  const refused = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'No se pudo registrar el préstamo' });
  await refused.getByRole('button', { name: 'Cerrar' }).click();
  await expect(refused).toBeHidden();
  await request.getByLabel('Monto').fill('5000');
  await expect(request.getByLabel('Multa semanal')).toHaveValue('$250.00');
  await expect(request.getByLabel('Pago semanal')).toHaveValue('$725.00');
  await expect(request.getByLabel('Total a pagar')).toHaveValue('$5,800.00');
  await request.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Préstamo creado')).toBeVisible();
  await expect(request).toBeHidden();

  // The loan keeps its product's terms: its summary names the product, the edit form shows them.
  const loanRow = page
    .getByRole('table', { name: 'Préstamos' })
    .getByRole('row')
    .filter({ hasText: 'En espera' });
  await loanRow.getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: 'Historial', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Historial' });
  await expect(history.getByLabel('Resumen del préstamo')).toContainText(productName);
  await history.getByRole('button', { name: 'Cerrar' }).click();
  await loanRow.getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: 'Editar', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Préstamo' });
  await expect(edit.getByRole('combobox', { name: 'Plazo' })).toHaveValue('8 semanas');
  await expect(edit.getByRole('combobox', { name: 'Multa diaria' })).toHaveValue('$30.00');
  await expect(edit.getByLabel('Total a pagar')).toHaveValue('$5,800.00');
  await expect(edit.getByLabel('Pago semanal')).toHaveValue('$725.00');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('Productos by touch at 360×740: the list fits, a product is created and deactivated', async ({
    page,
  }) => {
    const name = `Mensual ${unique()}`;
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Abrir menú de navegación' }).tap();
    await page.getByRole('navigation').getByRole('link', { name: 'Productos' }).tap();
    await expectFitsPhone(page, 'Productos');

    const dialog = page.getByRole('dialog', { name: 'Nuevo producto' });
    await tapToOpen(page.getByRole('button', { name: 'Nuevo producto' }), dialog);
    await dialog.getByLabel('Nombre').tap();
    await dialog.getByLabel('Nombre').fill(name);
    const renewal = dialog.getByLabel('Renovación');
    await renewal.tap();
    await renewal.fill('13');
    await dialog.getByLabel('Nombre').tap();
    await expect(dialog.getByText('La renovación no puede pedir más pagos que el plazo')).toBeVisible();
    await renewal.tap();
    await renewal.fill('10');
    await dialog.getByRole('button', { name: 'Guardar' }).tap();
    await expect(page.getByText('Producto creado')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Activo');
    await row.getByRole('button', { name: 'Acciones' }).tap();
    await page.getByRole('menuitem', { name: 'Desactivar', exact: true }).tap();
    const confirm = page.getByRole('dialog', { name: '¿Desactivar el producto?' });
    await expect(confirm).toContainText(`«${name}» dejará de ofrecerse`);
    await confirm.getByRole('button', { name: 'Desactivar' }).tap();
    await expect(page.getByText('Producto desactivado')).toBeVisible();
    await expect(row).toContainText('Inactivo');
    await expectFitsPhone(page, 'Productos');
  });
});
