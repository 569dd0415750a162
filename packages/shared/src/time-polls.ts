import { z } from 'zod';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { eventSlots, eventTitleLength } from './events.ts';
import { topicOf } from './realtime.ts';
import { teamIdParams } from './teams.ts';

/**
 * Issue 34 part 1, second half (decision 080): an organizer sends the team 2-5 times to vote on
 * (yes / if needed / no, like Rallly); members vote signed in, or without signing in through the
 * personal link their mail carries; the organizer closes the poll on one time, which creates the
 * game and announces it.
 */

export const pollSlotCount = { min: 2, max: 5 } as const;
export const pollDurationMinutes = { min: 15, max: 600, default: 90 } as const;

export const voteChoices = ['yes', 'ifNeeded', 'no'] as const;
export type VoteChoice = (typeof voteChoices)[number];
export const voteChoiceLabels: Record<VoteChoice, string> = { yes: 'Yes', ifNeeded: 'If needed', no: 'No' };

export const timePollStatuses = ['open', 'closed'] as const;
export type TimePollStatus = (typeof timePollStatuses)[number];

export const timePollMessages = {
  created: 'Poll sent. Members can vote now.',
  voted: 'Your votes are saved.',
  closed: 'Poll closed. The game is created and announced.',
  alreadyClosed: 'This poll is closed: votes can no longer change.',
  closedTwice: 'This poll is already closed.',
  notFound: 'This poll does not exist, or is not shared with you.',
  linkInvalid: 'This voting link is not valid. Ask the organizer for a new one.',
  slotsDistinct: 'Each time can be offered once.',
  slotPast: 'Offer times in the future.',
  slotOrder: 'The end must be after the start.',
  closesPast: 'The closing date must be in the future.',
  unknownSlot: 'This time is not in the poll.',
  placeNeeded: 'Choose where the game is played.',
  unknownPlace: 'Choose a place from the list.',
} as const;

export const timePollIdParams = z.object({ pollId: z.uuid(timePollMessages.notFound) });
/** A personal voting link's secret: 32 random bytes, base64url. */
export const pollTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, timePollMessages.linkInvalid),
});

const pollSlotInput = z
  .strictObject({
    startsAt: instant('Pick a start.'),
    endsAt: instant('Pick an end.'),
  })
  .refine((slot) => Date.parse(slot.endsAt) > Date.parse(slot.startsAt), {
    message: timePollMessages.slotOrder,
    path: ['endsAt'],
  });

export const createTimePollBody = z
  .strictObject({
    title: z
      .string({ error: 'Give the game a title.' })
      .trim()
      .min(eventTitleLength.min, `Title must be at least ${eventTitleLength.min} characters.`)
      .max(eventTitleLength.max, `Title must be at most ${eventTitleLength.max} characters.`),
    placeId: z.uuid(timePollMessages.unknownPlace).nullable(),
    spots: z
      .number({ error: 'Enter the number of spots.' })
      .int()
      .min(eventSlots.min, `At least ${eventSlots.min} spot.`)
      .max(eventSlots.max, `At most ${eventSlots.max} spots.`),
    slots: z
      .array(pollSlotInput)
      .min(pollSlotCount.min, `Offer at least ${pollSlotCount.min} times.`)
      .max(pollSlotCount.max, `Offer at most ${pollSlotCount.max} times.`)
      .refine((slots) => new Set(slots.map((slot) => Date.parse(slot.startsAt))).size === slots.length, {
        message: timePollMessages.slotsDistinct,
      }),
    closesAt: instant('Pick when voting closes.').nullable(),
  })
  .meta({ id: 'CreateTimePoll' });
export type CreateTimePollBody = z.infer<typeof createTimePollBody>;

/** A whole ballot: one choice per time the voter answers (the others keep what they had). */
export const voteBody = z
  .strictObject({
    votes: z
      .array(z.strictObject({ slotId: z.uuid(timePollMessages.unknownSlot), choice: z.enum(voteChoices) }))
      .min(1, 'Answer at least one time.')
      .max(pollSlotCount.max)
      .refine((votes) => new Set(votes.map((vote) => vote.slotId)).size === votes.length, {
        message: 'One answer per time.',
      }),
  })
  .meta({ id: 'TimePollVote' });
export type VoteBody = z.infer<typeof voteBody>;

export const closeTimePollBody = z
  .strictObject({
    slotId: z.uuid(timePollMessages.unknownSlot),
    /** Where the game is played: needed when the poll named no place, else it replaces it. */
    placeId: z.uuid(timePollMessages.unknownPlace).nullable(),
  })
  .meta({ id: 'CloseTimePoll' });
export type CloseTimePollBody = z.infer<typeof closeTimePollBody>;

const voterReply = z.object({
  userId: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  choice: z.enum(voteChoices),
});

