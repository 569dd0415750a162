import { substituteEndpoints, type SubstituteSettings } from '@huddle/shared/substitutes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function saveSubstituteSettings({ eventId, settings }: { eventId: string; settings: SubstituteSettings }) {
  return apiRequest(substituteEndpoints.saveSubstituteSettings, { params: { eventId }, body: settings });
}

export function useSaveSubstituteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSubstituteSettings,
    // Every date of the event shows the same settings.
    onSuccess: (_reply, { eventId }) => queryClient.invalidateQueries({ queryKey: ['substitutes', eventId] }),
  });
}
