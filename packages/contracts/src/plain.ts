/**
 * The zod-free part of the contracts: date bounds, labels, payment folios, money conversions and
 * formatting, the public lookup's rules. The borrower's pages import from `@prestaya/contracts/plain` so zod stays out of their bundle,
 * which has a size budget (apps/web/e2e/bundle-budget.spec.ts); everything here is also exported by the
 * main entry.
 */
export * from './business-contact.ts';
export * from './cat-label.ts';
export * from './dates.ts';
export * from './folio.ts';
export * from './idempotency.ts';
export * from './labels.ts';
export * from './money-format.ts';
export * from './public-lookup.ts';
export * from './web-documents.ts';
