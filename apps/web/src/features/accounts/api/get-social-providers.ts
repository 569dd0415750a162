import { socialProviderIds } from '@huddle/shared/accounts';
import { defineEndpoint } from '@huddle/shared/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/config as the sign-in pages read it: only its social providers. The endpoint
 * is declared once, in @huddle/shared/profiles (profileEndpoints.getPublicConfig); importing
 * that module would put every profile schema on the sign-in page (about 1.5 KB gzip of its
 * 170 KB budget: @huddle/shared is not marked side-effect free, so none of it is shaken
 * out). This declares the same path with a reply schema that keeps just this field (zod
 * drops the rest); get-social-providers.test.ts holds it to the shared declaration.
 */
export const socialProvidersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  summary: 'The social sign-in providers of the public config',
  tags: ['system'],
  reply: z.object({ socialProviders: z.array(z.enum(socialProviderIds)) }),
});

export function getSocialProviders() {
  return apiRequest(socialProvidersEndpoint);
}

/** Its own key: the settings pages cache the whole config under ['public-config']. */
export function socialProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['public-config', 'social-providers'],
    queryFn: getSocialProviders,
    // Providers change only with a deploy.
    staleTime: 60 * 60_000,
  });
}

/** The social providers this server has configured; none while loading or when the config cannot be read. */
export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions()).data?.socialProviders ?? [];
}
