import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated a prerendered public page (PublicApp sets `<html data-hydrated>`):
 * what is typed before then is kept, but a click on 'Buscar' would submit the bare HTML form and
 * reload the page instead of searching.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
