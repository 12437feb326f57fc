import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @assistant-platform/server db:generate` writes a new SQL migration for each dialect
// after a schema edit (this one for SQLite, drizzle.postgres.config.ts for PostgreSQL).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/sqlite/schema.ts',
  out: './drizzle/sqlite',
});
