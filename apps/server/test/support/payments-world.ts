import { paymentsApi } from './api.ts';
import { useTestApp } from './app.ts';
import { useLoanWorld } from './worlds.ts';

/**
 * The set-up shared by the payment tests that keep no files: importing this module registers the hooks
 * (an app, then a fresh loanWorld before each test), as support/loans-world.ts does for loans.
 */
export const context = useTestApp();

export const api = paymentsApi(context);

export const world = useLoanWorld(context);
