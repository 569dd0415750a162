import { instantToLocal } from '@huddle/shared/event-occurrences';
import { eventBodyFor } from '../factories.ts';
import { newEvent, type Cast, type EventFixture } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

const eventParams = (event: EventFixture) => ({ params: { eventId: event.id } });
const freshPublic = (cast: Cast, options: Omit<Parameters<typeof newEvent>[1], 'team'> = {}) =>
  newEvent(cast, { team: cast.publicTeam, ...options });
const freshTeamOnly = (cast: Cast, options: Omit<Parameters<typeof newEvent>[1], 'team' | 'visibility'> = {}) =>
  newEvent(cast, { team: cast.privateTeam, visibility: 'team', ...options });
/** The same event as the owner made it (newEvent's defaults), sent back by an edit. */
const editBody = (cast: Cast, teamId: string, visibility: 'public' | 'team') =>
  eventBodyFor(cast.place.id, { teamId, visibility, title: 'Pickup game, edited' });
const guest = { name: 'Guest Player', email: 'guest.joiner@example.com' };
/** Issue 11: a weekly series of three dates, and a game that started an hour ago. */
const series = { repeat: { weekdays: [2], until: null, count: 3 } };
const startedAnHourAgo = () => {
  const hour = 60 * 60 * 1000;
  return {
    startLocal: instantToLocal(new Date(Date.now() - hour), 'America/Chicago'),
    endLocal: instantToLocal(new Date(Date.now() + hour), 'America/Chicago'),
  };
};
const message = { audience: 'both', subject: 'Pitch moved', message: 'We play on pitch 2 today.' };

// Columns:                                        anonymous otherUser member organizer owner
// The event's creator (the owner) and its team's owner and organizers manage it; a team-only event
// exists for the team's members alone (404 to everyone else).

