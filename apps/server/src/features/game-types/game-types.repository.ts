import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gameTypes } from './game-types.schema.ts';

export async function listGameTypeLabels(db: Database): Promise<string[]> {
  const rows = await db.select({ label: gameTypes.label }).from(gameTypes);
  return rows.map((row) => row.label);
}

export async function countKnownGameTypes(db: Database, labels: string[]): Promise<number> {
  if (labels.length === 0) return 0;
  const rows = await db.select({ label: gameTypes.label }).from(gameTypes).where(inArray(gameTypes.label, labels));
  return rows.length;
}
