import { z } from 'zod';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { eventIdParams } from './events.ts';

/**
 * Issue 34 part 2, fair teams on the day (decision 077): the organizer splits a date's players
 * into 2-6 teams balanced by skill, edits the split, and publishes it to the players. The split
 * itself is team-balance.ts.
 */

export const teamCountRange = { min: 2, max: 6, default: 2 } as const;
/** Huddle's one skill scale: self-rated levels and the organizer's ratings are 1-5, quiz levels are mapped onto it. */
export const skillScale = { min: 1, max: 5, unknown: 3 } as const;

/** The 1-5 scale in words, for the profile's own rating and the organizer's. */
export const levelLabels: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: '1 · New to the game',
  2: '2 · Casual',
  3: '3 · Solid',
  4: '4 · Strong',
  5: '5 · Top of the field',
};

/** Bib colours a team may wear. */
export const bibColours = ['red', 'blue', 'green', 'yellow', 'orange', 'white', 'black', 'purple'] as const;
export type BibColour = (typeof bibColours)[number];
export const bibColourLabels: Record<BibColour, string> = {
  red: 'Red',
  blue: 'Blue',
  green: 'Green',
  yellow: 'Yellow',
  orange: 'Orange',
  white: 'White',
  black: 'Black',
  purple: 'Purple',
};
/** A new split's names and colours, team by team. */
export const defaultTeamLooks = bibColours.slice(0, teamCountRange.max).map((colour) => ({
  name: `${bibColourLabels[colour]} team`,
  colour,
}));

/** Who is split: everyone with a spot, or only those checked in at the venue. */
export const teamSources = ['joined', 'checkedIn'] as const;
export type TeamSource = (typeof teamSources)[number];
export const teamSourceLabels: Record<TeamSource, string> = {
  joined: 'Everyone joined',
  checkedIn: 'Checked in only',
};

/** Positions an organizer may mark; free text, these are suggestions. */
export const suggestedPositions = ['Goalkeeper', 'Setter', 'Defender', 'Forward', 'Pitcher', 'Catcher'] as const;
export const positionMaxLength = 24;

/**
 * One person of a party on the date: `<partyId>.0` is the person who joined, `<partyId>.1`… the
 * friends they brought. Stable while the party stays.
 */
export const memberKey = z.string().regex(/^[0-9a-f-]{36}\.\d{1,2}$/, 'Unknown player.');
export const memberKeyOf = (partyId: string, index: number) => `${partyId}.${index}`;
export const partyOfMemberKey = (key: string) => key.slice(0, key.lastIndexOf('.'));

/**
 * The strength a player is balanced by (decision 077): a weighted mean of what is known, the
 * organizer's own rating counting most, then the sport's quiz, then the player's own rating;
 * the middle of the scale when nothing is.
 */
export function playerLevel({
  selfRated,
  quiz,
  rating,
}: {
  selfRated: number | null;
  quiz: number | null;
  rating: number | null;
}): number {
  const parts = [
    [rating, 2],
    [quiz, 1.5],
    [selfRated, 1],
  ] as const;
  let sum = 0;
  let weight = 0;
  for (const [value, partWeight] of parts) {
    if (value === null) continue;
    sum += value * partWeight;
    weight += partWeight;
  }
  return weight === 0 ? skillScale.unknown : sum / weight;
}

/** A quiz level on its own band (pickleball's 2.0-5.0) onto the 1-5 scale. */
export function quizLevelOnScale(level: number, band: { lowest: number; highest: number }): number {
  if (band.highest <= band.lowest) return skillScale.unknown;
  const share = Math.min(1, Math.max(0, (level - band.lowest) / (band.highest - band.lowest)));
  return skillScale.min + share * (skillScale.max - skillScale.min);
}

export const teamsMessages = {
  stale: 'Someone else changed these teams meanwhile. Reload to see their changes, then try again.',
  notOnDate: 'This player is not on this date.',
  twice: 'A player can be on one team only.',
  noPlayers: 'Nobody to split yet: players appear here once they join.',
  noCheckedIn: 'Nobody is checked in yet. Check players in, or split everyone joined.',
  notMade: 'Make teams first.',
  published: 'Teams published. Players can see their team now.',
  saved: 'Teams saved.',
} as const;

const teamLook = {
  name: z.string().trim().min(1, 'Name the team.').max(40, 'At most 40 characters.'),
  colour: z.enum(bibColours, { error: 'Choose a bib colour.' }),
};

export const occurrenceQuery = z.object({ occurrence: instant('Pick an occurrence.') });

export const makeTeamsBody = z
  .strictObject({
    occurrenceStartsAt: instant('Pick an occurrence.'),
    /** The version the organizer's page shows; null when no teams were made for the date yet. */
    version: z.number().int().min(1).nullable(),
    teamCount: z
      .number({ error: 'Choose how many teams.' })
      .int()
      .min(teamCountRange.min, `At least ${teamCountRange.min} teams.`)
      .max(teamCountRange.max, `At most ${teamCountRange.max} teams.`),
    source: z.enum(teamSources),
    keepParties: z.boolean(),
  })
  .meta({ id: 'MakeTeams' });
export type MakeTeamsBody = z.infer<typeof makeTeamsBody>;

