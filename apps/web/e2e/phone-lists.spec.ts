import { expect, type Locator, test } from '@playwright/test';
import { unique } from './support/data.ts';
import { PHONE, PHONE_WIDTH } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, createAgent } from './support/staff-api.ts';

// Lists on a phone: each row a card whose figures, status and actions show without sideways scroll.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** On screen, inside the screen's width, not covered by anything, and its text not cut. */
async function expectReadable(element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE_WIDTH).toBe(true);
  const state = await element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { covered: !(top && (el === top || el.contains(top))), cut: el.scrollWidth > el.clientWidth + 1 };
  });
  expect(state).toEqual({ covered: false, cut: false });
}

/** How wide the page scrolls: the scrolling element's width, and the window's (whichever is wider). */
const pageWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    Math.max(
      document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
      document.documentElement.scrollWidth,
      window.innerWidth,
    ),
  );

test("Cuentas Bancarias' balances and Usuarios' roles read on a phone without sideways scroll", async ({
  page,
}) => {
  const id = unique();
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const name = `Caja Tarjeta ${id}`;
  await api.post('/api/v1/bank-accounts', {
    name,
    bankName: 'Banorte',
    customerName: 'PrestaYa Oficina',
    balance: 23_456.78,
  });
  await createAgent(api, { lastName: `Roles${id}`, username: `roles.${id}@prestaya.mx`, pin: '4817' });

  await page.goto('/admin/bank-accounts');
  const search = page.getByPlaceholder('Nombre, Banco, Titular');
  await search.fill(name);
  await search.press('Enter');
  const account = page.getByRole('row').filter({ hasText: name });
  await expect(account).toHaveCount(1);
  // Each figure on a line of its own, its column's name beside it.
  const balances = account.getByRole('cell', { name: '$23,456.78', exact: true });
  await expect(balances).toHaveCount(2);
  await expect(balances.nth(0)).toHaveText(/^Saldo\s*\$23,456\.78$/);
  await expect(balances.nth(1)).toHaveText(/^Saldo Real\s*\$23,456\.78$/);
  for (const k of [0, 1]) await expectReadable(balances.nth(k).getByText('$23,456.78'));
  await expectReadable(account.getByRole('button', { name: 'Acciones' }));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);

  await page.goto('/admin/users');
  const userSearch = page.getByPlaceholder('Nombre, Apellidos, Usuario');
  await userSearch.fill(`Roles${id}`);
  await userSearch.press('Enter');
  const user = page.getByRole('row').filter({ hasText: `Roles${id}` });
  await expect(user).toHaveCount(1);
  await expectReadable(user.getByText(`Roles${id}`, { exact: true }));
  await expectReadable(user.getByText('Agente', { exact: true }).last());
  await expectReadable(user.getByText('Activo', { exact: true }));
  await expectReadable(user.getByRole('button', { name: 'Acciones' }));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
});
