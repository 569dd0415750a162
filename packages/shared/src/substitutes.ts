import { z } from 'zod';
import { instant } from './dates.ts';
import { distanceUnit } from './distance.ts';
import { defineEndpoint } from './endpoint.ts';
import { eventIdParams, joinEventReply } from './events.ts';

/**
 * Issue 12, substitutes on demand (decision 028): when a game is short of players some hours
 * before it starts, Huddle invites nearby players who chose "Play as a substitute", are
 * available then and play the game's type, nearest first. Off unless the organizer turns it on.
 */
export const substituteHoursBefore = { min: 2, max: 48, default: 24 } as const;
export const substituteRadius = { min: 1, max: 200, default: 10 } as const;
/** Invitations out at once per open spot: not everyone answers, nobody is asked in vain by the dozen. */
export const invitationsPerOpenSpot = 2;
/** An invitation unanswered this long stops holding its place, and the next nearest is asked. */
export const invitationAnswerWindowMinutes = 60;

export const substituteAnswers = ['joined', 'waitlisted', 'declined'] as const;
export type SubstituteAnswer = (typeof substituteAnswers)[number];
export const substituteAnswerLabels: Record<SubstituteAnswer, string> = {
  joined: 'Joined',
  waitlisted: 'On the waitlist',
  declined: 'Declined',
};

export const substituteSettingsBody = z
  .strictObject({
    enabled: z.boolean({ error: 'Choose whether to invite substitutes.' }),
    hoursBefore: z
      .number({ error: 'Enter how many hours before the start.' })
      .int('Enter whole hours.')
      .min(substituteHoursBefore.min, `At least ${substituteHoursBefore.min} hours.`)
      .max(substituteHoursBefore.max, `At most ${substituteHoursBefore.max} hours.`),
    radius: z
      .number({ error: 'Enter a distance.' })
      .int('Enter a whole number.')
      .min(substituteRadius.min, `At least ${substituteRadius.min}.`)
      .max(substituteRadius.max, `At most ${substituteRadius.max}.`),
    radiusUnit: distanceUnit,
  })
  .meta({ id: 'SubstituteSettings' });
export type SubstituteSettings = z.infer<typeof substituteSettingsBody>;

const personReply = z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() });

export const substituteInvitationReply = z.object({
  person: personReply,
  /** From the person's city to the game's place. */
  distanceKm: z.number(),
  invitedAt: z.iso.datetime(),
  answer: z.enum(substituteAnswers).nullable(),
  answeredAt: z.iso.datetime().nullable(),
});
export type SubstituteInvitation = z.infer<typeof substituteInvitationReply>;

export const substitutesQuery = z.object({ occurrence: instant('Pick an occurrence.') });

export const substitutesReply = z.object({
  settings: substituteSettingsBody,
  /** Everyone invited to this date, nearest first. */
  invitations: z.array(substituteInvitationReply),
});
export type SubstitutesReply = z.infer<typeof substitutesReply>;

export const substituteSettingsReply = z.object({ settings: substituteSettingsBody });

/** The signed-in person's invitation to one date, for the event page. */
export const myInvitationReply = z.object({
  invitation: z
    .object({
      invitedAt: z.iso.datetime(),
      answer: z.enum(substituteAnswers).nullable(),
      answeredAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type MyInvitation = z.infer<typeof myInvitationReply>;

export const answerInvitationBody = z.strictObject({ occurrenceStartsAt: instant('Pick an occurrence.') });
export type AnswerInvitationBody = z.input<typeof answerInvitationBody>;

export const noInvitationMessage = 'You have no substitute invitation for this date.';
export const alreadyAnsweredMessage = 'You have answered this invitation already.';

export const substituteEndpoints = {
  getSubstitutes: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/substitutes',
    summary: "The event's substitute settings and who was invited to a date, with their answers (organizers)",
    tags: ['substitutes'],
    params: eventIdParams,
    query: substitutesQuery,
    reply: substitutesReply,
  }),
  saveSubstituteSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/substitutes/settings',
    summary: 'Turn substitute invitations on or off, with the hours before the start and the radius (organizers)',
    tags: ['substitutes'],
    params: eventIdParams,
    body: substituteSettingsBody,
    reply: substituteSettingsReply,
  }),
  myInvitation: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/substitute-invitation',
    summary: "The signed-in person's substitute invitation to a date, if any",
    tags: ['substitutes'],
    params: eventIdParams,
    query: substitutesQuery,
    reply: myInvitationReply,
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/substitute-invitation/accept',
    summary:
      'Join the date one was invited to as a substitute: a spot when one is free, else the waitlist (the join rules apply)',
    tags: ['substitutes'],
    params: eventIdParams,
    body: answerInvitationBody,
    reply: joinEventReply,
  }),
  declineInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/substitute-invitation/decline',
    summary: 'Say no to a substitute invitation; the organizer sees the answer',
    tags: ['substitutes'],
    params: eventIdParams,
    body: answerInvitationBody,
    reply: myInvitationReply,
  }),
} as const;