export const saveTeamsBody = z
  .strictObject({
    occurrenceStartsAt: instant('Pick an occurrence.'),
    version: z.number().int().min(1),
    teams: z
      .array(z.strictObject({ ...teamLook, members: z.array(memberKey).max(200) }))
      .min(teamCountRange.min)
      .max(teamCountRange.max),
    locked: z.array(memberKey).max(200),
    /** Member key → a position marked for this game (goalkeeper). */
    positions: z.record(
      memberKey,
      z.string().trim().min(1).max(positionMaxLength, `At most ${positionMaxLength} characters.`),
    ),
  })
  .meta({ id: 'SaveTeams' });
export type SaveTeamsBody = z.infer<typeof saveTeamsBody>;

export const publishTeamsBody = z.strictObject({
  occurrenceStartsAt: instant('Pick an occurrence.'),
  version: z.number().int().min(1),
});
export type PublishTeamsBody = z.infer<typeof publishTeamsBody>;

export const ratePlayerBody = z.strictObject({
  occurrenceStartsAt: instant('Pick an occurrence.'),
  userId: z.string().min(1).max(64),
  rating: z.number().int().min(skillScale.min).max(skillScale.max).nullable(),
});
export type RatePlayerBody = z.infer<typeof ratePlayerBody>;
export const ratePlayerReply = z.object({ userId: z.string(), rating: z.number().int().nullable() });

const balanceReply = z.object({
  averages: z.array(z.number().nullable()),
  spread: z.number(),
  summary: z.string(),
});

/** A player as the organizer sees them while making teams. */
export const teamMemberReply = z.object({
  key: memberKey,
  /** Null for a guest and for the friends someone brought. */
  userId: z.string().nullable(),
  displayName: z.string(),
  photoURL: z.string(),
  /** The strength the split used, 1-5 (decision 077). */
  level: z.number(),
  selfRated: z.number().nullable(),
  quiz: z.number().nullable(),
  /** The organizer's own private rating for this game type; never anyone else's. */
  rating: z.number().nullable(),
  position: z.string().nullable(),
  locked: z.boolean(),
  checkedIn: z.boolean(),
  /** Players with the same party id joined together. */
  partyId: z.string(),
  partySize: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberReply>;

export const teamSheetReply = z
  .object({
    sheet: z
      .object({
        version: z.number(),
        source: z.enum(teamSources),
        keepParties: z.boolean(),
        teams: z.array(z.object({ ...teamLook, members: z.array(teamMemberReply) })),
        /** On the date but on no team (joined after the split, or checked in since). */
        unassigned: z.array(teamMemberReply),
        balance: balanceReply,
        publishedAt: z.iso.datetime().nullable(),
        /** Edited since it was published: players still see the published teams. */
        changedSincePublished: z.boolean(),
        updatedAt: z.iso.datetime(),
      })
      .nullable(),
    /** Everyone on the date, for the first split. */
    playerCount: z.number(),
    checkedInCount: z.number(),
  })
  .meta({ id: 'TeamSheet' });
export type TeamSheet = z.infer<typeof teamSheetReply>;
export type TeamSheetTeam = NonNullable<TeamSheet['sheet']>['teams'][number];

/** The published teams as every player of the date sees them: names, no levels of anyone. */
export const publishedTeamsReply = z
  .object({
    teams: z
      .array(
        z.object({
          ...teamLook,
          members: z.array(
            z.object({ key: z.string(), displayName: z.string(), photoURL: z.string(), isYou: z.boolean() }),
          ),
        }),
      )
      .nullable(),
    publishedAt: z.iso.datetime().nullable(),
    /** How even the sides are, from the levels players gave themselves and their quizzes. */
    summary: z.string().nullable(),
  })
  .meta({ id: 'PublishedTeams' });
export type PublishedTeams = z.infer<typeof publishedTeamsReply>;

/** Pushed over the realtime socket to the date's players when teams are published. */
export const teamsPublishedEvent = 'teams.published';

const tags = ['fair-teams'] as const;

export const fairTeamEndpoints = {
  getTeamSheet: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/teams',
    summary: "The date's teams as the organizer edits them, with levels and the organizer's own ratings (organizers)",
    tags,
    params: eventIdParams,
    query: occurrenceQuery,
    reply: teamSheetReply,
  }),
  makeTeams: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/teams/make',
    summary:
      'Split the date’s players into balanced teams; locked players stay, everyone else is reshuffled (organizers)',
    tags,
    params: eventIdParams,
    body: makeTeamsBody,
    reply: teamSheetReply,
  }),
  saveTeams: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/teams',
    summary: 'Save moves, locks, positions, names and bib colours; 409 when someone saved meanwhile (organizers)',
    tags,
    params: eventIdParams,
    body: saveTeamsBody,
    reply: teamSheetReply,
  }),
  publishTeams: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/teams/publish',
    summary: 'Show the teams to the players of the date and notify them (organizers)',
    tags,
    params: eventIdParams,
    body: publishTeamsBody,
    reply: teamSheetReply,
  }),
  ratePlayer: defineEndpoint({
    method: 'PUT',
    path: '/api/events/:eventId/teams/ratings',
    summary: "The organizer's private 1-5 rating of a player for the event's game type (organizers)",
    tags,
    params: eventIdParams,
    body: ratePlayerBody,
    reply: ratePlayerReply,
  }),
  publishedTeams: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/teams/published',
    summary: 'The published teams of a date, as players see them',
    tags,
    params: eventIdParams,
    query: occurrenceQuery,
    reply: publishedTeamsReply,
  }),
} as const;
