/**
 * The business rules as pure functions: no zod, no I/O, no HTTP. The server, the web app, the demo
 * data and the benchmarks import them, so no rule is computed twice.
 */

export * from './abono.ts';
export * from './aml.ts';
export * from './amount-in-words.ts';
export * from './book-import.ts';
export * from './business-time.ts';
export * from './calendar.ts';
export * from './cash-close.ts';
export * from './cash-count.ts';
export * from './cat.ts';
export * from './collected-at.ts';
export * from './collection-week.ts';
export * from './contract-template.ts';
export * from './expediente.ts';
export * from './fee-status.ts';
export * from './identity.ts';
export * from './installment-status.ts';
export * from './ledger.ts';
export * from './loan-balance.ts';
export * from './loan-cat.ts';
export * from './loan-policy.ts';
export * from './loan-product.ts';
export * from './loan-status.ts';
export * from './money.ts';
export * from './payment-items.ts';
export * from './payment-reference.ts';
export * from './payment-request-status.ts';
export * from './payment-rules.ts';
export * from './payment-selection.ts';
export * from './payment-status.ts';
export * from './payoff.ts';
export * from './pin-lockout.ts';
export * from './portfolio-risk.ts';
export * from './reconciliation-match.ts';
export * from './renewal.ts';
export * from './restructure.ts';
export * from './search-text.ts';
export * from './statement-line.ts';
export * from './visit-outcome.ts';
export * from './write-off.ts';
