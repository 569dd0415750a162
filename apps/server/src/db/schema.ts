// Every table, for drizzle-kit and the typed query builder. Each feature owns its schema file.
export * from '../features/accounts/accounts.schema.ts';
export * from '../lib/mail/outbox.schema.ts';
