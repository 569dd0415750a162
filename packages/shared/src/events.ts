import { z } from 'zod';
import { okReply } from './accounts.ts';
import { calendarDate, instant, localDateTime as wallClockDateTime, timeZoneName } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { maxOccurrences, maxSeriesDays } from './event-occurrences.ts';
import { defaultEventGender, eventGenders } from './genders.ts';
import { boundsFields, latitude, longitude, northAboveSouth } from './places.ts';
import { refundAfterDeadlineChoices, refundAfterDeadlineField, refundDeadlineHoursField } from './refund-policy.ts';
import { teamKinds } from './teams.ts';
import { email } from './users.ts';

/** Issue 5: games and events (spec §3 Event, §4 event lists, §7 event reads). */
export const skillLevels = ['all', 'beginner', 'intermediate', 'advanced'] as const;
export type SkillLevel = (typeof skillLevels)[number];
export const eventVisibilities = ['public', 'team'] as const;
/** held: a paid game's spot kept while its Checkout is open (decision 033). */
export const partyStatuses = ['joined', 'waitlisted', 'offered', 'held'] as const;
export type PartyStatus = (typeof partyStatuses)[number];
export const eventTitleLength = { min: 3, max: 80 } as const;
export const eventDescriptionMax = 2000;
export const eventSlots = { min: 1, max: 1000 } as const;
/** A party is the person plus at most this many friends (+N). */
export const maxFriends = 9;
/**
 * Guests (no account, spec §1) bring at most this many friends unless the organizer sets
 * otherwise (issue 10): one anonymous request must not take a whole public game.
 */
export const defaultMaxGuestFriends = 2;

/**
 * How long a waitlisted party has to claim a freed slot, shrinking as the start nears
 * (issue 5): 2 hours, 30 minutes within 6 hours of the start, 10 minutes within 1 hour.
 */
export function claimWindowMs(msUntilStart: number): number {
  const hour = 60 * 60 * 1000;
  if (msUntilStart > 6 * hour) return 2 * hour;
  if (msUntilStart > hour) return 30 * 60 * 1000;
  return 10 * 60 * 1000;
}

export const eventFullMessage = 'This game is full. Join the waitlist to get the next free spot.';
export const eventCancelledMessage = 'This event was cancelled.';
export const eventPastMessage = 'This event is over.';
export const alreadyJoinedMessage = 'You are already on this event.';
export const offerExpiredMessage = 'The offer for this spot has expired.';
/** A claim by a waiting party: never offered, or withdrawn when the spots were lowered (issue 10). */
export const offerWithdrawnMessage =
  'No spot is offered to you now: the organizer may have reduced the spots. You keep your place on the waitlist.';
/**
 * Beside the spots when an edit sets them below what a date still to come has taken: the people
 * who joined, and those holding a spot while they pay for it in Checkout (decision 059).
 */
export function slotsBelowTakenMessage({ joined, paying }: { joined: number; paying: number }): string {
  if (paying === 0) return `${joined} people have joined already; keep at least ${joined} spots.`;
  const taken = joined + paying;
  const who =
    joined > 0
      ? `${joined} ${joined === 1 ? 'person has' : 'people have'} joined and ${paying} ${paying === 1 ? 'is' : 'are'} paying`
      : `${paying} ${paying === 1 ? 'person is' : 'people are'} paying`;
  const spots = `${taken} ${taken === 1 ? 'spot' : 'spots'}`;
  return `${spots} ${taken === 1 ? 'is' : 'are'} taken: ${who} for theirs right now. Keep at least ${spots}.`;
}
export const guestFriendsMessage = (max: number) =>
  max === 0
    ? 'Guests join on their own here. Sign in to bring friends.'
    : `Guests can bring at most ${max} ${max === 1 ? 'friend' : 'friends'} here. Sign in to bring more.`;

export const eventIdParams = z.object({ eventId: z.uuid('Unknown event.') });
export const partyParams = eventIdParams.extend({ partyId: z.uuid('Unknown entry.') });

const localDateTime = wallClockDateTime('Pick a date and time.');
const localDate = calendarDate('Pick a date.');
const occurrenceInstant = instant('Pick an occurrence.');

