import { expect, type Page } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';

/** Cobranza's card of the customer whose name ends in `lastName`. */
export const cardOf = (page: Page, lastName: string) =>
  page.getByRole('article', { name: new RegExp(` ${lastName}$`) });

/** 'Cobrar' on a card, all that is due, while the phone has no signal: kept as 'Pendiente de enviar'. */
export async function collectOffline(page: Page, lastName: string, total: number) {
  const card = cardOf(page, lastName);
  await card.getByRole('button', { name: 'Cobrar' }).click();
  await page
    .getByRole('dialog', { name: 'Cobrar' })
    .getByRole('button', { name: `Cobrar ${formatPesos(total)}` })
    .click();
  const result = page.getByRole('dialog', { name: 'Cobro' });
  await expect(result.getByText('Pendiente de enviar')).toBeVisible();
  await result.getByRole('button', { name: 'Listo' }).click();
  await expect(card.getByText('Pendiente de enviar')).toBeVisible();
}

/** The service worker controls the page: the app's shell is on the phone before the signal goes. */
export const waitForShellOnPhone = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
