import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The phone the staff journeys run on (test.use({ viewport: PHONE })). */
export const PHONE = { width: 360, height: 740 };

/**
 * The screen has loaded (its heading, nothing still fetching), fits a 360 px phone without sideways
 * scroll, keeps 'Cerrar Sesión' on screen, and axe finds nothing serious or critical.
 */
export async function expectFitsPhone(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport({
    ratio: 1,
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
  expect(severe, page.url()).toEqual([]);
}
