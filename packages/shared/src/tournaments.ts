import { z } from 'zod';
import { okReply } from './accounts.ts';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { topicOf } from './realtime.ts';
import { teamIdParams } from './teams.ts';
import { matchStages, maxEntrants, tournamentFormats } from './tournament-brackets.ts';

/**
 * Issue 16, spec §2 `tournament`: a team or community runs a tournament: its entrants, seeding,
 * a generated schedule on its courts, scores and standings. Public like events (spec §6): anyone
 * who may see the team sees its tournaments. Decision 050.
 */

export const tournamentFormatLabels: Record<(typeof tournamentFormats)[number], string> = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin (pools, then knockout)',
};

export const scoreConflictMessage = 'Someone entered this score meanwhile. Check the new score and try again.';
export const knockoutNeedsWinnerMessage = 'A knockout match needs a winner.';
export const scheduledAlreadyMessage = 'The schedule is made; the entrants can no longer change.';
export const laterMatchPlayedMessage = 'A later match has been played with this winner; change that score first.';
export const detailsConflictMessage =
  'Someone changed these details meanwhile. The page shows their version; make your change again.';
export const bracketLockedMessage =
  'A score has been entered: the format and pools can no longer change (the courts, times and place still can).';

export const tournamentIdParams = z.object({ tournamentId: z.uuid('Unknown tournament.') });
export const matchParams = tournamentIdParams.extend({ matchId: z.uuid('Unknown match.') });

const name = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

const tournamentFields = z.strictObject({
  name: z
    .string({ error: 'Name the tournament.' })
    .trim()
    .min(2, 'At least 2 characters.')
    .max(80, 'At most 80 characters.'),
  format: z.enum(tournamentFormats, { error: 'Pick a format.' }),
  startsAt: instant('Pick a date and time.'),
  endsAt: instant('Pick a date and time.'),
  placeName: z.string().trim().max(120, 'At most 120 characters.').nullable(),
  courts: z
    .array(name('Name the court.', 40), { error: 'Name at least one court.' })
    .min(1, 'Name at least one court.')
    .max(32, 'At most 32 courts.'),
  matchMinutes: z
    .number({ error: 'How long is a match?' })
    .int()
    .min(5, 'At least 5 minutes.')
    .max(600, 'At most 600 minutes.'),
  pools: z.number().int().min(1, 'At least 1 pool.').max(16, 'At most 16 pools.').default(1),
  advancePerPool: z.number().int().min(0).max(16, 'At most 16 per pool.').default(0),
  captainsEnterScores: z.boolean().default(false),
});

function checkDatesAndCourts(
  tournament: { startsAt: string; endsAt: string; courts: string[] },
  context: z.RefinementCtx,
) {
  if (new Date(tournament.endsAt) < new Date(tournament.startsAt)) {
    context.addIssue({ code: 'custom', message: 'The tournament must end after it starts.', path: ['endsAt'] });
  }
  if (new Set(tournament.courts.map((court) => court.toLowerCase())).size !== tournament.courts.length) {
    context.addIssue({ code: 'custom', message: 'Each court needs its own name.', path: ['courts'] });
  }
}

export const tournamentBody = tournamentFields.superRefine(checkDatesAndCourts);
export type TournamentBody = z.output<typeof tournamentBody>;

/** Every detail again, with the version they were edited from (a stale one is refused: decision 055). */
export const tournamentDetailsBody = tournamentFields
  .extend({ version: z.number().int().min(0) })
  .superRefine(checkDatesAndCourts);
export type TournamentDetailsBody = z.output<typeof tournamentDetailsBody>;

/** In seeding order: the first is the top seed. A side is typed by hand or taken from a season registration. */
export const entrantsBody = z.strictObject({
  entrants: z
    .array(
      z.union([
        z.strictObject({ name: name('Name the team or player.', 80) }),
        z.strictObject({ registrationId: z.uuid('Unknown registration.') }),
      ]),
    )
    .max(maxEntrants, `At most ${maxEntrants} teams or players.`),
});
export type EntrantsBody = z.output<typeof entrantsBody>;

export const scoreBody = z.strictObject({
  homeScore: z.number({ error: 'Enter a score.' }).int('Whole points only.').min(0, 'At least 0.').max(9999),
  awayScore: z.number({ error: 'Enter a score.' }).int('Whole points only.').min(0, 'At least 0.').max(9999),
  /** The match's version the score was typed against (decision 050: one of two simultaneous entries wins). */
  version: z.number().int().min(0),
});
export type ScoreBody = z.output<typeof scoreBody>;

export const tournamentSummary = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  name: z.string(),
  format: z.enum(tournamentFormats),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  placeName: z.string().nullable(),
  entrantCount: z.number().int(),
  scheduled: z.boolean(),
  championName: z.string().nullable(),
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;

