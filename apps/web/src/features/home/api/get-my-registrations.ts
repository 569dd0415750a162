import { seasonEndpoints, type myRegistrationsReply } from '@huddle/shared/seasons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { HomeBlockQuery } from '../use-home-block.ts';

export type MyRegistration = z.infer<typeof myRegistrationsReply>['registrations'][number];

/** Spec §4: registrations loaded by the user's email; the server skips those lacking team or season. */
export async function getMyRegistrations(): Promise<MyRegistration[]> {
  return (await apiRequest(seasonEndpoints.listMyRegistrations)).registrations;
}

const myRegistrationsKey = ['me', 'registrations'] as const;

export function myRegistrationsQueryOptions() {
  return queryOptions({ queryKey: myRegistrationsKey, queryFn: getMyRegistrations });
}

/** Spec §2/§4: the player card's registrations, loaded when the card opens (the home block's cache when it has one). */
export function useMyRegistrations() {
  return useQuery(myRegistrationsQueryOptions());
}

/** Spec §4 userRegistrations: home's Registrations block, the same cache entry as the player card's. */
export function registrationsBlockQuery(): HomeBlockQuery<MyRegistration> {
  return { queryKey: myRegistrationsKey, queryFn: getMyRegistrations, enabled: true };
}