export const weeklyRepeatBody = z
  .strictObject({
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: 'Pick the days it repeats on.' })
      .min(1, 'Pick the days it repeats on.')
      .max(7),
    until: localDate.nullable().default(null),
    count: z
      .number()
      .int()
      .min(2, 'A repeating event happens at least twice.')
      .max(maxOccurrences, `At most ${maxOccurrences} occurrences.`)
      .nullable()
      .default(null),
  })
  .superRefine((repeat, context) => {
    if ((repeat.until === null) === (repeat.count === null)) {
      context.addIssue({
        code: 'custom',
        message: 'Choose when the repeat ends: on a date or after a number of times.',
        path: ['until'],
      });
    }
  });

const eventFields = {
  title: z
    .string({ error: 'Give the event a title.' })
    .trim()
    .min(eventTitleLength.min, `Title must be at least ${eventTitleLength.min} characters.`)
    .max(eventTitleLength.max, `Title must be at most ${eventTitleLength.max} characters.`),
  gameType: z.string({ error: 'Choose a game type.' }).trim().min(1, 'Choose a game type.').max(60),
  description: z
    .string()
    .trim()
    .max(eventDescriptionMax, `Description must be at most ${eventDescriptionMax} characters.`)
    .nullable()
    .default(null),
  /** The IANA zone the event is held in; start and end are wall-clock times there. */
  timeZone: timeZoneName,
  startLocal: localDateTime,
  endLocal: localDateTime,
  repeat: weeklyRepeatBody.nullable().default(null),
  placeId: z.uuid('Choose a place.'),
  /** A team event (spec §2: the team is the parent); team organizers only. */
  teamId: z.uuid('Unknown team.').nullable().default(null),
  slots: z
    .number({ error: 'Enter the number of spots.' })
    .int()
    .min(eventSlots.min, `At least ${eventSlots.min} spot.`)
    .max(eventSlots.max, `At most ${eventSlots.max} spots.`),
  skillLevel: z.enum(skillLevels).default('all'),
  /** Who can play (decision 022); 'Any' is open to everyone. */
  gender: z.enum(eventGenders, { error: 'Choose who can play.' }).default(defaultEventGender),
  visibility: z.enum(eventVisibilities).default('public'),
  /** In cents (USD); shown now, collected with the payments slice. */
  priceCents: z.number().int().min(0).max(100_000).nullable().default(null),
  /** The refund policy of a priced event (decision 035); kept but unused while it is free. */
  refundDeadlineHours: refundDeadlineHoursField,
  refundAfterDeadline: refundAfterDeadlineField,
  autoPromote: z.boolean().default(false),
  /** The most friends a guest may bring in one join (issue 10); signed-in players up to maxFriends. */
  maxGuestFriends: z
    .number({ error: 'Enter how many friends a guest may bring.' })
    .int()
    .min(0, 'At least 0.')
    .max(maxFriends, `At most ${maxFriends}.`)
    .default(defaultMaxGuestFriends),
};

/** Shared by create and edit; the server adds the checks that need the clock and the database. */
export const eventBody = z
  .strictObject(eventFields)
  .superRefine((event, context) => {
    if (event.endLocal <= event.startLocal) {
      context.addIssue({ code: 'custom', message: 'The end must be after the start.', path: ['endLocal'] });
    }
    if (event.repeat?.until) {
      if (event.repeat.until < event.startLocal.slice(0, 10)) {
        context.addIssue({
          code: 'custom',
          message: 'The repeat must end after the first date.',
          path: ['repeat', 'until'],
        });
      }
      const days = (Date.parse(event.repeat.until) - Date.parse(event.startLocal.slice(0, 10))) / 86_400_000;
      if (days > maxSeriesDays) {
        context.addIssue({
          code: 'custom',
          message: 'A series can run for at most two years.',
          path: ['repeat', 'until'],
        });
      }
    }
    if (event.visibility === 'team' && !event.teamId) {
      context.addIssue({
        code: 'custom',
        message: 'Only a team event can be for the team only.',
        path: ['visibility'],
      });
    }
  })
  .meta({ id: 'EventBody' });
export type EventBody = z.input<typeof eventBody>;

