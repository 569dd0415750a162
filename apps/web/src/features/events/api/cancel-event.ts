import { eventEndpoints } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function cancelEvent(eventId: string) {
  return apiRequest(eventEndpoints.cancelEvent, { params: { eventId } });
}

/** The event stays visible as cancelled; every list drops it (spec §4). */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
