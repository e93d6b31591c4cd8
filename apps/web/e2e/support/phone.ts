import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousAxeFinding } from './axe.ts';

/** The narrowest phone the staff screens are made for (`test.use({ viewport: PHONE })`). */
export const PHONE_WIDTH = 360;
export const PHONE = { width: PHONE_WIDTH, height: 740 };

/** The page does not scroll sideways at the phone's width. */
export async function expectNoSideScroll(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(PHONE_WIDTH);
}

/**
 * The screen has loaded (its heading, no table still fetching) and fits a 360 px phone: no sideways
 * scroll, 'Cerrar Sesión' on screen, and axe finds nothing serious or critical.
 */
export async function expectFitsPhone(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSideScroll(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport({
    ratio: 1,
  });
  await expectNoSeriousAxeFinding(page);
}

/** Opens a screen from the phone's navigation menu. */
export async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Abrir menú de navegación' }).click();
  await page.getByRole('navigation').getByRole('link', { name: link }).click();
}

/**
 * Taps `trigger` until `dialog` is open. A list that re-renders under the finger (a card growing a
 * 'pendiente de enviar' line, a closing dialog's fade) can take a tap on a loaded machine, as a real
 * phone can; the user taps again, and so does the journey, instead of waiting out its whole timeout.
 */
export async function tapToOpen(trigger: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await trigger.tap({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
