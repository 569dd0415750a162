import { z } from 'zod';
import { okReply } from './accounts.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Issue 5: calendar files. Each event downloads as .ics; private feed URLs ("my games", or one
 * team's events) carry a revocable token and are read by calendar apps without a session.
 * These two paths answer text/calendar, so the server declares them beside the JSON routes.
 */
/** With an occurrence: that one date alone (issue 11), the way a player adds the date they joined. */
export const eventCalendarPath = (eventId: string, occurrence?: string) =>
  `/api/events/${eventId}/calendar.ics${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`;
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

export const calendarFeedReply = z.object({
  id: z.string(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  /** Absolute URL to paste into a calendar app (webcal works too). */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type CalendarFeed = z.infer<typeof calendarFeedReply>;

export const createCalendarFeedBody = z.strictObject({
  /** null: "my games"; a team id: that team's events (members only). */
  teamId: z.uuid('Unknown team.').nullable().default(null),
});

export const calendarFeedIdParams = z.object({ feedId: z.uuid('Unknown feed.') });

export const calendarEndpoints = {
  listFeeds: defineEndpoint({
    method: 'GET',
    path: '/api/me/calendar-feeds',
    summary: "The viewer's live calendar feed URLs",
    tags: ['calendar'],
    reply: z.object({ feeds: z.array(calendarFeedReply) }),
  }),
  createFeed: defineEndpoint({
    method: 'POST',
    path: '/api/me/calendar-feeds',
    summary: 'A new private feed URL for my games or a team',
    tags: ['calendar'],
    body: createCalendarFeedBody,
    reply: calendarFeedReply,
    status: 201,
  }),
  revokeFeed: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/calendar-feeds/:feedId',
    summary: 'Revoke a feed URL: calendar apps holding it get 404 from now on',
    tags: ['calendar'],
    params: calendarFeedIdParams,
    reply: okReply,
  }),
};
