import { z } from 'zod';
import { calendarDate, timeZoneName } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { teamIdParams } from './teams.ts';
import { pollSlotCount } from './time-polls.ts';

/**
 * Issue 34 part 1, "Find a time" (decision 079): an organizer of a team or community asks which
 * times of a window suit the members best. The ranking itself is slot-ranking.ts.
 */

export const findATimeLimits = {
  days: { min: 7, max: 21, default: 14 },
  durationMinutes: { min: 30, max: 480, default: 90, step: 15 },
  /** Candidate starts lie on this grid of the team's wall clock. */
  stepMinutes: 30,
  /** How many of the best slots the reply carries. */
  slots: 20,
  earliest: '08:00',
  latest: '22:00',
  /** A poll offers this many slots (the polls feature builds it). */
  /** As many times as a poll takes (time-polls.ts). */
  pollSlots: pollSlotCount,
} as const;

export const findATimeMessages = {
  latestAfterEarliest: 'Latest end must be after the earliest start.',
  durationFits: 'The game must fit between the earliest start and the latest end.',
  duration: `Choose a length between ${findATimeLimits.durationMinutes.min} and ${findATimeLimits.durationMinutes.max} minutes, in steps of ${findATimeLimits.durationMinutes.step}.`,
  days: `Choose between ${findATimeLimits.days.min} and ${findATimeLimits.days.max} days.`,
  minPlayers: 'Enter a number of players from 1 to 500.',
  noSlots: 'No time in this window has enough free players. Try a longer window, a shorter game or fewer players.',
  pickForPoll: `Pick ${findATimeLimits.pollSlots.min} to ${findATimeLimits.pollSlots.max} times to send a poll.`,
  nudgeTitle: 'Add your availability',
  nudgeBody: (teamName: string) =>
    `${teamName} is looking for a time to play. Add the days and times you can usually play so your organizers can pick one that suits you.`,
} as const;

/** The link a nudge opens: the availability tab of Settings (spec §2 settings tabs). */
export const availabilitySettingsPath = '/settings?tab=availability';
/** One nudge per person, ever: the notification's dedupe key (decision 079). */
export const availabilityNudgeKey = 'availability-nudge';

const timeOfDay = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const findATimeBody = z
  .strictObject({
    /** The first day of the window, on the team's calendar. */
    startDate: calendarDate('Pick the first day.'),
    days: z
      .number({ error: findATimeMessages.days })
      .int(findATimeMessages.days)
      .min(findATimeLimits.days.min, findATimeMessages.days)
      .max(findATimeLimits.days.max, findATimeMessages.days),
    durationMinutes: z
      .number({ error: findATimeMessages.duration })
      .int(findATimeMessages.duration)
      .min(findATimeLimits.durationMinutes.min, findATimeMessages.duration)
      .max(findATimeLimits.durationMinutes.max, findATimeMessages.duration)
      .multipleOf(findATimeLimits.durationMinutes.step, findATimeMessages.duration),
    placeId: z.uuid('Pick a place from the list.').optional(),
    minPlayers: z
      .number({ error: findATimeMessages.minPlayers })
      .int(findATimeMessages.minPlayers)
      .min(1, findATimeMessages.minPlayers)
      .max(500, findATimeMessages.minPlayers)
      .optional(),
    earliest: timeOfDay('Enter the earliest start as HH:MM.').default(findATimeLimits.earliest),
    latest: timeOfDay('Enter the latest end as HH:MM.').default(findATimeLimits.latest),
    /** The browser's zone, used only for a team that has none of its own (teams made before issue 11). */
    timeZone: timeZoneName.optional(),
  })
  .superRefine((body, context) => {
    const window = minutesOf(body.latest) - minutesOf(body.earliest);
    if (window <= 0) {
      context.addIssue({ code: 'custom', message: findATimeMessages.latestAfterEarliest, path: ['latest'] });
    } else if (window < body.durationMinutes) {
      context.addIssue({ code: 'custom', message: findATimeMessages.durationFits, path: ['durationMinutes'] });
    }
  })
  .meta({ id: 'FindATimeBody' });
export type FindATimeBody = z.input<typeof findATimeBody>;
export type FindATimeRequest = z.output<typeof findATimeBody>;

const suggestedSlot = z.object({
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** On the team's wall clock, 'YYYY-MM-DDTHH:mm'. */
  startLocal: z.string(),
  endLocal: z.string(),
  freeCount: z.number().int().min(0),
  busyCount: z.number().int().min(0),
  /** Member ids, free for the whole slot and in no other Huddle game then. */
  free: z.array(z.string()),
  /** Member ids in another Huddle game they joined that overlaps the slot. */
  busy: z.array(z.string()),
});
export type SuggestedSlot = z.infer<typeof suggestedSlot>;

export const findATimeReply = z
  .object({
    timeZone: z.string(),
    memberCount: z.number().int().min(0),
    /** Everyone the slots name, once (what organizers see on the member list). */
    members: z.array(z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() })),
    /** Members who gave no availability at all: neither free nor unavailable in any slot. */
    noAvailability: z.array(z.string()),
    place: z.object({ id: z.string(), name: z.string(), address: z.string() }).nullable(),
    /** The best slots: most free first, then earliest. */
    slots: z.array(suggestedSlot),
  })
  .meta({ id: 'FindATimeReply' });
export type FindATimeReply = z.infer<typeof findATimeReply>;

export const findATimeEndpoints = {
  findATime: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/find-a-time',
    summary:
      'Rank times of a window by how many members are free, with who is busy in another game and who gave no availability (organizers); nudges members without availability once',
    tags: ['find-a-time'],
    params: teamIdParams,
    body: findATimeBody,
    reply: findATimeReply,
  }),
} as const;
