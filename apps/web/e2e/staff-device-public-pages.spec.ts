import { expect, test } from '@playwright/test';
import { waitForShellOnPhone } from './support/collections.ts';
import { signInAsAdmin } from './support/session.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// A phone where staff signed in has the staff app's service worker; the borrower's pages on the same
// origin still come from the server, not from the staff shell.
test("the landing and 'Consulta' open on a device where staff signed in", async ({ page }) => {
  await signInAsAdmin(page);
  await waitForShellOnPhone(page);

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'El dinero que necesitas, con pagos claros cada semana' }),
  ).toBeVisible();

  await page.goto('/consulta');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Página no encontrada')).toHaveCount(0);
});
