import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { PHONE, PHONE_WIDTH } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, deliveredLoan } from './support/staff-api.ts';

// The printable statement read on a phone: as wide as the screen, every word and amount whole.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** The words of the sheet that a line break cuts in two ('Guadalu pe', '$8,000.0 0'). */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const sheet = document.querySelector('.print-sheet');
    if (!sheet) return ['no sheet'];
    const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test('the printable loan statement fits 360 px and breaks no word or amount', async ({ page }) => {
  const id = unique();
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const { loan } = await deliveredLoan(api, {
    account: { name: `Caja Impresa ${id}`, bankName: 'Banorte', customerName: 'PrestaYa Oficina' },
    customer: {
      name: 'Guadalupe',
      lastName: `Hernández${id.slice(-4)}`,
      secondLastName: 'Villaseñor',
      phone: `58${id.slice(-8)}`,
      curp: curpOf('GUHV', id),
    },
    amount: 8_000,
  });
  await page.goto(`/admin/print/loans/${loan.id}`);
  await expect(page.getByTestId('statement-balance')).toBeVisible();
  // A phone widens its layout to hold what overflows, so its width is read as well as the scroll's.
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
  expect(width).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(await brokenWords(page)).toEqual([]);
});
