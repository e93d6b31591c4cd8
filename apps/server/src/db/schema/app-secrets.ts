import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Secrets the servers generate for themselves (the JWT signing key when JWT_SECRET is not set). In the
 * database, so every server on it uses the same one without configuration (modules/auth/jwt-secret.ts).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
