import { customDomainEndpoints } from '@huddle/shared/custom-domains';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const customDomainKeys = {
  ofWebsite: (websiteId: string) => ['custom-domains', websiteId] as const,
};

export function useWebsiteDomains(websiteId: string) {
  return useQuery({
    queryKey: customDomainKeys.ofWebsite(websiteId),
    queryFn: () => apiRequest(customDomainEndpoints.list, { params: { websiteId } }),
    retry: false,
  });
}

/** Add, check and remove all refresh the website's list. */
function useDomainMutation<Input>(websiteId: string, run: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customDomainKeys.ofWebsite(websiteId) }),
  });
}

export const useAddDomain = (websiteId: string) =>
  useDomainMutation(websiteId, (domain: string) =>
    apiRequest(customDomainEndpoints.add, { params: { websiteId }, body: { domain } }),
  );

export const useCheckDomain = (websiteId: string) =>
  useDomainMutation(websiteId, (domainId: string) => apiRequest(customDomainEndpoints.check, { params: { domainId } }));

export const useRemoveDomain = (websiteId: string) =>
  useDomainMutation(websiteId, (domainId: string) =>
    apiRequest(customDomainEndpoints.remove, { params: { domainId } }),
  );