const occurrenceReply = z.object({ startsAt: z.iso.datetime(), endsAt: z.iso.datetime() });
export type OccurrenceReply = z.infer<typeof occurrenceReply>;

const personReply = z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() });

export const viewerStatusKinds = ['going', 'waitlist', 'offer', 'organizer'] as const;
/**
 * The signed-in viewer's own standing on the occurrence a summary shows (`next`, or the event
 * view's date), issue 11: going, waiting (with the place in line), offered a freed spot (with
 * the claim deadline) or organizing; null when signed out or not involved. A party on the date
 * comes before organizing: an organizer who plays shows as going.
 */
export const viewerStatus = z
  .object({
    kind: z.enum(viewerStatusKinds),
    waitlistPosition: z.number().int().optional(),
    offerExpiresAt: z.iso.datetime().optional(),
    /** In a list: the later date of a series this status is about, when it is not the date shown. */
    on: z.iso.datetime().optional(),
  })
  .nullable();
export type ViewerStatus = z.infer<typeof viewerStatus>;

/** An event as lists show it. */
export const eventSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    gameType: z.string(),
    timeZone: z.string(),
    startLocal: z.string(),
    endLocal: z.string(),
    repeat: z
      .object({ weekdays: z.array(z.number()), until: z.string().nullable(), count: z.number().nullable() })
      .nullable(),
    /** The next occurrence not yet over, or null when the event is past (spec §3). */
    next: occurrenceReply.nullable(),
    place: z.object({ id: z.string(), name: z.string(), address: z.string(), lat: z.number(), lng: z.number() }),
    team: z.object({ id: z.string(), name: z.string(), kind: z.enum(teamKinds) }).nullable(),
    slots: z.number().int(),
    /** People (party sizes summed) joined to the next occurrence. */
    joinedCount: z.number().int(),
    skillLevel: z.enum(skillLevels),
    gender: z.enum(eventGenders),
    visibility: z.enum(eventVisibilities),
    priceCents: z.number().int().nullable(),
    cancelled: z.boolean(),
    inPast: z.boolean(),
    creatorId: z.string(),
    /** Present in nearest-first lists. */
    distanceKm: z.number().nullable(),
    viewerStatus,
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof eventSummary>;

export const partyReply = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  /** Spec §3 event view data: joiners carry isUnregisteredUser and userId. */
  isUnregisteredUser: z.boolean(),
  displayName: z.string(),
  photoURL: z.string(),
  partySize: z.number().int(),
  status: z.enum(partyStatuses),
  position: z.number().int(),
  offerExpiresAt: z.iso.datetime().nullable(),
  checkedIn: z.boolean(),
});
export type Party = z.infer<typeof partyReply>;

/** Spec §3 event view data: event, creator, joiners, favoriteUserCount, rsvpSlots. */
export const eventViewReply = z
  .object({
    event: eventSummary.extend({
      description: z.string().nullable(),
      autoPromote: z.boolean(),
      maxGuestFriends: z.number().int(),
      refundPolicy: z.object({ deadlineHours: z.number().int(), afterDeadline: z.enum(refundAfterDeadlineChoices) }),
      /** The signed-in viewer's credit with the organizer, spent first when paying (decision 035). */
      viewerCreditCents: z.number().int(),
    }),
    creator: personReply,
    /** The occurrence this view is about (the query's, else the next one). */
    occurrence: occurrenceReply,
    upcoming: z.array(occurrenceReply),
    /** This occurrence was called off on its own (issue 11); the series goes on. */
    occurrenceCancelled: z.boolean(),
    /** Every date of the series called off on its own, so date pickers can say so. */
    cancelledDates: z.array(z.iso.datetime()),
    joiners: z.array(partyReply),
    waitlist: z.array(partyReply),
    favoriteUserCount: z.number().int(),
    isFavorite: z.boolean(),
    /** Spots left on this occurrence. */
    rsvpSlots: z.number().int(),
    myParty: partyReply.nullable(),
    canManage: z.boolean(),
  })
  .meta({ id: 'EventView' });
export type EventView = z.infer<typeof eventViewReply>;

export const occurrenceQuery = z.object({
  occurrence: occurrenceInstant.optional(),
});

