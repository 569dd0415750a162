import {
  onboardingSteps,
  type OnboardingProgress,
  type OnboardingStep,
  type OnboardingStepStatus,
} from '@huddle/shared/onboarding';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  findOnboardingRow,
  upsertOnboardingDismissed,
  upsertOnboardingStep,
  type OnboardingRow,
} from './onboarding.repository.ts';

function toReply(row: OnboardingRow | undefined): OnboardingProgress {
  const steps = row?.steps ?? {};
  return {
    steps,
    dismissed: Boolean(row?.dismissedAt),
    finished: onboardingSteps.every((step) => steps[step]),
  };
}

/** Issue 16: the signed-in person's own guided start; no one reads or writes another's. */
export async function getOnboarding(db: Database, { actorId }: { actorId: string }): Promise<OnboardingProgress> {
  return toReply(await findOnboardingRow(db, actorId));
}

/**
 * A step done or skipped. What the step saves (sports, city, availability, notification settings,
 * joining a game) goes through its own feature's route, so the home tasks follow those saves.
 */
export async function setOnboardingStep(
  { db, clock }: { db: Database; clock: Clock },
  { actorId, step, status }: { actorId: string; step: OnboardingStep; status: OnboardingStepStatus },
): Promise<OnboardingProgress> {
  return toReply(await upsertOnboardingStep(db, { userId: actorId, step, status, at: clock.now() }));
}

export async function dismissOnboarding(
  { db, clock }: { db: Database; clock: Clock },
  { actorId }: { actorId: string },
): Promise<OnboardingProgress> {
  return toReply(await upsertOnboardingDismissed(db, { userId: actorId, at: clock.now() }));
}
