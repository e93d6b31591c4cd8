export * from './audit.ts';
export * from './bank-accounts.ts';
export * from './customers.ts';
export * from './loans.ts';
export * from './payments.ts';
export * from './pin-lockouts.ts';
export * from './rate-limits.ts';
export * from './users.ts';
