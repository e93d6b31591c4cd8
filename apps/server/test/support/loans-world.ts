import { loansApi } from './api.ts';
import { useTestApp } from './app.ts';
import { useLoanWorld } from './worlds.ts';

/**
 * The set-up shared by the loan journey tests: importing this module registers the hooks (an app, then
 * a fresh loanWorld before each test), the way support/public-payment-world.ts does for public payments.
 */
export const context = useTestApp();

export const api = loansApi(context);

export const world = useLoanWorld(context);
