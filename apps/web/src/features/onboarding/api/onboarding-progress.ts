import {
  onboardingEndpoints,
  type OnboardingProgress,
  type OnboardingStep,
  type OnboardingStepStatus,
} from '@huddle/shared/onboarding';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const onboardingKey = ['me', 'onboarding'] as const;

export function onboardingQueryOptions() {
  return queryOptions({ queryKey: onboardingKey, queryFn: () => apiRequest(onboardingEndpoints.get) });
}

/** The signed-in person's progress through the guided start (kept on the server). */
export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}

export function useSetOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, status }: { step: OnboardingStep; status: OnboardingStepStatus }) =>
      apiRequest(onboardingEndpoints.setStep, { params: { step }, body: { status } }),
    onSuccess: (progress: OnboardingProgress) => queryClient.setQueryData(onboardingKey, progress),
  });
}

/** "Not now": the guide is no longer offered after first-time setup. */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(onboardingEndpoints.dismiss),
    onSuccess: (progress: OnboardingProgress) => queryClient.setQueryData(onboardingKey, progress),
  });
}
