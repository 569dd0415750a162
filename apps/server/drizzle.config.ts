import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new versioned SQL migration from the schema files.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
