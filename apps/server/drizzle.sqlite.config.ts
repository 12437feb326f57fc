import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @assistant-platform/server db:generate` writes a new SQL migration after a schema edit.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/sqlite/schema.ts',
  out: './drizzle/sqlite',
});
