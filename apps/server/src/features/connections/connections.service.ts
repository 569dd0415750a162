import {
  connectPath,
  connectionLimits,
  connectionMessages,
  type ConnectionList,
  type ConnectionPerson,
  type ConnectionSettings,
  type ConnectionStatus,
  type PlayedWithItem,
  type SuggestionItem,
  type SuggestionReason,
} from '@huddle/shared/connections';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import {
  acceptRequest,
  blockedEitherWay,
  deleteConnectionOrOwnRequest,
  deleteIncomingRequest,
  findAcceptAutomatically,
  findConnection,
  findPerson,
  isConnected,
  listConnectionRows,
  listConnectionsWith,
  listPlayedWithRows,
  listSuggestionRows,
  requestConnection,
  saveAcceptAutomatically,
  type ConnectionRow,
} from './connections.repository.ts';

/** Requests notify (decision 027), hence the notify deps. */
export type ConnectionDeps = NotifyDeps;

const userNotFound = () => new AppError('NOT_FOUND', connectionMessages.userNotFound);

const personOf = (row: { id: string; name: string; image: string | null; city: string | null }): ConnectionPerson => ({
  id: row.id,
  displayName: row.name.trim() || displayNameFallback,
  photoURL: row.image || defaultPhotoPath,
  city: row.city,
});

function statusOf(row: ConnectionRow | undefined, viewerId: string): ConnectionStatus {
  if (!row) return 'none';
  if (row.status === 'accepted') return 'connected';
  return row.requesterId === viewerId ? 'requested' : 'incoming';
}

/** Decision 026 + 045: a connection lets either write first when the other's messagesFromAnyone is off. */
export function areConnected(db: Database, a: string, b: string): Promise<boolean> {
  return a === b ? Promise.resolve(false) : isConnected(db, a, b);
}