export const joinEventBody = z.strictObject({
  occurrenceStartsAt: occurrenceInstant,
  friends: z.number().int().min(0).max(maxFriends, `Bring at most ${maxFriends} friends.`).default(0),
  /** A guest joins with a name and an email (spec §1); a signed-in player sends null. */
  guest: z
    .object({
      name: z.string({ error: 'Enter your name.' }).trim().min(2, 'At least 2 characters.').max(100),
      email,
    })
    .nullable()
    .default(null),
});
export type JoinEventBody = z.input<typeof joinEventBody>;

export const joinEventReply = z.object({ party: partyReply });

export const leaveEventQuery = z.object({
  occurrence: occurrenceInstant,
});

export const checkInBody = z.strictObject({ checkedIn: z.boolean() });
export const reorderWaitlistBody = z.strictObject({
  occurrenceStartsAt: occurrenceInstant,
  /** Every waiting party of the occurrence, in the new order. */
  partyIds: z.array(z.uuid()).min(1).max(1000),
});

/** Spec §7 events by location: lat, lng or bounds, pastFuture, startId, limit; plus filters. */
/** The orders of the discover list (issue 11: soonest by default, distance as a choice). */
export const discoverSorts = ['soonest', 'nearest'] as const;
export type DiscoverSort = (typeof discoverSorts)[number];

