import { teamEndpoints } from '@huddle/shared/teams';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ambassadorApplicationBody } from '@huddle/shared/teams';
import { apiRequest } from '../../../lib/api-client.ts';

export function useApplyAsAmbassador() {
  return useMutation({
    mutationFn: (body: z.infer<typeof ambassadorApplicationBody>) =>
      apiRequest(teamEndpoints.applyAsAmbassador, { body }),
  });
}
