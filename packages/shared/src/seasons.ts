import { z } from 'zod';
import { okReply } from './accounts.ts';
import { calendarDate, instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { localToInstant } from './event-occurrences.ts';
import { atLeastOneChange } from './partial-update.ts';
import { teamIdParams } from './teams.ts';
import { email } from './users.ts';

/** Issue 4: seasons of a team, their groups, sessions and registrations. */
export const seasonStatuses = ['draft', 'published', 'archived'] as const;
export const registrationStatuses = ['pending', 'approved'] as const;
export const seasonFullMessage = 'This season is full.';
export const registrationClosedMessage = 'Registration for this season is closed.';

export const seasonIdParams = z.object({ seasonId: z.uuid('Unknown season.') });
export const groupParams = seasonIdParams.extend({ groupId: z.uuid() });
export const registrationParams = seasonIdParams.extend({ registrationId: z.uuid() });

const day = calendarDate('Pick a date.');
const moment = instant('Pick a date and time.');

export const registrationAfterEndMessage = 'Registration must close before the season ends.';

/** The end of a season's last day on its team's wall clock (UTC for a team without a zone). */
export function seasonEndsAt(endsOn: string, timeZone: string | null): Date {
  const nextDay = new Date(Date.parse(`${endsOn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return localToInstant(`${nextDay}T00:00`, timeZone ?? 'UTC');
}

export const seasonBody = z
  .strictObject({
    label: z
      .string({ error: 'Name the season.' })
      .trim()
      .min(2, 'At least 2 characters.')
      .max(80, 'At most 80 characters.'),
    startsOn: day,
    endsOn: day,
    registrationOpensAt: moment,
    registrationClosesAt: moment,
    capacity: z.number().int().min(1, 'At least 1 place.').max(10_000).nullable(),
    /** In cents (USD); collected once payments exist, shown until then. */
    feeCents: z.number().int().min(0).max(1_000_000).nullable(),
    status: z.enum(seasonStatuses).default('published'),
  })
  .superRefine((season, context) => {
    if (season.endsOn < season.startsOn) {
      context.addIssue({ code: 'custom', message: 'The season must end after it starts.', path: ['endsOn'] });
    }
    if (season.registrationClosesAt <= season.registrationOpensAt) {
      context.addIssue({
        code: 'custom',
        message: 'Registration must close after it opens.',
        path: ['registrationClosesAt'],
      });
    }
    // The team's zone is the server's to know: here only what no zone on earth allows (the
    // last place to end a day is UTC-12); the server checks the team's own (seasonEndsAt).
    if (new Date(season.registrationClosesAt) > new Date(`${season.endsOn}T23:59:59-12:00`)) {
      context.addIssue({ code: 'custom', message: registrationAfterEndMessage, path: ['registrationClosesAt'] });
    }
  });
export type SeasonBody = z.infer<typeof seasonBody>;

export const seasonReply = z
  .object({
    id: z.string(),
    teamId: z.string(),
    label: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    registrationOpensAt: z.iso.datetime(),
    registrationClosesAt: z.iso.datetime(),
    capacity: z.number().int().nullable(),
    feeCents: z.number().int().nullable(),
    status: z.enum(seasonStatuses),
    registrationOpen: z.boolean(),
    registeredCount: z.number().int(),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'Season' });
export type Season = z.infer<typeof seasonReply>;

export const groupBody = z.strictObject({
  name: z.string({ error: 'Name the group.' }).trim().min(1, 'Name the group.').max(60),
});

export const sessionBody = z
  .strictObject({
    title: z.string().trim().max(80).nullable(),
    startsAt: moment,
    durationMinutes: z
      .number()
      .int()
      .min(15, 'At least 15 minutes.')
      .max(24 * 60),
    /** Weekly on the same weekday and time until this date (inclusive); null for a single session. */
    repeatWeeklyUntil: day.nullable(),
  })
  .superRefine((session, context) => {
    if (session.repeatWeeklyUntil && session.repeatWeeklyUntil < session.startsAt.slice(0, 10)) {
      context.addIssue({
        code: 'custom',
        message: 'The repeat must end after the first session.',
        path: ['repeatWeeklyUntil'],
      });
    }
  });
export const sessionReply = z.object({
  id: z.string(),
  seasonId: z.string(),
  title: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});

/** A signed-in player registers as themself; a guest gives a name and an email. */
export const registerBody = z.strictObject({
  guest: z
    .object({
      name: z.string({ error: 'Enter your name.' }).trim().min(2, 'At least 2 characters.').max(100),
      email,
    })
    .nullable()
    .default(null),
});

export const registrationReply = z.object({
  id: z.string(),
  seasonId: z.string(),
  teamId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  status: z.enum(registrationStatuses),
  groupId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const updateRegistrationBody = atLeastOneChange(
  z.strictObject({
    status: z.enum(registrationStatuses).optional(),
    groupId: z.uuid().nullable().optional(),
  }),
);

/** Spec §2 home and player card: a registration resolved to its team and season. */
export const myRegistrationsReply = z.object({
  registrations: z.array(
    z.object({
      id: z.string(),
      teamId: z.string(),
      teamName: z.string(),
      teamPhotoURL: z.string().nullable(),
      seasonId: z.string(),
      seasonLabel: z.string(),
      startsOn: z.string(),
      endsOn: z.string(),
      status: z.enum(registrationStatuses),
    }),
  ),
});
export const noRegistrationsMessage = 'No registrations found for this user on Huddle';

export const seasonEndpoints = {
  createSeason: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/seasons',
    summary: 'Create a season (owner and organizers)',
    tags: ['seasons'],
    params: teamIdParams,
    body: seasonBody,
    reply: seasonReply,
    status: 201,
  }),
  listSeasons: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/seasons',
    summary: 'Seasons of a team the viewer may see (drafts for organizers only)',
    tags: ['seasons'],
    params: teamIdParams,
    reply: z.object({ seasons: z.array(seasonReply) }),
  }),
  getSeason: defineEndpoint({
    method: 'GET',
    path: '/api/seasons/:seasonId',
    summary: 'One season',
    tags: ['seasons'],
    params: seasonIdParams,
    reply: seasonReply,
  }),
  updateSeason: defineEndpoint({
    method: 'PUT',
    path: '/api/seasons/:seasonId',
    summary: 'Change a season (owner and organizers)',
    tags: ['seasons'],
    params: seasonIdParams,
    body: seasonBody,
    reply: seasonReply,
  }),
  deleteSeason: defineEndpoint({
    method: 'DELETE',
    path: '/api/seasons/:seasonId',
    summary: 'Delete a season with its groups, sessions and registrations',
    tags: ['seasons'],
    params: seasonIdParams,
    reply: okReply,
  }),
  createGroup: defineEndpoint({
    method: 'POST',
    path: '/api/seasons/:seasonId/groups',
    summary: 'Add a group (division or squad)',
    tags: ['seasons'],
    params: seasonIdParams,
    body: groupBody,
    reply: seasonReply,
    status: 201,
  }),
  deleteGroup: defineEndpoint({
    method: 'DELETE',
    path: '/api/seasons/:seasonId/groups/:groupId',
    summary: 'Remove a group; its registrations stay, without a group',
    tags: ['seasons'],
    params: groupParams,
    reply: seasonReply,
  }),
  createSessions: defineEndpoint({
    method: 'POST',
    path: '/api/seasons/:seasonId/sessions',
    summary: 'Add a session, or a weekly series of sessions',
    tags: ['seasons'],
    params: seasonIdParams,
    body: sessionBody,
    reply: z.object({ sessions: z.array(sessionReply) }),
    status: 201,
  }),
  listSessions: defineEndpoint({
    method: 'GET',
    path: '/api/seasons/:seasonId/sessions',
    summary: 'Sessions of a season in date order',
    tags: ['seasons'],
    params: seasonIdParams,
    reply: z.object({ sessions: z.array(sessionReply) }),
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/seasons/:seasonId/registrations',
    summary:
      'Register for an open season, signed in or as a guest with a name and an email. A guest is rate limited ' +
      'per client address and gets the same reply whatever the email (an account holder is mailed to sign in)',
    tags: ['seasons'],
    params: seasonIdParams,
    body: registerBody,
    reply: registrationReply,
    status: 201,
  }),
  listRegistrations: defineEndpoint({
    method: 'GET',
    path: '/api/seasons/:seasonId/registrations',
    summary: 'Registrations of a season (owner and organizers)',
    tags: ['seasons'],
    params: seasonIdParams,
    reply: z.object({ registrations: z.array(registrationReply) }),
  }),
  updateRegistration: defineEndpoint({
    method: 'PATCH',
    path: '/api/seasons/:seasonId/registrations/:registrationId',
    summary: 'Approve a registration or move it to a group',
    tags: ['seasons'],
    params: registrationParams,
    body: updateRegistrationBody,
    reply: registrationReply,
  }),
  removeRegistration: defineEndpoint({
    method: 'DELETE',
    path: '/api/seasons/:seasonId/registrations/:registrationId',
    summary: 'Remove a registration (organizers, or the registered player)',
    tags: ['seasons'],
    params: registrationParams,
    reply: okReply,
  }),
  listMyRegistrations: defineEndpoint({
    method: 'GET',
    path: '/api/me/registrations',
    summary: 'The signed-in user’s registrations, loaded by their email',
    tags: ['seasons'],
    reply: myRegistrationsReply,
  }),
} as const;
