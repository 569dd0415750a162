import type { OnboardingStep, OnboardingStepStatus } from '@huddle/shared/onboarding';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { onboardingProgress } from './onboarding.schema.ts';

export type OnboardingRow = typeof onboardingProgress.$inferSelect;

export async function findOnboardingRow(db: Database, userId: string): Promise<OnboardingRow | undefined> {
  const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));
  return row;
}

/**
 * Sets one step's status, merged into the stored steps by the database (jsonb ||): two steps saved
 * at once from two tabs both stay.
 */
export async function upsertOnboardingStep(
  db: Database,
  { userId, step, status, at }: { userId: string; step: OnboardingStep; status: OnboardingStepStatus; at: Date },
): Promise<OnboardingRow> {
  const entry = { [step]: status };
  const [row] = await db
    .insert(onboardingProgress)
    .values({ userId, steps: entry, updatedAt: at })
    .onConflictDoUpdate({
      target: onboardingProgress.userId,
      set: { steps: sql`${onboardingProgress.steps} || ${JSON.stringify(entry)}::jsonb`, updatedAt: at },
    })
    .returning();
  return row!;
}

/** Records "not now"; the first time counts (a second dismissal keeps the first date). */
export async function upsertOnboardingDismissed(db: Database, { userId, at }: { userId: string; at: Date }) {
  const [row] = await db
    .insert(onboardingProgress)
    .values({ userId, dismissedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: onboardingProgress.userId,
      set: { dismissedAt: sql`coalesce(${onboardingProgress.dismissedAt}, excluded.dismissed_at)`, updatedAt: at },
    })
    .returning();
  return row!;
}
