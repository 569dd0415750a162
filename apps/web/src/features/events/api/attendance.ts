import { eventOrganizerEndpoints, type MarkAttendanceBody } from '@huddle/shared/event-organizer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** Who was marked present or a no-show on a date (organizers; issue 11). */
export function useAttendance(eventId: string, occurrence: string, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.attendance(eventId, occurrence),
    queryFn: () => apiRequest(eventOrganizerEndpoints.listAttendance, { params: { eventId }, query: { occurrence } }),
    enabled,
  });
}

export function markAttendance({ eventId, body }: { eventId: string; body: MarkAttendanceBody }) {
  return apiRequest(eventOrganizerEndpoints.markAttendance, { params: { eventId }, body });
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSuccess: (reply, { eventId, body }) =>
      queryClient.setQueryData(eventKeys.attendance(eventId, body.occurrenceStartsAt), reply),
  });
}
