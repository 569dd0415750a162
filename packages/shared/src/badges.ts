import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Spec §1 and §3 (privacy: publicBadges, shown only while the badges flag is on): badges a player
 * earns from play, in four tiers each, Strava- and Untappd-style (decision 064). The order here is
 * the order profiles show them in. Adding a badge is an entry here and a source on the server.
 */
export const badgeIds = [
  'games-played',
  'seasons-completed',
  'tournaments-won',
  'quiz-level',
  'games-organized',
] as const;
export type BadgeId = (typeof badgeIds)[number];

export const badgeTierNames = ['Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type BadgeTier = 1 | 2 | 3 | 4;

export interface BadgeDefinition {
  id: BadgeId;
  name: string;
  /** What earns it, in a sentence. */
  description: string;
  /** The value each tier needs, lowest tier first: a count, or a quiz level. */
  thresholds: readonly [number, number, number, number];
  /** A tier's or a player's value in words: "10 games played", "Level 4.0 on a skill quiz". */
  describe(value: number): string;
}

const counted = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

export const badgeCatalogue: Record<BadgeId, BadgeDefinition> = {
  'games-played': {
    id: 'games-played',
    name: 'Game on',
    description: 'Play pickup games and events on Huddle.',
    thresholds: [1, 10, 50, 100],
    describe: (value) => `${counted(value, 'game', 'games')} played`,
  },
  'seasons-completed': {
    id: 'seasons-completed',
    name: 'Season regular',
    description: 'Play a team’s season to its end, registered and approved.',
    thresholds: [1, 3, 5, 10],
    describe: (value) => `${counted(value, 'season', 'seasons')} completed`,
  },
  'tournaments-won': {
    id: 'tournaments-won',
    name: 'Champion',
    description: 'Win a tournament as the captain of the winning side.',
    thresholds: [1, 3, 5, 10],
    describe: (value) => `${counted(value, 'tournament', 'tournaments')} won`,
  },
  'quiz-level': {
    id: 'quiz-level',
    name: 'Skill quiz',
    description: 'Take a sport’s skill quiz; higher levels earn higher tiers. The level is the quiz’s estimate.',
    thresholds: [2, 3, 4, 5],
    describe: (value) => `Level ${value.toFixed(1)} on a skill quiz`,
  },
  'games-organized': {
    id: 'games-organized',
    name: 'Organizer',
    description: 'Organize games that take place with other players in them.',
    thresholds: [1, 10, 50, 100],
    describe: (value) => `${counted(value, 'game', 'games')} organized`,
  },
};

/** The largest count a count badge needs: the servers' milestone queries read no further. */
export const badgeCountCap = Math.max(
  ...badgeIds.filter((id) => id !== 'quiz-level').map((id) => badgeCatalogue[id].thresholds[3]),
);

/** A player's value as a number: a count, or a quiz level ("3.5"). */
export function formatBadgeValue(badgeId: BadgeId, value: number): string {
  return badgeId === 'quiz-level' ? value.toFixed(1) : String(value);
}

export const badgeMessages = {
  /** The answer of GET /api/me/badges while the badges flag is off. */
  off: 'Badges are not available.',
} as const;

const badgeTier = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** A badge at the highest tier the player earned, as a public profile shows it. */
export const earnedBadge = z
  .object({ badgeId: z.enum(badgeIds), tier: badgeTier, earnedAt: z.iso.datetime() })
  .meta({ id: 'EarnedBadge' });
export type EarnedBadge = z.infer<typeof earnedBadge>;

/**
 * Every badge of the catalogue as its owner sees it, whatever their publicBadges switch says (the
 * session's privacy tells whether others see them): each tier earned or not, and the progress.
 */
export const myBadgesReply = z
  .object({
    badges: z.array(
      z.object({
        badgeId: z.enum(badgeIds),
        /** The player's count (or best quiz level) now; a tier once earned stays when it drops. */
        value: z.number(),
        tiers: z.array(z.object({ tier: badgeTier, threshold: z.number(), earnedAt: z.iso.datetime().nullable() })),
      }),
    ),
  })
  .meta({ id: 'MyBadges' });
export type MyBadges = z.infer<typeof myBadgesReply>;

export const badgeEndpoints = {
  myBadges: defineEndpoint({
    method: 'GET',
    path: '/api/me/badges',
    summary: 'My badges: every tier earned so far, with its date, and the progress to the next',
    tags: ['profiles'],
    reply: myBadgesReply,
  }),
} as const;
