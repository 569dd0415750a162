import type { EventView } from '@huddle/shared/events';

/**
 * Whether the event page asks for the viewer's substitute invitation to the date and shows its
 * banner: a signed-in person not in the game yet, on a date that goes ahead. One rule for the page
 * and the server render (entry-server.tsx), which reads the invitation only when the page would.
 */
export function invitationAnswerable(view: EventView, userId: string | null): boolean {
  return userId !== null && !view.myParty && !view.event.cancelled && !view.occurrenceCancelled;
}
