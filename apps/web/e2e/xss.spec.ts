import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { waitForHydration } from './support/public-page.ts';
import { signInAsAdmin } from './support/session.ts';
import { adminApi, deliveredLoan } from './support/staff-api.ts';

// A customer whose name is markup renders as inert text on every screen that shows
// it (staff list and details, loans, payments, the public statement), nothing it carries ever runs,
// and the app's own screens work under the server's Content-Security-Policy without a violation.

const PAYLOAD = '<script>window.__xss=1</script><img src=x onerror=window.__xss=2>';

/**
 * Records, from before any script of the page runs, every CSP violation the browser reports, every
 * dialog, and the console errors; `window.__xss` must stay undefined.
 */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('dialog', async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return async function expectClean(where: string) {
    const state = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
      injectedImages: document.querySelectorAll('img[src="x"], img[onerror]').length,
      injectedScripts: [...document.querySelectorAll('script')].filter((s) =>
        s.textContent?.includes('__xss'),
      ).length,
    }));
    expect({ where, ...state, problems }).toEqual({
      where,
      xss: undefined,
      csp: [],
      injectedImages: 0,
      injectedScripts: 0,
      problems: [],
    });
  };
}

test('a customer named with markup renders as inert text everywhere, under a CSP the app works with', async ({
  page,
  request,
}) => {
  const id = unique();
  const phone = `57${id.slice(-8)}`;
  const api = await adminApi(request);
  const { customer, loan } = await deliveredLoan(api, {
    account: { name: `Caja XSS ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: {
      name: PAYLOAD,
      lastName: `Inerte${id}`,
      secondLastName: '<b>negrita</b>',
      phone,
      curp: curpOf('XSSA', id),
    },
    amount: 5_000,
  });
  expect(customer.name).toBe(PAYLOAD); // stored as typed: escaping is the screen's job

  const expectClean = await watch(page);
  await signInAsAdmin(page);
  await expectClean('after sign-in');

  // Customers list: search by the harmless last name; the name shows as the literal characters.
  await page.goto('/admin/customers');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(`Inerte${id}`);
  await page.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  await expect(page.getByText(PAYLOAD, { exact: false }).first()).toBeVisible();
  await expectClean('customers list');

  // Customer details.
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByText(PAYLOAD, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('<b>negrita</b>', { exact: false }).first()).toBeVisible();
  await expectClean('customer details');

  // Global loans list.
  await page.goto('/admin/loans');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(String(loan.num));
  await page.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  await expect(page.getByText(PAYLOAD, { exact: false }).first()).toBeVisible();
  await expectClean('loans list');

  // The other main screens load without a CSP violation.
  for (const path of [
    '/admin/dashboard',
    '/admin/payments',
    '/admin/bank-accounts',
    '/admin/users',
    '/admin/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectClean(path);
  }

  // The public statement shows the customer's name too.
  await page.goto(`/loans/${loan.id}`);
  await expect(page.getByText(PAYLOAD, { exact: false }).first()).toBeVisible();
  await expectClean('public statement');
  await page.goto('/consulta');
  await waitForHydration(page);
  await page.getByLabel('Número de préstamo').fill(String(loan.num));
  await page.getByLabel('Teléfono (10 dígitos)').fill(phone);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText(PAYLOAD, { exact: false }).first()).toBeVisible();
  await expectClean('public lookup');
});