const matchSide = z.object({
  entrantId: z.string().nullable(),
  name: z.string().nullable(),
  /** Who will fill a side not known yet: "Winner of W1-2", "2nd in pool 1". */
  placeholder: z.string(),
});

export const tournamentMatch = z.object({
  id: z.string(),
  key: z.string(),
  stage: z.enum(matchStages),
  round: z.number().int(),
  position: z.number().int(),
  pool: z.number().int().nullable(),
  home: matchSide,
  away: matchSide,
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  winnerEntrantId: z.string().nullable(),
  court: z.string(),
  startsAt: z.iso.datetime(),
  version: z.number().int(),
  /** The viewer may enter this match's score now (an organizer, or a side's captain when allowed). */
  canScore: z.boolean(),
});
export type TournamentMatch = z.infer<typeof tournamentMatch>;

export const standingRow = z.object({
  entrantId: z.string(),
  name: z.string(),
  rank: z.number().int(),
  played: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  pointsFor: z.number().int(),
  pointsAgainst: z.number().int(),
  pointDifference: z.number().int(),
});

export const tournamentDetail = tournamentSummary.extend({
  courts: z.array(z.string()),
  matchMinutes: z.number().int(),
  pools: z.number().int(),
  advancePerPool: z.number().int(),
  captainsEnterScores: z.boolean(),
  /** Bumped by every change of the details: what an edit is made from. */
  version: z.number().int(),
  /** A score has been entered: the format and pools are fixed. */
  scored: z.boolean(),
  /** The viewer organizes it (an owner or organizer of its team). */
  manages: z.boolean(),
  entrants: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      seed: z.number().int(),
      pool: z.number().int().nullable(),
      fromRegistration: z.boolean(),
      /** Kept when the organizer edits the list, so a registered side keeps its captain. */
      registrationId: z.string().nullable(),
    }),
  ),
  matches: z.array(tournamentMatch),
  /** Round robin only: a table per pool. */
  standings: z.array(z.object({ pool: z.number().int(), rows: z.array(standingRow) })),
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;

/** Sent to the tournament's topic when a score or its details change: the page fetches it again. */
export const tournamentUpdatedEvent = 'tournament.updated';
/** The public realtime topic of a tournament: anyone who may read it may watch it (decision 055). */
export const tournamentTopicPrefix = 'tournament';
export const tournamentTopic = (tournamentId: string) => topicOf(tournamentTopicPrefix, tournamentId);

const tags = ['tournaments'];

export const tournamentEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/tournaments',
    summary: 'Create a tournament for a team or community (owner and organizers)',
    tags,
    params: teamIdParams,
    body: tournamentBody,
    reply: tournamentDetail,
    status: 201,
  }),
  listForTeam: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/tournaments',
    summary: 'A team’s tournaments (public as the team is)',
    tags,
    params: teamIdParams,
    reply: z.object({ tournaments: z.array(tournamentSummary) }),
  }),
  listMine: defineEndpoint({
    method: 'GET',
    path: '/api/tournaments/mine',
    summary: 'Tournaments I organize or play in',
    tags,
    reply: z.object({ tournaments: z.array(tournamentSummary) }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/tournaments/:tournamentId',
    summary: 'A tournament with its entrants, matches and standings (public as its team is)',
    tags,
    params: tournamentIdParams,
    reply: tournamentDetail,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/tournaments/:tournamentId',
    summary:
      'Edit a tournament’s details from the version read (owner and organizers; format and pools until a score is entered)',
    tags,
    params: tournamentIdParams,
    body: tournamentDetailsBody,
    reply: tournamentDetail,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/tournaments/:tournamentId',
    summary: 'Delete a tournament (owner and organizers)',
    tags,
    params: tournamentIdParams,
    reply: okReply,
  }),
  setEntrants: defineEndpoint({
    method: 'PUT',
    path: '/api/tournaments/:tournamentId/entrants',
    summary: 'Set the entrants in seeding order (owner and organizers, before the schedule)',
    tags,
    params: tournamentIdParams,
    body: entrantsBody,
    reply: tournamentDetail,
  }),
  schedule: defineEndpoint({
    method: 'POST',
    path: '/api/tournaments/:tournamentId/schedule',
    summary: 'Generate the bracket and schedule from the entrants (owner and organizers)',
    tags,
    params: tournamentIdParams,
    reply: tournamentDetail,
  }),
  score: defineEndpoint({
    method: 'PUT',
    path: '/api/tournaments/:tournamentId/matches/:matchId/score',
    summary: 'Enter a match’s score (organizers; the two sides’ captains when allowed)',
    tags,
    params: matchParams,
    body: scoreBody,
    reply: tournamentDetail,
  }),
};
