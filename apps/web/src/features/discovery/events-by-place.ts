import type { EventSummary } from '@huddle/shared/events';

export interface PlaceWithEvents {
  place: EventSummary['place'];
  events: EventSummary[];
}

/** One map marker per place: games at the same court would otherwise hide each other. */
export function eventsByPlace(events: EventSummary[]): PlaceWithEvents[] {
  const byPlace = new Map<string, PlaceWithEvents>();
  for (const event of events) {
    const entry = byPlace.get(event.place.id);
    if (entry) entry.events.push(event);
    else byPlace.set(event.place.id, { place: event.place, events: [event] });
  }
  return [...byPlace.values()];
}
