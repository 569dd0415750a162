import type { FeatureFlagKey } from '@huddle/shared/profiles';
import type { Database } from '../../db/client.ts';
import { featureFlags } from './feature-flags.schema.ts';

export async function listFlagOverrides(db: Database): Promise<Map<string, boolean>> {
  const rows = await db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags);
  return new Map(rows.map((row) => [row.key, row.enabled]));
}

export async function upsertFlag(db: Database, key: FeatureFlagKey, enabled: boolean): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ key, enabled })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, updatedAt: new Date() } });
}
