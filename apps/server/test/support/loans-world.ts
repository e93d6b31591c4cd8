import { loansApi } from './api.ts';
import { useTestApp } from './app.ts';
import { useLoanWorld } from './worlds.ts';

/**
 * The set-up shared by the loan journey tests: called once at the top of the file, it registers the
 * hooks (an app, then a fresh loanWorld before each test), the way support/public-payment-world.ts does
 * for public payments. `context` and `world` are filled in place, so read their properties in tests.
 */
export function useLoansWorld() {
  const context = useTestApp();
  return { context, api: loansApi(context), world: useLoanWorld(context) };
}
