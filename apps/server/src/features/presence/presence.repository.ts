import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { presenceConnections } from './presence.schema.ts';

export async function insertConnection(
  db: Database,
  connection: { id: string; userId: string; sessionId: string; instanceId: string },
) {
  await db.insert(presenceConnections).values(connection);
}

export async function deleteConnection(db: Database, connectionId: string) {
  await db.delete(presenceConnections).where(eq(presenceConnections.id, connectionId));
}

export async function deleteSessionConnections(db: Database, sessionId: string) {
  await db.delete(presenceConnections).where(eq(presenceConnections.sessionId, sessionId));
}

export async function deleteInstanceConnections(db: Database, instanceId: string) {
  await db.delete(presenceConnections).where(eq(presenceConnections.instanceId, instanceId));
}

export async function touchInstanceConnections(db: Database, instanceId: string) {
  await db
    .update(presenceConnections)
    .set({ lastSeenAt: new Date() })
    .where(eq(presenceConnections.instanceId, instanceId));
}

export async function hasFreshConnection(db: Database, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: presenceConnections.id })
    .from(presenceConnections)
    .where(and(eq(presenceConnections.userId, userId), gt(presenceConnections.lastSeenAt, since)))
    .limit(1);
  return row !== undefined;
}