export const eventRows: MatrixRow[] = [
  {
    route: 'POST /api/events',
    target: 'no team',
    call: (cast) => ({ payload: eventBodyFor(cast.place.id) }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/events',
    target: 'for a team: its organizers only',
    call: (cast) => ({ payload: eventBodyFor(cast.place.id, { teamId: cast.publicTeam.id }) }),
    expect: statuses(401, 400, 400, 201, 201),
  },
  {
    route: 'POST /api/events',
    target: 'team-only, for a private team',
    call: (cast) => ({ payload: eventBodyFor(cast.place.id, { teamId: cast.privateTeam.id, visibility: 'team' }) }),
    expect: statuses(401, 400, 400, 201, 201),
  },
  { route: 'GET /api/events', expect: everyone(200) },
  { route: 'GET /api/events/nearby', call: () => ({ query: { lat: '30.27', lng: '-97.74' } }), expect: everyone(200) },
  { route: 'GET /api/me/events', expect: signedIn(200) },
  { route: 'GET /api/me/favorites', expect: signedIn(200) },
  {
    route: 'GET /api/places/{placeId}/events',
    call: (cast) => ({ params: { placeId: cast.place.id } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/events/{eventId}',
    target: 'public',
    call: (cast) => eventParams(cast.publicEvent),
    expect: everyone(200),
  },
  {
    route: 'GET /api/events/{eventId}',
    target: 'team-only',
    call: (cast) => eventParams(cast.teamOnlyEvent),
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'GET /api/events/{eventId}/calendar.ics',
    target: 'public',
    call: (cast) => eventParams(cast.publicEvent),
    expect: everyone(200),
  },
  {
    route: 'GET /api/events/{eventId}/calendar.ics',
    target: 'team-only',
    call: (cast) => eventParams(cast.teamOnlyEvent),
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'PUT /api/events/{eventId}',
    target: 'public',
    call: async (cast) => ({
      ...eventParams(await freshPublic(cast)),
      payload: editBody(cast, cast.publicTeam.id, 'public'),
    }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/events/{eventId}',
    target: 'team-only',
    call: async (cast) => ({
      ...eventParams(await freshTeamOnly(cast)),
      payload: editBody(cast, cast.privateTeam.id, 'team'),
    }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/cancel',
    target: 'public',
    call: async (cast) => eventParams(await freshPublic(cast)),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/cancel',
    target: 'team-only',
    call: async (cast) => eventParams(await freshTeamOnly(cast)),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/parties',
    target: 'public; anonymous as a guest; the member is on it already',
    call: async (cast, role) => {
      const event = await freshPublic(cast);
      return {
        ...eventParams(event),
        payload: { occurrenceStartsAt: event.occurrence, guest: role === 'anonymous' ? guest : null },
      };
    },
    expect: statuses(201, 201, 409, 201, 201),
  },
  {
    route: 'POST /api/events/{eventId}/parties',
    target: 'public; anonymous without a guest',
    call: async (cast) => {
      const event = await freshPublic(cast);
      return { ...eventParams(event), payload: { occurrenceStartsAt: event.occurrence } };
    },
    expect: statuses(401, 201, 409, 201, 201),
  },
  {
    route: 'POST /api/events/{eventId}/parties',
    target: 'team-only; anonymous as a guest',
    call: async (cast, role) => {
      const event = await freshTeamOnly(cast);
      return {
        ...eventParams(event),
        payload: { occurrenceStartsAt: event.occurrence, guest: role === 'anonymous' ? guest : null },
      };
    },
    expect: statuses(404, 404, 409, 201, 201),
  },
  {
    route: 'DELETE /api/events/{eventId}/parties/mine',
    target: 'public; only the member is on it',
    call: async (cast) => {
      const event = await freshPublic(cast);
      return { ...eventParams(event), query: { occurrence: event.occurrence } };
    },
    expect: statuses(401, 404, 200, 404, 404),
  },
  {
    route: 'DELETE /api/events/{eventId}/parties/mine',
    target: 'team-only',
    call: async (cast) => {
      const event = await freshTeamOnly(cast);
      return { ...eventParams(event), query: { occurrence: event.occurrence } };
    },
    expect: statuses(401, 404, 200, 404, 404),
  },
  {
    route: 'POST /api/events/{eventId}/parties/{partyId}/claim',
    target: 'public; the spot is offered to the member',
    call: async (cast) => {
      const event = await freshPublic(cast, { memberStatus: 'offered' });
      return { params: { eventId: event.id, partyId: event.memberPartyId } };
    },
    expect: statuses(401, 403, 200, 403, 403),
  },
  {
    route: 'POST /api/events/{eventId}/parties/{partyId}/claim',
    target: 'team-only; the spot is offered to the member',
    call: async (cast) => {
      const event = await freshTeamOnly(cast, { memberStatus: 'offered' });
      return { params: { eventId: event.id, partyId: event.memberPartyId } };
    },
    expect: statuses(401, 404, 200, 403, 403),
  },
  {
    route: 'POST /api/events/{eventId}/parties/{partyId}/claim',
    target: 'the offered party named under another event',
    call: async (cast) => {
      const offered = await freshPublic(cast, { memberStatus: 'offered' });
      return { params: { eventId: cast.publicEvent.id, partyId: offered.memberPartyId } };
    },
    expect: statuses(401, 409, 409, 409, 409),
  },
  {
    route: 'DELETE /api/events/{eventId}/parties/{partyId}',
    target: 'the member’s party',
    call: async (cast) => {
      const event = await freshPublic(cast);
      return { params: { eventId: event.id, partyId: event.memberPartyId } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/events/{eventId}/parties/{partyId}',
    target: 'a party of another event',
    call: async (cast) => {
      const other = await freshPublic(cast);
      return { params: { eventId: cast.publicEvent.id, partyId: other.memberPartyId } };
    },
    expect: statuses(401, 403, 403, 404, 404),
  },
  {
    route: 'PUT /api/events/{eventId}/parties/{partyId}/check-in',
    call: async (cast) => {
      const event = await freshPublic(cast);
      return { params: { eventId: event.id, partyId: event.memberPartyId }, payload: { checkedIn: true } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/events/{eventId}/parties/{partyId}/check-in',
    target: 'team-only',
    call: async (cast) => {
      const event = await freshTeamOnly(cast);
      return { params: { eventId: event.id, partyId: event.memberPartyId }, payload: { checkedIn: true } };
    },
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'PUT /api/events/{eventId}/waitlist',
    target: 'the teammate waiting',
    call: async (cast) => {
      const event = await freshPublic(cast, { teammateWaiting: true });
      const waiting = await cast.t.app.inject({
        url: `/api/events/${event.id}`,
        headers: { cookie: cast.people.owner.cookie },
      });
      const partyIds = (waiting.json() as { waitlist: { id: string }[] }).waitlist.map((party) => party.id);
      return { ...eventParams(event), payload: { occurrenceStartsAt: event.occurrence, partyIds } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/events/{eventId}/favorite',
    target: 'public',
    call: (cast) => eventParams(cast.publicEvent),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/events/{eventId}/favorite',
    target: 'team-only',
    call: (cast) => eventParams(cast.teamOnlyEvent),
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'DELETE /api/events/{eventId}/favorite',
    target: 'public',
    call: (cast) => eventParams(cast.publicEvent),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/events/{eventId}/favorite',
    target: 'team-only',
    call: (cast) => eventParams(cast.teamOnlyEvent),
    expect: statuses(401, 404, 200, 200, 200),
  },
  // Issue 11: the organizer's tools. Each row makes its own event, so limits and marks start afresh.
  ...(['public', 'team-only'] as const).flatMap((target): MatrixRow[] => {
    const fresh = target === 'public' ? freshPublic : freshTeamOnly;
    // A team-only event does not exist for someone outside the team.
    const managersOnly = target === 'public' ? statuses(401, 403, 403, 200, 200) : statuses(401, 404, 403, 200, 200);
    return [
      {
        route: 'POST /api/events/{eventId}/occurrences/cancel',
        target,
        call: async (cast) => {
          const event = await fresh(cast, { schedule: series });
          return { ...eventParams(event), payload: { occurrenceStartsAt: event.occurrence } };
        },
        expect: managersOnly,
      },
      {
        route: 'GET /api/events/{eventId}/player-search',
        target,
        call: async (cast) => ({ ...eventParams(await fresh(cast)), query: { q: cast.teammate.email } }),
        expect: managersOnly,
      },
      {
        route: 'POST /api/events/{eventId}/players',
        target: `${target}; the teammate by email`,
        call: async (cast) => {
          const event = await fresh(cast);
          return {
            ...eventParams(event),
            payload: { occurrenceStartsAt: event.occurrence, email: cast.teammate.email },
          };
        },
        expect: target === 'public' ? statuses(401, 403, 403, 201, 201) : statuses(401, 404, 403, 201, 201),
      },
      {
        route: 'GET /api/events/{eventId}/attendance',
        target,
        call: async (cast) => {
          const event = await fresh(cast);
          return { ...eventParams(event), query: { occurrence: event.occurrence } };
        },
        expect: managersOnly,
      },
      {
        route: 'PUT /api/events/{eventId}/attendance',
        target: `${target}; started an hour ago, the member joined`,
        call: async (cast) => {
          const event = await fresh(cast, { schedule: startedAnHourAgo() });
          return {
            ...eventParams(event),
            payload: { occurrenceStartsAt: event.occurrence, userId: cast.people.member.id, status: 'present' },
          };
        },
        expect: managersOnly,
      },
      {
        route: 'POST /api/events/{eventId}/messages',
        target: `${target}; the member joined`,
        call: async (cast) => {
          const event = await fresh(cast);
          return { ...eventParams(event), payload: { occurrenceStartsAt: event.occurrence, ...message } };
        },
        expect: managersOnly,
      },
    ];
  }),
];
