import {
  websiteEndpoints,
  type SaveWebsiteBody,
  type WebsiteDraft,
  type WebsiteTemplate,
} from '@huddle/shared/websites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query keys of the websites feature, so every mutation refreshes the same caches. */
export const websiteKeys = {
  mine: ['websites', 'mine'] as const,
  draft: (websiteId: string) => ['websites', 'draft', websiteId] as const,
  public: (websiteId: string) => ['websites', 'public', websiteId] as const,
  team: (teamId: string) => ['websites', 'team', teamId] as const,
};

export function useMyWebsites() {
  return useQuery({ queryKey: websiteKeys.mine, queryFn: () => apiRequest(websiteEndpoints.listMine) });
}

export const createWebsite = (template: WebsiteTemplate, teamId: string | null) =>
  apiRequest(websiteEndpoints.create, { body: { template, teamId } });

export const getWebsiteDraft = (websiteId: string) => apiRequest(websiteEndpoints.getDraft, { params: { websiteId } });

export const saveWebsite = (websiteId: string, body: SaveWebsiteBody) =>
  apiRequest(websiteEndpoints.save, { params: { websiteId }, body });

export const getPublicWebsite = (websiteId: string) =>
  apiRequest(websiteEndpoints.getPublic, { params: { websiteId } });

export const getTeamWebsite = (teamId: string) => apiRequest(websiteEndpoints.getTeamSite, { params: { teamId } });

export function usePublishWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ websiteId, published }: { websiteId: string; published: boolean }) =>
      apiRequest(websiteEndpoints.publish, { params: { websiteId }, body: { published } }),
    onSuccess: (draft: WebsiteDraft) => {
      void queryClient.invalidateQueries({ queryKey: websiteKeys.mine });
      void queryClient.invalidateQueries({ queryKey: websiteKeys.public(draft.id) });
      if (draft.team) void queryClient.invalidateQueries({ queryKey: websiteKeys.team(draft.team.id) });
    },
  });
}

export function useDeleteWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (websiteId: string) => apiRequest(websiteEndpoints.remove, { params: { websiteId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.mine }),
  });
}
