/**
 * What bench/ may use of the server, as `@prestaya/server/bench`: the benchmarks drive the real app,
 * its queries and its jobs, and this list is the one place that says which. A rename inside the
 * server changes this file, not the benchmarks.
 */
export { buildApp } from './app.ts';
export { businessClock } from './clock.ts';
export { loadConfig } from './config.ts';
export { type AppDb, type Database, openDatabase, PG_SESSION_OPTIONS } from './db/client.ts';
export { literalList } from './db/literals.ts';
export { MIGRATIONS_FOLDER, migrateDatabase } from './db/migrate.ts';
export { countHit } from './db/rate-limit-hits.ts';
export { bankAccounts } from './db/schema/bank-accounts.ts';
export { customers } from './db/schema/customers.ts';
export * as schema from './db/schema/index.ts';
export { users } from './db/schema/users.ts';
export { containsPattern } from './db/search.ts';
export { fakePerson } from './demo/people.ts';
export { NATIONWIDE } from './demo/places.ts';
export { mulberry32, type Random, streamFor } from './demo/random.ts';
export {
  ACCRUAL_BATCH_LOANS,
  ACCRUAL_CONNECTIONS,
  ACCRUAL_PAUSE_PERCENT,
  type AccrualResult,
  type AccrualStep,
  accrueFees,
  type BatchResult,
} from './jobs/accrual.ts';
export { importAmlList } from './modules/aml/import-list.ts';
export { screenCustomers } from './modules/aml/screening.ts';
export { hashSecret } from './modules/auth/secrets.ts';
export { loadSessionUser } from './modules/auth/service.ts';
export { collectionDay } from './modules/collections/due-loans.ts';
export { listCollections } from './modules/collections/list.ts';
export { listCustomers } from './modules/customers/list.ts';
export { checkImport } from './modules/imports/check.ts';
export { prepareRun, runImport } from './modules/imports/run.ts';
export { listLoans } from './modules/loans/list.ts';
export { listPayments } from './modules/payments/list.ts';
export { pendingPayments } from './modules/payments/pending.ts';
export { lookupLoan } from './modules/public/lookup-loan.ts';
export {
  agentPortfolioRows,
  livePortfolioRows,
  liveWeeklyFigures,
  type WeeklyFigures,
  WHOLE_BUSINESS,
} from './modules/reports/live.ts';
export { tallyPortfolioRows, tallyWeeklyFigures } from './modules/reports/tallies.ts';
export { createUser } from './modules/users/create-user.ts';
