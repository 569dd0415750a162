import {
  badgeCatalogue,
  badgeCountCap,
  badgeIds,
  badgeMessages,
  type BadgeId,
  type BadgeTier,
  type EarnedBadge,
  type MyBadges,
} from '@huddle/shared/badges';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { gamesOrganizedMilestones, gamesPlayedMilestones } from '../events/game-milestones.service.ts';
import { getFlags, type FlagDefaults } from '../feature-flags/feature-flags.service.ts';
import { listQuizLevelTimes } from '../quizzes/quizzes.service.ts';
import { listSeasonsCompletedTimes } from '../seasons/seasons-completed.service.ts';
import { listTournamentWinTimes } from '../tournaments/tournament-wins.service.ts';
import { claimRefresh, insertEarnedBadges, listEarnedBadgeRows, type EarnedBadgeRow } from './badges.repository.ts';

export interface BadgeDeps {
  db: Database;
  clock: Clock;
  flagDefaults: FlagDefaults;
}

/** A public profile works its badges out again at most this often (decision 064). */
export const publicRefreshMs = 10 * 60_000;

/** A player's value for one badge, and when their history first reached a threshold. */
interface Progress {
  value: number;
  reachedAt(threshold: number): Date | undefined;
}

/** `times` are the moments of the first items, oldest first: the nth reached a count of n. */
const counted = (times: Date[], total = times.length): Progress => ({
  value: total,
  reachedAt: (count) => times[count - 1],
});

function levelProgress(results: { level: number; takenAt: Date }[]): Progress {
  return {
    value: Math.max(0, ...results.map((result) => result.level)),
    reachedAt: (level) =>
      results
        .filter((result) => result.level >= level)
        .map((result) => result.takenAt)
        .sort((a, b) => a.getTime() - b.getTime())[0],
  };
}

/** Every badge's progress, read from what the player did (the data each feature already holds). */
async function readProgress(db: Database, userId: string, now: Date): Promise<Record<BadgeId, Progress>> {
  const limit = badgeCountCap;
  // One after another: inside a public refresh this runs on the transaction's one connection.
  const played = await gamesPlayedMilestones(db, { userId, now, limit });
  const organized = await gamesOrganizedMilestones(db, { userId, now, limit });
  const seasons = await listSeasonsCompletedTimes(db, { userId, now });
  const wins = await listTournamentWinTimes(db, { userId, now });
  const levels = await listQuizLevelTimes(db, userId);
  return {
    'games-played': counted(played.times, played.total),
    'seasons-completed': counted(seasons),
    'tournaments-won': counted(wins),
    'quiz-level': levelProgress(levels),
    'games-organized': counted(organized.times, organized.total),
  };
}

/**
 * Works the player's badges out and stores every tier reached, dated when the history reached it
 * (the 10th game's end, not the moment someone looked). Idempotent: a tier held already is left
 * as it is, so refreshes may run at once, late, or again, and a first refresh backfills the past.
 */
async function awardBadges(db: Database, userId: string, now: Date): Promise<Record<BadgeId, Progress>> {
  const progress = await readProgress(db, userId, now);
  const reached = badgeIds.flatMap((badgeId) =>
    badgeCatalogue[badgeId].thresholds.flatMap((threshold, index): EarnedBadgeRow[] => {
      const earnedAt = progress[badgeId].reachedAt(threshold);
      return earnedAt ? [{ userId, badgeId, tier: index + 1, earnedAt }] : [];
    }),
  );
  await insertEarnedBadges(db, reached);
  return progress;
}

async function badgesOn({ db, flagDefaults }: Pick<BadgeDeps, 'db' | 'flagDefaults'>): Promise<boolean> {
  return (await getFlags(db, flagDefaults)).badges;
}

const isBadgeId = (value: string): value is BadgeId => (badgeIds as readonly string[]).includes(value);

/** Each badge at the highest tier earned, in the catalogue's order. */
function highestTiers(rows: EarnedBadgeRow[]): EarnedBadge[] {
  const best = new Map<BadgeId, EarnedBadgeRow>();
  for (const row of rows) {
    if (!isBadgeId(row.badgeId)) continue;
    const held = best.get(row.badgeId);
    if (!held || row.tier > held.tier) best.set(row.badgeId, row);
  }
  return badgeIds.flatMap((badgeId) => {
    const row = best.get(badgeId);
    return row ? [{ badgeId, tier: row.tier as BadgeTier, earnedAt: row.earnedAt.toISOString() }] : [];
  });
}

/**
 * The badges a public profile shows (spec §3 privacy: publicBadges, shown only while the badges
 * flag is on): null when the owner hides them or the flag is off. Refreshed first when the last
 * refresh is older than publicRefreshMs; of many viewers at once only one does the work.
 */
export async function listProfileBadges(
  deps: BadgeDeps,
  { userId, publicBadges }: { userId: string; publicBadges: boolean },
): Promise<EarnedBadge[] | null> {
  if (!publicBadges || !(await badgesOn(deps))) return null;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (await claimRefresh(tx, userId, now, new Date(now.getTime() - publicRefreshMs))) {
      await awardBadges(tx, userId, now);
    }
  });
  return highestTiers(await listEarnedBadgeRows(deps.db, userId));
}

/** The owner's own badges, whatever their switch says: every tier, earned or not, and the progress. */
export async function getMyBadges(deps: BadgeDeps, { actorId }: { actorId: string }): Promise<MyBadges> {
  if (!(await badgesOn(deps))) throw new AppError('NOT_FOUND', badgeMessages.off);
  const progress = await awardBadges(deps.db, actorId, deps.clock.now());
  const rows = await listEarnedBadgeRows(deps.db, actorId);
  return {
    badges: badgeIds.map((badgeId) => ({
      badgeId,
      value: progress[badgeId].value,
      tiers: badgeCatalogue[badgeId].thresholds.map((threshold, index) => ({
        tier: (index + 1) as BadgeTier,
        threshold,
        earnedAt: rows.find((row) => row.badgeId === badgeId && row.tier === index + 1)?.earnedAt.toISOString() ?? null,
      })),
    })),
  };
}
