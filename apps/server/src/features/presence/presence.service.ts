import type { Database } from '../../db/client.ts';
import {
  deleteConnection,
  deleteInstanceConnections,
  deleteSessionConnections,
  hasFreshConnection,
  insertConnection,
  touchInstanceConnections,
} from './presence.repository.ts';

/** Each instance refreshes its connections this often; three missed refreshes mean offline. */
export const presenceHeartbeatMs = 30_000;
const presenceStaleAfterMs = presenceHeartbeatMs * 3;

export const markConnected = (
  db: Database,
  connection: { id: string; userId: string; sessionId: string; instanceId: string },
) => insertConnection(db, connection);

export const markDisconnected = (db: Database, connectionId: string) => deleteConnection(db, connectionId);

/** Spec §4: offline on logout: every tab of that session, even those still open. Other devices stay. */
export const markSessionOffline = (db: Database, sessionId: string) => deleteSessionConnections(db, sessionId);

export const refreshInstance = (db: Database, instanceId: string) => touchInstanceConnections(db, instanceId);

export const forgetInstance = (db: Database, instanceId: string) => deleteInstanceConnections(db, instanceId);

export async function isOnline(db: Database, userId: string, now = new Date()): Promise<boolean> {
  return hasFreshConnection(db, userId, new Date(now.getTime() - presenceStaleAfterMs));
}
