import { paidGameEndpoints } from '@huddle/shared/paid-games';
import { seasonEndpoints, type SeasonBody } from '@huddle/shared/seasons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

// Seasons of a team: organizers create them and manage registrations; players register.

export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, season }: { teamId: string; season: SeasonBody }) =>
      apiRequest(seasonEndpoints.createSeason, { params: { teamId }, body: season }),
    onSuccess: (_season, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) }),
  });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, name }: { teamId: string; seasonId: string; name: string }) =>
      apiRequest(seasonEndpoints.createGroup, { params: { seasonId }, body: { name } }),
    onSuccess: (_season, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      seasonId,
      guest,
    }: {
      teamId: string;
      seasonId: string;
      guest: { name: string; email: string } | null;
    }) => apiRequest(seasonEndpoints.register, { params: { seasonId }, body: { guest } }),
    onSuccess: (_registration, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) }),
  });
}

export const registrationsKey = (seasonId: string) => ['seasons', 'registrations', seasonId] as const;

export function useSeasonRegistrations(seasonId: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationsKey(seasonId),
    queryFn: () => apiRequest(seasonEndpoints.listRegistrations, { params: { seasonId } }),
    enabled,
  });
}

export function useUpdateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      seasonId,
      registrationId,
      changes,
    }: {
      seasonId: string;
      registrationId: string;
      changes: { status?: 'pending' | 'approved'; groupId?: string | null };
    }) => apiRequest(seasonEndpoints.updateRegistration, { params: { seasonId, registrationId }, body: changes }),
    onSuccess: (_registration, { seasonId }) => queryClient.invalidateQueries({ queryKey: registrationsKey(seasonId) }),
  });
}

export function useRemoveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, registrationId }: { teamId: string; seasonId: string; registrationId: string }) =>
      apiRequest(seasonEndpoints.removeRegistration, { params: { seasonId, registrationId } }),
    onSuccess: (_reply, { seasonId, teamId }) => {
      void queryClient.invalidateQueries({ queryKey: registrationsKey(seasonId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) });
    },
  });
}

export const sessionsKey = (seasonId: string) => ['seasons', 'sessions', seasonId] as const;

export function useSeasonSessions(seasonId: string) {
  return useQuery({
    queryKey: sessionsKey(seasonId),
    queryFn: () => apiRequest(seasonEndpoints.listSessions, { params: { seasonId } }),
  });
}

export function useCreateSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      seasonId,
      session,
    }: {
      seasonId: string;
      session: { title: string | null; startsAt: string; durationMinutes: number; repeatWeeklyUntil: string | null };
    }) => apiRequest(seasonEndpoints.createSessions, { params: { seasonId }, body: session }),
    onSuccess: (_reply, { seasonId }) => queryClient.invalidateQueries({ queryKey: sessionsKey(seasonId) }),
  });
}

/**
 * A season with a fee (decision 033): a pending registration holds the place and Stripe Checkout
 * opens (the reply's url); the payment approves it. Credit with the team owner that covers the
 * fee registers at once (decision 035): the team's seasons are read again.
 */
export function useSeasonCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId }: { seasonId: string; teamId: string }) =>
      apiRequest(paidGameEndpoints.startSeasonCheckout, { params: { seasonId } }),
    onSuccess: (reply, { teamId }) => {
      if (reply.outcome === 'paid') void queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) });
    },
  });
}
