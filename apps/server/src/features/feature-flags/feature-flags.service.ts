import { featureFlagKeys, type FeatureFlagKey, type PublicConfig } from '@huddle/shared/profiles';
import type { Database } from '../../db/client.ts';
import { listFlagOverrides, upsertFlag } from './feature-flags.repository.ts';

export type FlagDefaults = Record<FeatureFlagKey, boolean>;

/** Configured defaults, overridden by rows in feature_flags: a change needs no redeploy. */
export async function getFlags(db: Database, defaults: FlagDefaults): Promise<PublicConfig['flags']> {
  const overrides = await listFlagOverrides(db);
  return Object.fromEntries(
    featureFlagKeys.map((key) => [key, overrides.get(key) ?? defaults[key]]),
  ) as PublicConfig['flags'];
}

/** Used by the admin screen (a later slice) and by tests. */
export async function setFlag(db: Database, key: FeatureFlagKey, enabled: boolean): Promise<void> {
  await upsertFlag(db, key, enabled);
}
