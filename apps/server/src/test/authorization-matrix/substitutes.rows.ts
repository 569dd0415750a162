import { substituteInvitations } from '../../features/substitutes/substitutes.schema.ts';
import { newEvent, type Cast, type EventFixture } from './cast.ts';
import { signedIn, statuses, type MatrixRow } from './matrix.ts';
import type { Role } from './cast.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 12, substitutes on demand: the event's organizers read who was invited and change the
// settings; an invited person reads and answers their own invitation. A team-only event does
// not exist outside the team (404).

const settings = { enabled: true, hoursBefore: 12, radius: 15, radiusUnit: 'mi' };

/** A fresh event of the row, and an invitation of the caller to its first date when asked. */
async function fresh(cast: Cast, role: Role, target: 'public' | 'team-only', invited: boolean): Promise<EventFixture> {
  const event = await newEvent(
    cast,
    target === 'public' ? { team: cast.publicTeam } : { team: cast.privateTeam, visibility: 'team' },
  );
  if (invited && role !== 'anonymous') {
    await cast.t.db.insert(substituteInvitations).values({
      eventId: event.id,
      occurrenceStartsAt: new Date(event.occurrence),
      userId: cast.people[role].id,
      distanceKm: 3,
      invitedAt: new Date(),
    });
  }
  return event;
}

export const substituteRows: MatrixRow[] = (['public', 'team-only'] as const).flatMap((target): MatrixRow[] => {
  const managersOnly = target === 'public' ? statuses(401, 403, 403, 200, 200) : statuses(401, 404, 403, 200, 200);
  const seers = target === 'public' ? signedIn(200) : statuses(401, 404, 200, 200, 200);
  return [
    {
      route: 'GET /api/events/{eventId}/substitutes',
      target,
      call: async (cast, role) => {
        const event = await fresh(cast, role, target, false);
        return { params: { eventId: event.id }, query: { occurrence: event.occurrence } };
      },
      expect: managersOnly,
    },
    {
      route: 'PUT /api/events/{eventId}/substitutes/settings',
      target,
      call: async (cast, role) => ({
        params: { eventId: (await fresh(cast, role, target, false)).id },
        payload: settings,
      }),
      expect: managersOnly,
    },
    {
      route: 'GET /api/events/{eventId}/substitute-invitation',
      target,
      call: async (cast, role) => {
        const event = await fresh(cast, role, target, true);
        return { params: { eventId: event.id }, query: { occurrence: event.occurrence } };
      },
      expect: seers,
    },
    {
      route: 'POST /api/events/{eventId}/substitute-invitation/accept',
      target: `${target}; not invited`,
      call: async (cast, role) => {
        const event = await fresh(cast, role, target, false);
        return { params: { eventId: event.id }, payload: { occurrenceStartsAt: event.occurrence } };
      },
      expect: statuses(401, 404, 404, 404, 404),
    },
    {
      route: 'POST /api/events/{eventId}/substitute-invitation/accept',
      // The member already plays on that date: the join rules answer 409.
      target: `${target}; the caller invited`,
      call: async (cast, role) => {
        const event = await fresh(cast, role, target, true);
        return { params: { eventId: event.id }, payload: { occurrenceStartsAt: event.occurrence } };
      },
      expect: target === 'public' ? statuses(401, 200, 409, 200, 200) : statuses(401, 404, 409, 200, 200),
    },
    {
      route: 'POST /api/events/{eventId}/substitute-invitation/decline',
      target: `${target}; not invited`,
      call: async (cast, role) => {
        const event = await fresh(cast, role, target, false);
        return { params: { eventId: event.id }, payload: { occurrenceStartsAt: event.occurrence } };
      },
      expect: statuses(401, 404, 404, 404, 404),
    },
    {
      route: 'POST /api/events/{eventId}/substitute-invitation/decline',
      target: `${target}; the caller invited`,
      call: async (cast, role) => {
        const event = await fresh(cast, role, target, true);
        return { params: { eventId: event.id }, payload: { occurrenceStartsAt: event.occurrence } };
      },
      expect: seers,
    },
  ];
});
