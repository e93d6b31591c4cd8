import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (run in apps/server) writes SQL migrations that run on PGlite and PostgreSQL 15.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
