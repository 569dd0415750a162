import { eventOrganizerEndpoints, type EventMessageBody } from '@huddle/shared/event-organizer';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function messagePlayers({ eventId, body }: { eventId: string; body: EventMessageBody }) {
  return apiRequest(eventOrganizerEndpoints.messagePlayers, { params: { eventId }, body });
}

/** An organizer mails a date's players, its waitlist or both (issue 11). */
export function useMessagePlayers() {
  return useMutation({ mutationFn: messagePlayers });
}
