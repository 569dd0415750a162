// Every table, for drizzle-kit and the typed query builder. Each feature owns its schema file.
export * from '../features/accounts/accounts.schema.ts';
export * from '../lib/mail/outbox.schema.ts';
export * from '../lib/realtime-overflow.schema.ts';
export * from '../features/availability/availability.schema.ts';
export * from '../features/profiles/profiles.schema.ts';
export * from '../features/game-types/game-types.schema.ts';
export * from '../features/feature-flags/feature-flags.schema.ts';
export * from '../features/presence/presence.schema.ts';
export * from '../features/teams/teams.schema.ts';
export * from '../features/seasons/seasons.schema.ts';
export * from '../features/places/places.schema.ts';
export * from '../features/events/events.schema.ts';
export * from '../features/calendar/calendar.schema.ts';
export * from '../features/notifications/notifications.schema.ts';
export * from '../features/substitutes/substitutes.schema.ts';
export * from '../features/messages/messages.schema.ts';
export * from '../features/subscriptions/subscriptions.schema.ts';
