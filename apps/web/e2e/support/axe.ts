import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation or transition has run for three frames: axe measures colours as
 * painted, and a dialog still fading in (Mantine's 200 ms transition) reads as low contrast.
 * Spinners loop forever and are not waited for.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(() => {
    (window as { quietFrames?: number }).quietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const busy = document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      const w = window as { quietFrames?: number };
      w.quietFrames = busy ? 0 : (w.quietFrames ?? 0) + 1;
      return w.quietFrames >= 3;
    },
    undefined,
    { polling: 'raf', timeout: 5_000 },
  );
}

/** The serious and critical findings of axe on the page as it is now shown. */
async function severeFindings(page: Page) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

/**
 * axe finds nothing serious or critical on the page as it is now shown. A toast's auto-close starts
 * its fade-out at a moment of its own, and one that starts while axe reads the page is measured half
 * transparent (low contrast): findings on a toast are read again once, after it has settled or gone.
 */
export async function expectNoSeriousAxeFinding(page: Page) {
  let severe = await severeFindings(page);
  if (severe.some((finding) => finding.includes('mantine-Notification'))) severe = await severeFindings(page);
  expect(severe, page.url()).toEqual([]);
}