export async function getConnectionStatus(
  db: Database,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<ConnectionStatus> {
  if (actorId === userId) return 'self';
  if (!(await findPerson(db, userId))) throw userNotFound();
  return statusOf(await findConnection(db, actorId, userId), actorId);
}

/** The other person, who must exist, not be the actor, and have no block either way with the actor. */
async function requireOther(db: Database, actorId: string, userId: string) {
  if (actorId === userId) throw new AppError('VALIDATION_FAILED', connectionMessages.notYourself);
  const other = await findPerson(db, userId);
  if (!other) throw userNotFound();
  if (await blockedEitherWay(db, actorId, userId)) throw new AppError('FORBIDDEN', connectionMessages.blocked);
  return other;
}

async function notifyAccepted(
  deps: ConnectionDeps,
  {
    actorId,
    actorName,
    userId,
    automatic,
  }: {
    actorId: string;
    actorName: string;
    userId: string;
    automatic: boolean;
  },
) {
  const name = actorName.trim() || displayNameFallback;
  await notify(deps, {
    userIds: [userId],
    category: 'connections',
    kind: 'connectionAccepted',
    title: automatic ? connectionMessages.connectedTitle(name) : connectionMessages.acceptedTitle(name),
    body: connectionMessages.acceptedBody,
    link: `/profile/${actorId}`,
    actorId,
    subjectId: actorId,
  });
}

/**
 * Ask to connect. If the other asked first, this accepts; if they let people connect without
 * asking, the connection is made at once. Asking again changes nothing and tells no one twice.
 */
export async function requestToConnect(
  deps: ConnectionDeps,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<ConnectionStatus> {
  await requireOther(deps.db, actorId, userId);
  const actor = await findPerson(deps.db, actorId);
  const { row, change } = await requestConnection(deps.db, {
    requesterId: actorId,
    otherId: userId,
    acceptAutomatically: (tx) => findAcceptAutomatically(tx, userId),
    now: deps.clock.now(),
  });
  const actorName = actor?.name ?? '';
  if (change === 'requested') {
    await notify(deps, {
      userIds: [userId],
      category: 'connections',
      kind: 'connectionRequest',
      title: connectionMessages.requestTitle(actorName.trim() || displayNameFallback),
      body: connectionMessages.requestBody,
      link: connectPath,
      actorId,
      subjectId: actorId,
      // A person asked again after a decline is listed again, but not pushed or mailed again.
      dedupeKey: `connection-request:${actorId}`,
    });
  } else if (change === 'accepted') {
    // Made at once by the other's setting (they hear of it), or this accepted their request (they hear of it).
    await notifyAccepted(deps, { actorId, actorName, userId, automatic: row.requesterId === actorId });
  }
  return statusOf(row, actorId);
}

export async function acceptConnection(
  deps: ConnectionDeps,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<ConnectionStatus> {
  const row = await acceptRequest(deps.db, { actorId, requesterId: userId, now: deps.clock.now() });
  if (!row) {
    // Accepting twice (two tabs) is done already; anything else has no request to accept.
    if (statusOf(await findConnection(deps.db, actorId, userId), actorId) === 'connected') return 'connected';
    throw new AppError('NOT_FOUND', connectionMessages.noRequest);
  }
  const actor = await findPerson(deps.db, actorId);
  await notifyAccepted(deps, { actorId, actorName: actor?.name ?? '', userId, automatic: false });
  return 'connected';
}

/** Declining tells the requester nothing (as Meetup and LinkedIn do); their request is gone. */
export async function declineConnection(
  db: Database,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<ConnectionStatus> {
  if (!(await deleteIncomingRequest(db, { actorId, requesterId: userId }))) {
    throw new AppError('NOT_FOUND', connectionMessages.noRequest);
  }
  return 'none';
}

export async function removeConnection(
  db: Database,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<ConnectionStatus> {
  if (!(await deleteConnectionOrOwnRequest(db, { actorId, otherId: userId }))) {
    throw new AppError('NOT_FOUND', connectionMessages.notConnected);
  }
  return 'none';
}

export async function listConnections(db: Database, { actorId }: { actorId: string }): Promise<ConnectionList> {
  const rows = await listConnectionRows(db, actorId, connectionLimits.list);
  const list: ConnectionList = { connections: [], incoming: [], outgoing: [] };
  for (const { connection, person } of rows) {
    const item = {
      person: personOf(person),
      since: (connection.acceptedAt ?? connection.createdAt).toISOString(),
    };
    const status = statusOf(connection, actorId);
    const target = status === 'connected' ? list.connections : status === 'incoming' ? list.incoming : list.outgoing;
    if (target.length < connectionLimits.list) target.push(item);
  }
  return list;
}

export async function listPlayedWith(db: Database, { actorId }: { actorId: string }): Promise<PlayedWithItem[]> {
  const rows = await listPlayedWithRows(db, actorId, connectionLimits.playedWith);
  const statuses = new Map(
    (
      await listConnectionsWith(
        db,
        actorId,
        rows.map((row) => row.id),
      )
    ).map((row) => [row.userLow === actorId ? row.userHigh : row.userLow, row]),
  );
  return rows.map((row) => ({
    person: personOf(row),
    sharedGames: row.shared_games,
    sharedTeams: row.shared_teams,
    status: statusOf(statuses.get(row.id), actorId),
  }));
}

export async function listSuggestions(db: Database, { actorId }: { actorId: string }): Promise<SuggestionItem[]> {
  const rows = await listSuggestionRows(db, actorId, {
    limit: connectionLimits.suggestions,
    nearbyKm: connectionLimits.nearbyKm,
  });
  return rows.map((row) => {
    const reasons: SuggestionReason[] = [];
    if (row.same_teams > 0) reasons.push('sameTeam');
    if (row.same_games > 0) reasons.push('sameGame');
    if (row.nearby) reasons.push('nearby');
    if (row.shared_sports.length > 0) reasons.push('sharedSport');
    return { person: personOf(row), reasons, sharedSports: row.shared_sports };
  });
}

export async function getConnectionSettings(
  db: Database,
  { actorId }: { actorId: string },
): Promise<ConnectionSettings> {
  return { acceptAutomatically: await findAcceptAutomatically(db, actorId) };
}

export async function updateConnectionSettings(
  { db, clock }: Pick<ConnectionDeps, 'db' | 'clock'>,
  { actorId, settings }: { actorId: string; settings: ConnectionSettings },
): Promise<ConnectionSettings> {
  await saveAcceptAutomatically(db, actorId, settings.acceptAutomatically, clock.now());
  return getConnectionSettings(db, { actorId });
}
