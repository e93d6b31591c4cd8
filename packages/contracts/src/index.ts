export * from './auth.ts';
export * from './bank-accounts.ts';
export * from './common.ts';
export * from './customers.ts';
export * from './labels.ts';
export * from './loans.ts';
export * from './money.ts';
export * from './users.ts';
export { z } from './zod.ts';
