export * from './auth.ts';
export * from './common.ts';
export * from './labels.ts';
export * from './money.ts';
export * from './users.ts';
export { z } from './zod.ts';
