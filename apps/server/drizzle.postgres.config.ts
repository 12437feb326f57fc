import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.sqlite.config.ts: the same tables, its own migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/postgres/schema.ts',
  out: './drizzle/postgres',
});