export const timePollReply = z
  .object({
    id: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    title: z.string(),
    place: z.object({ id: z.string(), name: z.string() }).nullable(),
    spots: z.number(),
    /** The IANA zone the times are shown in: the team's. */
    timeZone: z.string(),
    closesAt: z.iso.datetime().nullable(),
    status: z.enum(timePollStatuses),
    /** Open and before its closing date: votes are taken. */
    acceptingVotes: z.boolean(),
    createdAt: z.iso.datetime(),
    slots: z.array(
      z.object({
        id: z.string(),
        startsAt: z.iso.datetime(),
        endsAt: z.iso.datetime(),
        counts: z.object({ yes: z.number(), ifNeeded: z.number(), no: z.number() }),
        voters: z.array(voterReply),
      }),
    ),
    /** The most yes, then the most if-needed, then the earliest: what closing suggests. */
    suggestedSlotId: z.string().nullable(),
    chosenSlotId: z.string().nullable(),
    /** The game the poll created when it closed. */
    eventId: z.string().nullable(),
    invitedCount: z.number(),
    respondedCount: z.number(),
    /** Who reads it: their own answers, and whether they may close the poll. */
    viewer: z.object({
      userId: z.string(),
      displayName: z.string(),
      votes: z.record(z.string(), z.enum(voteChoices)),
      canManage: z.boolean(),
    }),
    /** The realtime topic that says "read me again" (decision 080). */
    topic: z.string(),
  })
  .meta({ id: 'TimePoll' });
export type TimePoll = z.infer<typeof timePollReply>;

export const timePollListReply = z
  .object({
    polls: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: z.enum(timePollStatuses),
        closesAt: z.iso.datetime().nullable(),
        createdAt: z.iso.datetime(),
        slotCount: z.number(),
        respondedCount: z.number(),
        eventId: z.string().nullable(),
      }),
    ),
    canCreate: z.boolean(),
  })
  .meta({ id: 'TimePollList' });
export type TimePollList = z.infer<typeof timePollListReply>;

/** A poll's realtime topic: `time-poll:<watch key>`, a random key only its readers are given. */
export const timePollTopicPrefix = 'time-poll';
export const timePollTopic = (watchKey: string) => topicOf(timePollTopicPrefix, watchKey);
/** Pushed on the topic when a vote changes or the poll closes: the page reads the poll again. */
export const timePollUpdatedEvent = 'time-poll.updated';

/** The router state "Send a poll" (find a time) opens /teams/:teamId/polls/new with. */
export const newPollState = z.object({
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })).max(pollSlotCount.max),
  durationMinutes: z.number().int().min(pollDurationMinutes.min).max(pollDurationMinutes.max),
  placeId: z.string().optional(),
  /** The poll's title to start from (find a time gives the team's name, as its Create game does). */
  title: z.string().max(eventTitleLength.max).optional(),
});
export type NewPollState = z.infer<typeof newPollState>;

/** The voting link's path in the web app. */
export const pollLinkPath = (token: string) => `/polls/vote/${token}`;
export const pollPath = (teamId: string, pollId: string) => `/teams/${teamId}/polls/${pollId}`;

const tags = ['time-polls'] as const;

export const timePollEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/time-polls',
    summary: 'Send the team a poll of 2-5 times; members are invited by their notification settings (organizers)',
    tags,
    params: teamIdParams,
    body: createTimePollBody,
    reply: timePollReply,
    status: 201,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/time-polls',
    summary: "The team's time polls, open first (members)",
    tags,
    params: teamIdParams,
    reply: timePollListReply,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/time-polls/:pollId',
    summary: 'A time poll with its counts and who voted what (members)',
    tags,
    params: timePollIdParams,
    reply: timePollReply,
  }),
  vote: defineEndpoint({
    method: 'PUT',
    path: '/api/time-polls/:pollId/votes',
    summary: 'Answer yes, if needed or no per time; answering again changes the answer (members)',
    tags,
    params: timePollIdParams,
    body: voteBody,
    reply: timePollReply,
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/time-polls/:pollId/close',
    summary: 'Close the poll on one time: creates the game and announces it (organizers)',
    tags,
    params: timePollIdParams,
    body: closeTimePollBody,
    reply: timePollReply,
  }),
  getByLink: defineEndpoint({
    method: 'GET',
    path: '/api/time-polls/by-link/:token',
    summary: 'The poll a personal voting link belongs to, without signing in',
    tags,
    params: pollTokenParams,
    reply: timePollReply,
  }),
  voteByLink: defineEndpoint({
    method: 'PUT',
    path: '/api/time-polls/by-link/:token/votes',
    summary: "Vote through a personal voting link, without signing in, as the link's invitee",
    tags,
    params: pollTokenParams,
    body: voteBody,
    reply: timePollReply,
  }),
} as const;
