import { z } from 'zod';
import { okReply } from './accounts.ts';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { eventIdParams, partyReply } from './events.ts';
import { email } from './users.ts';

/** Issue 11: what an organizer does on the manage page besides editing: one date, players, attendance, messages. */

const occurrenceStartsAt = instant('Pick an occurrence.');

export const occurrenceCancelledMessage = 'This date was cancelled.';
export const notStartedMessage = 'Attendance can be marked once the game has started.';
export const alreadyOnDateMessage = 'This person is already on this date.';
export const noPlayerFoundMessage = 'No one with that email or name among the people you play with.';

// ---- Cancel one date ---------------------------------------------------------------------

export const cancelOccurrenceBody = z.strictObject({ occurrenceStartsAt });
export type CancelOccurrenceBody = z.input<typeof cancelOccurrenceBody>;

// ---- Add a player ------------------------------------------------------------------------

export const playerSearchQuery = z.object({
  q: z.string({ error: 'Type a name or an email.' }).trim().min(2, 'Type at least 2 characters.').max(200),
});

export const playerCandidate = z.object({
  userId: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
});
export type PlayerCandidate = z.infer<typeof playerCandidate>;

export const playerSearchReply = z.object({ people: z.array(playerCandidate) });

/**
 * A person is named by their account's exact email, or picked from the search (a userId, which
 * the server accepts only for people the organizer already plays with).
 */
export const addPlayerBody = z
  .strictObject({
    occurrenceStartsAt,
    email: email.optional(),
    userId: z.string().min(1).max(100).optional(),
  })
  .refine((body) => (body.email === undefined) !== (body.userId === undefined), {
    message: 'Give an email or pick a person.',
    path: ['email'],
  });
export type AddPlayerBody = z.input<typeof addPlayerBody>;

export const addPlayerReply = z.object({ party: partyReply });

// ---- Attendance --------------------------------------------------------------------------

export const attendanceStatuses = ['present', 'no_show'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

export const markAttendanceBody = z.strictObject({
  occurrenceStartsAt,
  userId: z.string().min(1).max(100),
  status: z.enum(attendanceStatuses, { error: 'Choose present or no-show.' }),
});
export type MarkAttendanceBody = z.input<typeof markAttendanceBody>;

export const attendanceEntry = z.object({ userId: z.string(), status: z.enum(attendanceStatuses) });
export type AttendanceEntry = z.infer<typeof attendanceEntry>;

export const attendanceQuery = z.object({ occurrence: occurrenceStartsAt });
export const attendanceReply = z.object({ attendance: z.array(attendanceEntry) });

// ---- Messages ----------------------------------------------------------------------------

export const messageAudiences = ['joined', 'waiting', 'both'] as const;
export type MessageAudience = (typeof messageAudiences)[number];
export const messageSubjectMax = 120;
export const messageBodyMax = 5000;
/** An organizer sends at most this many messages per event per hour (issue 11: no spam). */
export const messagesPerEventPerHour = 3;
export const messageRateMessage = (minutes: number) =>
  `You can send at most ${messagesPerEventPerHour} messages per event per hour. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
export const noRecipientsMessage = 'Nobody to send to: no one has joined or is waiting on this date.';

export const eventMessageBody = z.strictObject({
  occurrenceStartsAt,
  audience: z.enum(messageAudiences, { error: 'Choose who gets the message.' }),
  subject: z
    .string({ error: 'Give the message a subject.' })
    .trim()
    .min(1, 'Give the message a subject.')
    .max(messageSubjectMax, `At most ${messageSubjectMax} characters.`),
  message: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(messageBodyMax, `At most ${messageBodyMax} characters.`),
});
export type EventMessageBody = z.input<typeof eventMessageBody>;

export const eventMessageReply = z.object({ recipients: z.number().int() });

export const eventOrganizerEndpoints = {
  cancelOccurrence: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/occurrences/cancel',
    summary:
      'Cancel one date of a series (organizers): its players and waitlist are mailed once, joins are refused; again is a no-op',
    tags: ['events'],
    params: eventIdParams,
    body: cancelOccurrenceBody,
    reply: okReply,
  }),
  searchPlayers: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/player-search',
    summary:
      'People an organizer may add: the account with this exact email, or by name among people who share a team or a game with them',
    tags: ['events'],
    params: eventIdParams,
    query: playerSearchQuery,
    reply: playerSearchReply,
  }),
  addPlayer: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/players',
    summary: 'Add a player to a date (organizers): a spot when one is free, else the waitlist; the player is mailed',
    tags: ['events'],
    params: eventIdParams,
    body: addPlayerBody,
    reply: addPlayerReply,
    status: 201,
  }),
  listAttendance: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/attendance',
    summary: 'Attendance marked on a date (organizers)',
    tags: ['events'],
    params: eventIdParams,
    query: attendanceQuery,
    reply: attendanceReply,
  }),
  markAttendance: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/attendance',
    summary: 'Mark a joined player present or a no-show once the date has started (organizers)',
    tags: ['events'],
    params: eventIdParams,
    body: markAttendanceBody,
    reply: attendanceReply,
  }),
  messagePlayers: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/messages',
    summary: `Mail a date's joined players, its waitlist or both (organizers; at most ${messagesPerEventPerHour} per event per hour)`,
    tags: ['events'],
    params: eventIdParams,
    body: eventMessageBody,
    reply: eventMessageReply,
  }),
};
