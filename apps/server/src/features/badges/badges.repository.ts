import { asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badgeRefreshes, userBadges } from './badges.schema.ts';

export type EarnedBadgeRow = typeof userBadges.$inferSelect;

/**
 * Marks the player's badges refreshed now, if the last refresh was at or before `staleBefore`;
 * true when this call moved it. One statement: of several requests at once, one moves it and the
 * others wait on its row lock, then find it fresh (so they read what the first one awarded).
 */
export async function claimRefresh(tx: Database, userId: string, now: Date, staleBefore: Date): Promise<boolean> {
  const rows = await tx
    .insert(badgeRefreshes)
    .values({ userId, refreshedAt: now })
    .onConflictDoUpdate({
      target: badgeRefreshes.userId,
      set: { refreshedAt: now },
      setWhere: lte(badgeRefreshes.refreshedAt, staleBefore),
    })
    .returning({ userId: badgeRefreshes.userId });
  return rows.length > 0;
}

/** Adds the tiers not held yet; a tier held already keeps its row and date (the key decides). */
export async function insertEarnedBadges(tx: Database, rows: EarnedBadgeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(userBadges).values(rows).onConflictDoNothing();
}

export async function listEarnedBadgeRows(db: Database, userId: string): Promise<EarnedBadgeRow[]> {
  return db
    .select()
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.badgeId), asc(userBadges.tier));
}
