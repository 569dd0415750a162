import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { countKnownGameTypes, listGameTypeLabels } from './game-types.repository.ts';

/** Spec §2: 'Other' first, then the rest in alphabetical order. */
export async function listGameTypes(db: Database) {
  const labels = await listGameTypeLabels(db);
  const sorted = labels.filter((label) => label !== 'Other').sort((a, b) => a.localeCompare(b));
  return { gameTypes: [...(labels.includes('Other') ? ['Other'] : []), ...sorted].map((label) => ({ label })) };
}

/** Interests must be game types the server knows. */
export async function assertKnownGameTypes(db: Database, labels: string[], field: string): Promise<void> {
  const unique = [...new Set(labels)];
  if ((await countKnownGameTypes(db, unique)) !== unique.length) {
    throw new AppError('VALIDATION_FAILED', undefined, { [field]: ['Pick from the listed sports and activities.'] });
  }
}