export const discoverEventsQuery = z
  .object({
    lat: latitude.optional(),
    lng: longitude.optional(),
    south: boundsFields.south.optional(),
    west: boundsFields.west.optional(),
    north: boundsFields.north.optional(),
    east: boundsFields.east.optional(),
    maxDistanceKm: z.coerce.number().min(1).max(5000).optional(),
    gameType: z.string().trim().min(1).max(60).optional(),
    /** Local dates: events with an occurrence in [from, to]. */
    from: localDate.optional(),
    to: localDate.optional(),
    price: z.enum(['free', 'paid']).optional(),
    skillLevel: z.enum(skillLevels).optional(),
    /** Events open to this group: rule 'Any' or this one. 'Any' (or none) applies no filter. */
    gender: z.enum(eventGenders).optional(),
    /**
     * Soonest next date first, or nearest first (needs lat and lng). Left out: nearest with a
     * point, soonest without. Either way a point adds each event's distance.
     */
    sort: z.enum(discoverSorts).optional(),
    /** Cursor: the last event id of the previous page. */
    startId: z.uuid().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'Give both latitude and longitude.',
    path: ['lng'],
  })
  .refine(
    (query) =>
      [query.south, query.west, query.north, query.east].every((edge) => edge === undefined) ||
      [query.south, query.west, query.north, query.east].every((edge) => edge !== undefined),
    { message: 'Give all four map edges.', path: ['north'] },
  )
  .refine(
    (query) =>
      query.north === undefined ||
      query.south === undefined ||
      northAboveSouth.check({ north: query.north, south: query.south }),
    northAboveSouth.error,
  )
  .refine((query) => query.sort !== 'nearest' || query.lat !== undefined, {
    message: 'Give a latitude and longitude to sort by distance from.',
    path: ['sort'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The range must end after it starts.',
    path: ['to'],
  });
export type DiscoverEventsQuery = z.input<typeof discoverEventsQuery>;

export const eventListReply = z.object({
  events: z.array(eventSummary),
  /** Pass as startId for the next page; null on the last page. */
  nextStartId: z.string().nullable(),
});

export const nearbyQuery = z.object({
  lat: latitude,
  lng: longitude,
  limit: z.coerce.number().int().min(1).max(50).default(7),
});

export const eventEndpoints = {
  createEvent: defineEndpoint({
    method: 'POST',
    path: '/api/events',
    summary: 'Create a game or event (signed in; team events by team organizers)',
    tags: ['events'],
    body: eventBody,
    reply: eventSummary,
    status: 201,
  }),
  getEvent: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId',
    summary: 'The event view: the event, creator, joiners, waitlist, favourites and spots left',
    tags: ['events'],
    params: eventIdParams,
    query: occurrenceQuery,
    reply: eventViewReply,
  }),
  updateEvent: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId',
    summary: 'Edit an event (its creator or the team organizers)',
    tags: ['events'],
    params: eventIdParams,
    body: eventBody,
    reply: eventSummary,
  }),
  cancelEvent: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/cancel',
    summary: 'Cancel an event: it stays visible as cancelled and leaves every list',
    tags: ['events'],
    params: eventIdParams,
    reply: eventSummary,
  }),
  discoverEvents: defineEndpoint({
    method: 'GET',
    path: '/api/events',
    summary: 'Future public events, nearest first from a point or inside map bounds, with filters',
    tags: ['events'],
    query: discoverEventsQuery,
    reply: eventListReply,
  }),
  nearbyEvents: defineEndpoint({
    method: 'GET',
    path: '/api/events/nearby',
    summary: 'The first future public events nearest to a point (home)',
    tags: ['events'],
    query: nearbyQuery,
    reply: eventListReply,
  }),
  myEvents: defineEndpoint({
    method: 'GET',
    path: '/api/me/events',
    summary: "The viewer's events (created or joined), by next occurrence, those without one last",
    tags: ['events'],
    reply: eventListReply,
  }),
  joinEvent: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/parties',
    summary:
      'Join an occurrence, or its waitlist when full. A guest gives a name and an email, brings at most the ' +
      "event's maxGuestFriends, is rate limited per client address, and gets the same reply whatever the email",
    tags: ['events'],
    params: eventIdParams,
    body: joinEventBody,
    reply: joinEventReply,
    status: 201,
  }),
  leaveEvent: defineEndpoint({
    method: 'DELETE',
    path: '/api/events/:eventId/parties/mine',
    summary: "Leave an occurrence or its waitlist, or decline an offer; frees the viewer's spots",
    tags: ['events'],
    params: eventIdParams,
    query: leaveEventQuery,
    reply: okReply,
  }),
  claimOffer: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/parties/:partyId/claim',
    summary: 'Take the spot offered to the viewer before the claim window ends',
    tags: ['events'],
    params: partyParams,
    reply: joinEventReply,
  }),
  removeParty: defineEndpoint({
    method: 'DELETE',
    path: '/api/events/:eventId/parties/:partyId',
    summary: 'Remove a joiner or a waiting party (organizers)',
    tags: ['events'],
    params: partyParams,
    reply: okReply,
  }),
  checkInParty: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/parties/:partyId/check-in',
    summary: 'Check a joiner in on the day, or undo it (organizers)',
    tags: ['events'],
    params: partyParams,
    body: checkInBody,
    reply: joinEventReply,
  }),
  reorderWaitlist: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/waitlist',
    summary: 'Put the waiting parties of an occurrence in a new order (organizers)',
    tags: ['events'],
    params: eventIdParams,
    body: reorderWaitlistBody,
    reply: z.object({ waitlist: z.array(partyReply) }),
  }),
  favoriteEvent: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/favorite',
    summary: 'Mark an event as a favourite',
    tags: ['events'],
    params: eventIdParams,
    reply: z.object({ favoriteUserCount: z.number().int(), isFavorite: z.boolean() }),
  }),
  unfavoriteEvent: defineEndpoint({
    method: 'DELETE',
    path: '/api/events/:eventId/favorite',
    summary: 'Remove an event from the favourites',
    tags: ['events'],
    params: eventIdParams,
    reply: z.object({ favoriteUserCount: z.number().int(), isFavorite: z.boolean() }),
  }),
  myFavorites: defineEndpoint({
    method: 'GET',
    path: '/api/me/favorites',
    summary: "The viewer's favourite events (spec §7 favorites by user)",
    tags: ['events'],
    reply: eventListReply,
  }),
  placeEvents: defineEndpoint({
    method: 'GET',
    path: '/api/places/:placeId/events',
    summary: 'Upcoming public events at a place (spec §7 events by place)',
    tags: ['events'],
    params: z.object({ placeId: z.uuid('Unknown place.') }),
    reply: eventListReply,
  }),
  teamEvents: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/events',
    summary: "A team's upcoming events the viewer may see (spec §7 team events)",
    tags: ['events'],
    params: z.object({ teamId: z.uuid('Unknown team.') }),
    reply: eventListReply,
  }),
};
