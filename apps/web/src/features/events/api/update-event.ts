import { eventEndpoints, type EventBody } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function updateEvent({ eventId, body }: { eventId: string; body: EventBody }) {
  return apiRequest(eventEndpoints.updateEvent, { params: { eventId }, body });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
