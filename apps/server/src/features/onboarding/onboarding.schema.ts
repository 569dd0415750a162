import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OnboardingStep, OnboardingStepStatus } from '@huddle/shared/onboarding';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Issue 16, user-onboarding: where a person is in the guided start, so it resumes on any device.
 * No row: never started. Steps hold only the ones done or skipped.
 */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  steps: jsonb('steps').$type<Partial<Record<OnboardingStep, OnboardingStepStatus>>>().notNull().default({}),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
