import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';
import { DEMO_ADMIN, DEMO_BASE_URL } from './constants.ts';
import { waitForDemoServer } from './support/demo-server.ts';

/**
 * The dashboard over ten weeks of a demo lender (`npm run seed:demo`; the second server, started in
 * the background by support/demo-server.ts): every card is there, 'Cobrado en el periodo' shows exactly what the
 * weekly-payments report says for the default week, PAR cards are percentages, the daily chart draws,
 * and picking a past week in the calendars changes the figure to that week's.
 */
test.use({ baseURL: DEMO_BASE_URL });

// The seed started with the run; on a slow machine it may still be going when this file's turn comes.
const SEED_TIMEOUT = 15 * 60_000;
test.beforeAll(async () => {
  test.setTimeout(SEED_TIMEOUT);
  await waitForDemoServer(SEED_TIMEOUT - 10_000);
});

const TIME_ZONE = 'America/Mexico_City';
const CARD_TITLES = [
  'Cobrado en el periodo',
  'Pagos por validar',
  'Préstamos nuevos',
  'Préstamos activos',
  'Préstamos atrasados',
  'Saldo por cobrar',
  'Efectivo en cuentas',
  'PAR 1',
  'PAR 7',
  'PAR 30',
];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Sunday–Saturday of the business week containing today (the dashboard's default range). */
function currentWeek(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const from = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
  return { from, to: addDays(from, 6) };
}

async function weeklyTotal(api: APIRequestContext, token: string, range: { from: string; to: string }) {
  const response = await api.get(`/api/v1/reports/weekly-payments?from=${range.from}&to=${range.to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.totals.total as number;
}

/**
 * Picks a day in a Mantine date picker: opens it, steps back month by month, clicks the day. Everything
 * is looked up inside this picker's own dropdown (the one its input names in aria-controls): the other
 * picker's calendar may still be fading out, showing the same month, and a click there would set the
 * wrong date.
 */
async function pickDate(page: Page, label: 'Desde' | 'Hasta', date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthName = MONTHS[month - 1] ?? '';
  const input = page.getByLabel(label);
  await input.click();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const dropdownId = await input.getAttribute('aria-controls');
  expect(dropdownId, `${label} names its calendar`).toBeTruthy();
  const dropdown = page.locator(`[id="${dropdownId}"]`);
  await expect(dropdown).toBeVisible();
  // Give each month time to render: a slow dropdown must not read as "not this month" and send the
  // loop back past the day.
  const previous = dropdown.locator('button[data-direction="previous"]');
  const dayButton = dropdown.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true });
  for (let step = 0; step < 3; step++) {
    const shown = await expect(dayButton)
      .toBeVisible({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    await previous.click();
  }
  await dayButton.click();
  await expect(input).toHaveText(fmt(date));
}

test('the dashboard shows the demo lender: week collected = the report, PAR in %, a chart, another week changes it', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const token = (await login.json()).access_token as string;
  const week = currentWeek();
  const pastWeek = { from: addDays(week.from, -21), to: addDays(week.from, -15) };
  const [weekTotal, pastTotal] = [
    await weeklyTotal(request, token, week),
    await weeklyTotal(request, token, pastWeek),
  ];
  // The demo data makes the comparison meaningful: collections three weeks ago, not the same as this week's.
  expect(pastTotal).toBeGreaterThan(0);
  expect(pastTotal).not.toBe(weekTotal);

  await page.goto('/auth/login');
  await page.getByLabel('Correo electrónico').fill(DEMO_ADMIN.username);
  await page.getByLabel('Contraseña').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const card = (title: string) => page.getByRole('region', { name: title, exact: true });
  for (const title of CARD_TITLES) await expect(card(title), title).toBeVisible();

  // Default range: the current week, and its collections exactly as the API computes them.
  await expect(page.getByText(`del ${fmt(week.from)} al ${fmt(week.to)}`)).toBeVisible();
  const collected = card('Cobrado en el periodo');
  await expect(collected).toContainText(formatPesos(weekTotal));

  for (const days of [1, 7, 30]) {
    await expect(card(`PAR ${days}`)).toContainText(/\d+\.\d\s?%/);
  }
  // Ten weeks of lending leave some loans behind: PAR 1 is not zero.
  expect(await card('PAR 1').innerText()).not.toMatch(/(^|[^\d])0\.0\s?%/);

  // The daily collections chart draws bars (a day without collections, e.g. a Sunday, draws none).
  const chart = page.getByRole('img', { name: /^Cobros diarios del/ });
  if (weekTotal > 0) {
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle').filter({ visible: true }).first()).toBeVisible();
  }

  // Three weeks ago, picked in the calendars: the figure is that week's.
  await pickDate(page, 'Desde', pastWeek.from);
  await pickDate(page, 'Hasta', pastWeek.to);
  await expect(page.getByText(`del ${fmt(pastWeek.from)} al ${fmt(pastWeek.to)}`)).toBeVisible();
  await expect(collected).toContainText(formatPesos(pastTotal));
  await expect(collected).not.toContainText(formatPesos(weekTotal));
  const pastChart = page.getByRole('img', { name: /^Cobros diarios del/ });
  await expect(pastChart.locator('.recharts-bar-rectangle').filter({ visible: true }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${pastWeek.from}&to=${pastWeek.to}`));
});

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the dashboard writes dates. */
function fmt(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}
