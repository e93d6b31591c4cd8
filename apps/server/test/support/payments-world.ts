import { paymentsApi } from './api.ts';
import { useTestApp } from './app.ts';
import { useLoanWorld } from './worlds.ts';

/**
 * The set-up shared by the payment tests that keep no files: called once at the top of the file, it
 * registers the hooks (an app, then a fresh loanWorld before each test), as support/loans-world.ts does
 * for loans. `context` and `world` are filled in place, so read their properties in tests.
 */
export function usePaymentsWorld() {
  const context = useTestApp();
  return { context, api: paymentsApi(context), world: useLoanWorld(context) };
}
