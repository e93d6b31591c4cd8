/**
 * The business rules as pure functions: no zod, no I/O, no HTTP. The server, the web app, the demo
 * data and the benchmarks import them, so no rule is computed twice.
 */

export * from './business-time.ts';
export * from './fee-status.ts';
export * from './installment-status.ts';
export * from './loan-policy.ts';
export * from './loan-status.ts';
export * from './money.ts';
export * from './payment-selection.ts';
export * from './payment-status.ts';
