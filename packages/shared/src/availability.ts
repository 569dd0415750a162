import { z } from 'zod';
import { calendarDate, timeZoneName } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';

/** Spec §3 and §9: Monday to Sunday, default range 17:00-20:00. */
export const weekDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof weekDays)[number];
export const defaultTimeRange = { start: '17:00', end: '20:00' } as const;
export const overlappingRangesMessage = 'Overlapping times with another range.';
export const availabilitySavedMessage = 'Successfully saved availability';
export const availabilitySaveFailedMessage = 'Something went wrong saving availability';

const clockTime = z.string({ error: 'Enter a time.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.');

export const timeRange = z
  .object({ start: clockTime, end: clockTime })
  .refine((range) => range.end > range.start, { message: 'End must be after start.', path: ['end'] });
export type TimeRange = z.infer<typeof timeRange>;

/** Spec §5: ranges within a day must not overlap; the message goes on the later range. */
const nonOverlappingRanges = z
  .array(timeRange)
  .max(12)
  .superRefine((ranges, context) => {
    ranges.forEach((range, index) => {
      const overlaps = ranges.some(
        (other, otherIndex) => otherIndex < index && range.start < other.end && other.start < range.end,
      );
      if (overlaps) context.addIssue({ code: 'custom', message: overlappingRangesMessage, path: [index, 'start'] });
    });
  });

export const dayAvailability = z
  .object({ isAvailable: z.boolean(), ranges: nonOverlappingRanges })
  .refine((day) => !day.isAvailable || day.ranges.length > 0, {
    message: 'Add a time range or untick the day.',
    path: ['ranges'],
  });
export type DayAvailability = z.infer<typeof dayAvailability>;

export const dateAvailability = z.object({
  date: calendarDate('Pick a date.'),
  ranges: nonOverlappingRanges.min(1, 'Add at least one time range.'),
});
export type DateAvailability = z.infer<typeof dateAvailability>;

export const weeklyAvailability = z.object(
  Object.fromEntries(weekDays.map((day) => [day, dayAvailability])) as Record<WeekDay, typeof dayAvailability>,
);

export const availabilityBody = z
  .strictObject({
    weekly: weeklyAvailability,
    dates: z
      .array(dateAvailability)
      .max(366)
      .refine((dates) => new Set(dates.map((entry) => entry.date)).size === dates.length, 'Each date can appear once.'),
    /**
     * The zone the ranges are on the wall clock of: the browser's when saved (decision 079).
     * Absent on rows saved before it existed; "Find a time" reads those in the team's zone.
     */
    timeZone: timeZoneName.optional(),
  })
  .meta({ id: 'Availability' });
export type AvailabilityBody = z.infer<typeof availabilityBody>;

export const availabilityReply = z.object({ availability: availabilityBody.nullable() });

export const availabilityEndpoints = {
  getMyAvailability: defineEndpoint({
    method: 'GET',
    path: '/api/me/availability',
    summary: "The signed-in user's weekly and date-specific availability (null before the first save)",
    tags: ['availability'],
    reply: availabilityReply,
  }),
  saveMyAvailability: defineEndpoint({
    method: 'PUT',
    path: '/api/me/availability',
    summary: 'Create or replace the signed-in user’s availability',
    tags: ['availability'],
    body: availabilityBody,
    reply: availabilityReply,
  }),
} as const;
