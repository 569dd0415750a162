import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Issue 16, user-onboarding: a short guided start for a new player. Each step saves through the
 * page it stands for (sports, city, availability, notification settings, joining a game); the
 * progress here only remembers which steps were done or skipped, so the guide resumes where it
 * was left, on any device.
 */
export const onboardingSteps = ['sports', 'city', 'availability', 'notifications', 'first-game'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const onboardingStepLabels: Record<OnboardingStep, string> = {
  sports: 'Your sports',
  city: 'Your city',
  availability: 'When you play',
  notifications: 'Notifications',
  'first-game': 'Your first game',
};

export const onboardingStepStatuses = ['done', 'skipped'] as const;
export type OnboardingStepStatus = (typeof onboardingStepStatuses)[number];

export const onboardingPath = '/user-onboarding';

export const onboardingReply = z
  .object({
    steps: z.partialRecord(z.enum(onboardingSteps), z.enum(onboardingStepStatuses)),
    /** The person said "not now" to the guide; it stays open from the home tasks. */
    dismissed: z.boolean(),
    /** Every step is done or skipped. */
    finished: z.boolean(),
  })
  .meta({ id: 'OnboardingProgress' });
export type OnboardingProgress = z.infer<typeof onboardingReply>;

/** The first step neither done nor skipped: where the guide resumes (null when finished). */
export function resumeStep(progress: Pick<OnboardingProgress, 'steps'>): OnboardingStep | null {
  return onboardingSteps.find((step) => !progress.steps[step]) ?? null;
}

const tags = ['onboarding'] as const;

export const onboardingEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/me/onboarding',
    summary: 'My progress through the guided start',
    tags,
    reply: onboardingReply,
  }),
  setStep: defineEndpoint({
    method: 'PUT',
    path: '/api/me/onboarding/steps/:step',
    summary: 'Mark a step of my guided start done or skipped',
    tags,
    params: z.object({ step: z.enum(onboardingSteps) }),
    body: z.strictObject({ status: z.enum(onboardingStepStatuses) }),
    reply: onboardingReply,
  }),
  dismiss: defineEndpoint({
    method: 'POST',
    path: '/api/me/onboarding/dismiss',
    summary: 'Not now: the guided start is no longer offered (it stays open from the home tasks)',
    tags,
    reply: onboardingReply,
  }),
} as const;
