import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { unique } from './support/data.ts';
import { expectNoSideScroll, PHONE } from './support/phone.ts';
import { signIn, signInAsAdmin } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, createAgent } from './support/staff-api.ts';

/** The business's form: Configuración holds other cards (with their own 'Guardar') below it. */
const businessForm = (page: Page) => page.getByRole('form', { name: 'Datos del negocio' });

// 'Configuración': the administrators type the business's own data once; the landing (filled in by
// the server as it serves the page), the statements and receipts show it, and nothing made up.

const EMPTY = { name: '', phone: '', whatsapp: '', address: '', hours: '', complaintsContact: '' };

/** The settings are one row for the whole server: each journey starts from none set. */
async function clearSettings(page: Page) {
  await (await adminApi(page.request)).put('/api/v1/settings/business', EMPTY);
}

/** The landing's 'Contacto' section. */
const contactOf = (page: Page) => page.getByRole('region', { name: 'Contacto' });

/** The landing as a borrower opens it: in a browser of their own, without the staff app's worker. */
async function landing(browser: Browser, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test.describe.configure({ mode: 'serial' });
// The other journeys' borrower pages and printouts see the server as they expect it: nothing set.
test.afterAll(async ({ request }) => {
  await (await adminApi(request)).put('/api/v1/settings/business', EMPTY);
});

test('an administrator fills Configuración and the landing shows it; nothing before', async ({
  page,
  browser,
}) => {
  await clearSettings(page);
  const id = unique();
  const before = await landing(browser);
  await expect(contactOf(before)).toHaveCount(0);
  await expect(before.locator('body')).not.toContainText('1234 5678');
  await expect(before.locator('a[href^="tel:"], a[href*="wa.me"]')).toHaveCount(0);
  await before.context().close();

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Configuración' })
    .click();
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  await businessForm(page).getByLabel('Nombre del negocio').fill(`Préstamos Don Beto ${id}`);
  await businessForm(page).getByLabel('Teléfono').fill('5587654321');
  await businessForm(page).getByLabel('Horario de atención').fill('Lunes a viernes, 9:00 a 18:00 h');
  await businessForm(page).getByLabel('Contacto para quejas y aclaraciones').fill('quejas@donbeto.mx');
  await businessForm(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos del negocio guardados')).toBeVisible();
  await expect(businessForm(page).getByRole('button', { name: 'Guardar' })).toBeDisabled();

  const visitor = await landing(browser);
  const contact = contactOf(visitor);
  await expect(contact.getByText(`Préstamos Don Beto ${id}`)).toBeVisible();
  await expect(contact.getByRole('link', { name: 'Teléfono 55 8765 4321' })).toHaveAttribute(
    'href',
    'tel:+525587654321',
  );
  await expect(contact.getByText('Lunes a viernes, 9:00 a 18:00 h')).toBeVisible();
  await expect(contact.getByText('Quejas y aclaraciones: quejas@donbeto.mx')).toBeVisible();
  // WhatsApp and the address were left empty: not shown at all.
  await expect(contact.getByText(/WhatsApp/)).toHaveCount(0);
  // The landing still ships without scripts: the server wrote the data into its HTML.
  await expect(visitor.locator('script[src]')).toHaveCount(0);
  await visitor.context().close();

  // The change is in Auditoría under its own name, with the fields' names and no ids.
  await page.goto('/admin/audit?entity=business_settings');
  const row = page
    .getByRole('table', { name: 'Registros' })
    .getByRole('row')
    .filter({ hasText: 'Datos del negocio' });
  await row
    .first()
    .getByRole('button', { name: /Ver cambios/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cambios' });
  await expect(dialog.getByText('Configuración · Datos del negocio')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: `Préstamos Don Beto ${id}` })).toBeVisible();
  await expect(dialog).not.toContainText('00000000-0000');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('Configuración by touch at 360×740: the form fits, a short phone is refused, then it saves', async ({
    page,
    browser,
  }) => {
    await clearSettings(page);
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Abrir menú de navegación' }).tap();
    await page.getByRole('navigation').getByRole('link', { name: 'Configuración' }).tap();
    await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
    await expectNoSideScroll(page);

    const whatsapp = businessForm(page).getByLabel('WhatsApp');
    await whatsapp.tap();
    await whatsapp.fill('55112');
    await businessForm(page).getByLabel('Domicilio').tap();
    await expect(page.getByText('El WhatsApp debe ser de 10 dígitos')).toBeVisible();
    await expect(businessForm(page).getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await whatsapp.fill('5511223344');
    await businessForm(page).getByLabel('Domicilio').fill('Av. Juárez 120, Centro, Cuauhtémoc');
    const save = businessForm(page).getByRole('button', { name: 'Guardar' });
    await save.scrollIntoViewIfNeeded();
    await save.tap();
    await expect(page.getByText('Datos del negocio guardados')).toBeVisible();
    await expectNoSideScroll(page);

    const visitor = await landing(browser, PHONE);
    const contact = contactOf(visitor);
    await expect(contact.getByRole('link', { name: 'WhatsApp 55 1122 3344' })).toHaveAttribute(
      'href',
      'https://wa.me/525511223344',
    );
    await expect(contact.getByText('Av. Juárez 120, Centro, Cuauhtémoc')).toBeVisible();
    await expect(contact.getByRole('link', { name: /Teléfono/ })).toHaveCount(0);
    await expectNoSideScroll(visitor);
    await visitor.context().close();
  });
});

/** The badge shows every digit: nothing cut, inside its tab, inside the screen. */
async function expectWholeCount(tab: Locator, badge: Locator, text: string, width: number) {
  await expect(badge).toHaveText(text);
  const fits = await badge.evaluate((el) => {
    const label = el.querySelector('.mantine-Badge-label') ?? el;
    return el.scrollWidth <= el.clientWidth && label.scrollWidth <= label.clientWidth;
  });
  expect(fits, `${text} is cut`).toBe(true);
  const [tabBox, badgeBox] = [await tab.boundingBox(), await badge.boundingBox()];
  if (!tabBox || !badgeBox) throw new Error('no box');
  expect(badgeBox.x).toBeGreaterThanOrEqual(tabBox.x - 0.5);
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(tabBox.x + tabBox.width + 0.5);
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(width);
}

for (const viewport of [PHONE, { width: 1366, height: 768 }]) {
  test(`Cobranza's tab counters of 100 to 999 are whole at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const id = unique();
    const admin = await adminApi(page.request);
    const username = `contador${id}@prestaya.mx`;
    await createAgent(admin, { lastName: `Contador${id}`, username, pin: '2468' });
    // The server's real reply, with the scope's counts of a big route (no agent has 999 loans here).
    const counts = { today: 100, week: 555, overdue: 999 };
    await page.route('**/api/v1/collections?**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, summary: { ...body.summary, counts } } });
    });
    await signIn(page, username, AGENT_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await page.goto('/admin/collections');
    await expect(page.getByRole('heading', { name: 'Cobranza', level: 1 })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Vencimientos' });
    for (const [value, label] of [
      ['today', 'Hoy'],
      ['week', 'Esta semana'],
      ['overdue', 'Atrasados'],
    ] as const) {
      const tab = tabs.getByRole('tab', { name: `${label} (${counts[value]})` });
      await expectWholeCount(
        tab,
        page.getByTestId(`tab-count-${value}`),
        String(counts[value]),
        viewport.width,
      );
    }
    if (viewport.width === PHONE.width) await expectNoSideScroll(page);
  });
}
