// Renders the staff app's install icons (apps/web/public/pwa-*.png) from the favicon's design with the
// Chromium the journeys use, so no image package is needed. Run once after changing the design:
//   node scripts/generate-pwa-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'apps/web/public');
const TEAL = '#087f5b'; // the Mantine theme's primary shade (apps/web/src/app/theme.ts: teal, shade 9)

/**
 * The favicon's white 'P' on teal. `maskable` fills the square edge to edge and keeps the letter inside
 * the central 80 % safe zone, since the launcher cuts its own shape out of it.
 */
function svg(size, maskable) {
  const radius = maskable ? 0 : size * 0.22;
  const fontSize = size * (maskable ? 0.42 : 0.53);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${radius}" fill="${TEAL}"/>
<text x="50%" y="50%" dy="0.35em" font-family="Arial, Helvetica, 'Liberation Sans', 'DejaVu Sans', sans-serif"
 font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#fff">P</text></svg>`;
}

const icons = [
  { file: 'pwa-192x192.png', size: 192, maskable: false },
  { file: 'pwa-512x512.png', size: 512, maskable: false },
  { file: 'pwa-maskable-512x512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, maskable } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(size, maskable)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(join(out, file), png);
    console.log(`${file}: ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
