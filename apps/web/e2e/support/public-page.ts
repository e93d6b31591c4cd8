import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated a prerendered public page (PublicApp sets `<html data-hydrated>`):
 * text typed into its form before then would be reset.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
