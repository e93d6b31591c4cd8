export * from './audit.ts';
export * from './rate-limits.ts';
export * from './users.ts';
