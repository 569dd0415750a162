import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import { messageEventTypes, messagesMessages, type Conversation, type Message } from '@huddle/shared/messages';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { normalizeUploadedImage } from '../../lib/images/normalize-image.ts';
import { areConnected } from '../connections/connections.service.ts';
import { visibleEvent } from '../events/events.service.ts';
import type { NotifyDeps } from '../notifications/notifications.service.ts';
import { notifyNewMessage } from './message-notifications.ts';
import {
  isSendersPhoto,
  readMessagePhoto,
  removeMessagePhoto,
  shownPhotoUrl,
  storeMessagePhoto,
  type PhotoStorages,
} from './message-photos.ts';
import { isOnline } from '../presence/presence.service.ts';
import { blockUser, unblockUser } from '../profiles/profiles.service.ts';
import { visibleTeam } from '../teams/teams.service.ts';
import {
  countUnread,
  findAccess,
  findConversationWithAccess,
  findBlockerIds,
  findConversation,
  findEventTitles,
  findMessage,
  findMessageByClientId,
  findOrInsertDirect,
  findOrInsertEventConversation,
  findOrInsertTeamConversation,
  findPeople,
  findReadState,
  findTeamTitles,
  hasMessages,
  insertMessage,
  knowEachOther,
  listConversationRows,
  listMemberIds,
  listMessageRows,
  markReadUpTo,
  newestSeq,
  setMuted,
  updateConversationColumns,
  updateMessageColumns,
  type ConversationRow,
  type MessageRow,
} from './messages.repository.ts';

/** Sending notifies the members who are away (message-notifications.ts), hence the notify deps. */
export interface MessageDeps extends NotifyDeps, PhotoStorages {}

const conversationNotFound = () => new AppError('NOT_FOUND', 'Conversation not found');
const messageNotFound = () => new AppError('NOT_FOUND', 'Message not found');
const cannotPost = (message: string) => new AppError('FORBIDDEN', message, { text: [message] });

type Person = Awaited<ReturnType<typeof findPeople>>[number];
const personOf = (person: Person | undefined, id: string) => ({
  id,
  displayName: person?.name.trim() || displayNameFallback,
  photoURL: person?.image || defaultPhotoPath,
});

/** Outsiders get 404: a conversation's existence is as private as its messages. */
async function requireMember(db: Database, conversationId: string, actorId: string) {
  const found = await findConversationWithAccess(db, conversationId, actorId);
  if (!found?.member) throw conversationNotFound();
  return { conversation: found.conversation, manager: found.manager };
}

const otherIn = (conversation: ConversationRow, actorId: string) =>
  conversation.userA === actorId ? conversation.userB! : conversation.userA!;

/**
 * Whether the actor may write now, and if not the words saying why: a block either way (spec §3),
 * the recipient's messagesFromAnyone switch before the first message, announcements-only.
 */
async function postingRule(
  db: Database,
  conversation: ConversationRow,
  actorId: string,
  manager: boolean,
): Promise<string | null> {
  if (conversation.kind !== 'direct') {
    return conversation.announcementsOnly && !manager ? messagesMessages.announcementsOnly : null;
  }
  const otherId = otherIn(conversation, actorId);
  const [blockers, begun] = await Promise.all([findBlockerIds(db, actorId, otherId), hasMessages(db, conversation.id)]);
  if (blockers.includes(actorId)) return messagesMessages.blockedByYou;
  if (blockers.includes(otherId)) return messagesMessages.blockedByThem;
  // "Start a conversation" (issue 12): once it has begun, the switch no longer stops replies.
  if (!begun) {
    const [other] = await findPeople(db, [otherId]);
    if (
      other &&
      !other.messagesFromAnyone &&
      !(await knowEachOther(db, actorId, otherId)) &&
      // Issue 16: a connection opens the door too (decision 045).
      !(await areConnected(db, actorId, otherId))
    ) {
      return messagesMessages.onlyPeopleTheyKnow;
    }
  }
  return null;
}

function toMessage(row: MessageRow, sender: Person | undefined): Message {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    clientId: row.clientId,
    sender: personOf(sender, row.senderId),
    text: deleted ? '' : row.text,
    imageUrl: deleted || row.imageUrl === null ? null : shownPhotoUrl(row.imageUrl),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

async function toMessages(db: Database, rows: MessageRow[]): Promise<Message[]> {
  const people = new Map(
    (
      await findPeople(
        db,
        rows.map((row) => row.senderId),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.map((row) => toMessage(row, people.get(row.senderId)));
}

/** Builds the replies for several conversations of one viewer with a few batched reads. */
async function toConversations(
  db: Database,
  actorId: string,
  items: { row: ConversationRow; unread: number; muted: boolean; manager: boolean; lastMessage?: MessageRow }[],
): Promise<Conversation[]> {
  const others = items.filter(({ row }) => row.kind === 'direct').map(({ row }) => otherIn(row, actorId));
  const senders = items.flatMap(({ lastMessage }) => (lastMessage ? [lastMessage.senderId] : []));
  const [people, teamTitles, eventTitles] = await Promise.all([
    findPeople(db, [...others, ...senders]),
    findTeamTitles(
      db,
      items.flatMap(({ row }) => (row.teamId ? [row.teamId] : [])),
    ),
    findEventTitles(
      db,
      items.flatMap(({ row }) => (row.eventId ? [row.eventId] : [])),
    ),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const teamById = new Map(teamTitles.map((team) => [team.id, team]));
  const eventById = new Map(eventTitles.map((event) => [event.id, event]));

  return Promise.all(
    items.map(async ({ row, unread, muted, manager, lastMessage }) => {
      const reason = await postingRule(db, row, actorId, manager);
      let title = '';
      let photoURL: string | null = null;
      let otherPerson: Conversation['otherPerson'] = null;
      let blocked = false;
      if (row.kind === 'direct') {
        const otherId = otherIn(row, actorId);
        const other = personById.get(otherId);
        const shown = personOf(other, otherId);
        blocked = reason === messagesMessages.blockedByYou;
        const eitherBlocked = blocked || reason === messagesMessages.blockedByThem;
        // Spec §3/§4: online only if they show it, and never across a block.
        const online = !eitherBlocked && Boolean(other?.publicOnlineStatus) && (await isOnline(db, otherId));
        otherPerson = { ...shown, online };
        title = shown.displayName;
        photoURL = shown.photoURL;
      } else if (row.kind === 'team') {
        const team = teamById.get(row.teamId!);
        title = team?.name ?? 'Team';
        photoURL = team?.photoUrl ?? null;
      } else {
        title = eventById.get(row.eventId!)?.title ?? 'Event';
      }
      const sender = lastMessage && personOf(personById.get(lastMessage.senderId), lastMessage.senderId);
      return {
        id: row.id,
        kind: row.kind,
        title,
        photoURL,
        teamId: row.teamId,
        eventId: row.eventId,
        otherPerson,
        announcementsOnly: row.announcementsOnly,
        muted,
        blocked,
        canPost: reason === null,
        cannotPostReason: reason,
        canManage: row.kind !== 'direct' && manager,
        lastMessage:
          lastMessage && sender
            ? {
                id: lastMessage.id,
                senderId: lastMessage.senderId,
                senderName: sender.displayName,
                text: lastMessage.deletedAt ? '' : lastMessage.text,
                hasImage: !lastMessage.deletedAt && lastMessage.imageUrl !== null,
                deleted: lastMessage.deletedAt !== null,
                createdAt: lastMessage.createdAt.toISOString(),
              }
            : null,
        unreadCount: unread,
      };
    }),
  );
}

async function conversationFor(db: Database, row: ConversationRow, actorId: string, manager: boolean) {
  const [{ unread, muted }, page] = await Promise.all([
    findReadState(db, row.id, actorId),
    listMessageRows(db, { conversationId: row.id, limit: 1 }),
  ]);
  const [reply] = await toConversations(db, actorId, [{ row, unread, muted, manager, lastMessage: page.rows[0] }]);
  return reply!;
}

export async function listConversations(db: Database, { actorId }: { actorId: string }) {
  const rows = await listConversationRows(db, actorId);
  return {
    conversations: await toConversations(
      db,
      actorId,
      rows.map(({ conversation, ...row }) => ({ row: conversation, ...row })),
    ),
  };
}

export async function getUnreadCount(db: Database, { actorId }: { actorId: string }) {
  return { unreadCount: await countUnread(db, actorId) };
}

export async function getConversation(
  db: Database,
  { actorId, conversationId }: { actorId: string; conversationId: string },
) {
  const { conversation, manager } = await requireMember(db, conversationId, actorId);
  return conversationFor(db, conversation, actorId, manager);
}

/**
 * The one-to-one conversation with a person, made on first open. A block either way or the
 * person's messagesFromAnyone switch do not stop opening it (the history stays readable); they
 * stop writing, and the reply says why (canPost, cannotPostReason).
 */
export async function startDirectConversation(db: Database, { actorId, userId }: { actorId: string; userId: string }) {
  if (userId === actorId) {
    throw new AppError('VALIDATION_FAILED', messagesMessages.cannotMessageYourself, {
      userId: [messagesMessages.cannotMessageYourself],
    });
  }
  const [other] = await findPeople(db, [userId]);
  if (!other) throw new AppError('NOT_FOUND', 'User not found');
  const [userA, userB] = actorId < userId ? [actorId, userId] : [userId, actorId];
  const conversation = await findOrInsertDirect(db, userA, userB);
  return conversationFor(db, conversation, actorId, false);
}

export async function openTeamConversation(db: Database, { actorId, teamId }: { actorId: string; teamId: string }) {
  const { role } = await visibleTeam(db, teamId, actorId);
  if (!role) throw new AppError('FORBIDDEN', 'Only the team’s members can read its conversation.');
  const conversation = await findOrInsertTeamConversation(db, teamId);
  return getConversation(db, { actorId, conversationId: conversation.id });
}

export async function openEventConversation(db: Database, { actorId, eventId }: { actorId: string; eventId: string }) {
  await visibleEvent(db, eventId, actorId);
  const conversation = await findOrInsertEventConversation(db, eventId);
  const access = await findAccess(db, conversation.id, actorId);
  if (!access?.member) {
    throw new AppError('FORBIDDEN', 'Only the organizers and the people joined or waiting can read this conversation.');
  }
  return conversationFor(db, conversation, actorId, access.manager);
}

export async function updateConversation(
  deps: MessageDeps,
  {
    actorId,
    conversationId,
    changes,
  }: {
    actorId: string;
    conversationId: string;
    changes: { blocked?: boolean; muted?: boolean; announcementsOnly?: boolean };
  },
) {
  const { db } = deps;
  const { conversation, manager } = await requireMember(db, conversationId, actorId);
  if (changes.blocked !== undefined) {
    if (conversation.kind !== 'direct') {
      throw new AppError('VALIDATION_FAILED', messagesMessages.blockOnlyDirect, {
        blocked: [messagesMessages.blockOnlyDirect],
      });
    }
  }
  if (changes.announcementsOnly !== undefined && (conversation.kind === 'direct' || !manager)) {
    throw new AppError('FORBIDDEN', messagesMessages.organizersOnly);
  }
  // Spec §7: blocking goes through the one blocklist (profiles); it hides the conversation.
  if (changes.blocked === true) await blockUser(db, { actorId, userId: otherIn(conversation, actorId) });
  if (changes.blocked === false) await unblockUser(db, { actorId, userId: otherIn(conversation, actorId) });
  if (changes.muted !== undefined) await setMuted(db, conversationId, actorId, changes.muted);
  if (changes.announcementsOnly !== undefined) {
    await updateConversationColumns(db, conversationId, { announcementsOnly: changes.announcementsOnly });
  }
  if (changes.blocked !== undefined || changes.muted !== undefined) await pushUnread(deps, actorId);
  // Who may write changed: every member's open thread shows it at once (the composer, or why not).
  if (changes.blocked !== undefined || changes.announcementsOnly !== undefined) {
    deps.realtime.sendMany(await listMemberIds(db, conversation), {
      type: messageEventTypes.conversationChanged,
      conversationId,
    });
  }
  const updated = (await findConversation(db, conversationId))!;
  return conversationFor(db, updated, actorId, manager);
}

export async function listMessages(
  db: Database,
  {
    actorId,
    conversationId,
    before,
    after,
    limit,
  }: { actorId: string; conversationId: string; before?: string; after?: string; limit: number },
) {
  await requireMember(db, conversationId, actorId);
  const anchorId = before ?? after;
  const anchor = anchorId ? await findMessage(db, conversationId, anchorId) : undefined;
  if (anchorId && !anchor) throw messageNotFound();
  const page = await listMessageRows(db, {
    conversationId,
    ...(before && { beforeSeq: anchor!.seq }),
    ...(after && { afterSeq: anchor!.seq }),
    limit,
  });
  return { messages: await toMessages(db, page.rows), hasMore: page.hasMore };
}

/** The photo's URL is accepted only if it was stored for this sender in this conversation. */
function checkImageUrl(url: string, conversationId: string, actorId: string) {
  if (!isSendersPhoto(url, { conversationId, senderId: actorId })) {
    throw new AppError('VALIDATION_FAILED', messagesMessages.notAConversationImage, {
      imageUrl: [messagesMessages.notAConversationImage],
    });
  }
}

async function pushUnread({ db, realtime }: MessageDeps, userId: string) {
  realtime.send(userId, { type: messageEventTypes.unreadChanged, unreadCount: await countUnread(db, userId) });
}

export async function sendMessage(
  deps: MessageDeps,
  {
    actorId,
    conversationId,
    message,
  }: { actorId: string; conversationId: string; message: { clientId: string; text: string; imageUrl: string | null } },
) {
  const { db, realtime } = deps;
  // A retry of a message that went through: the same message, nothing sent twice. Read beside
  // the conversation (one round trip's wait, not two); a replay answers whatever the access says.
  const [earlier, access] = await Promise.all([
    findMessageByClientId(db, actorId, message.clientId),
    findConversationWithAccess(db, conversationId, actorId),
  ]);
  if (earlier) return replayOf(db, earlier, conversationId);
  if (!access?.member) throw conversationNotFound();
  const { conversation, manager } = access;
  const reason = await postingRule(db, conversation, actorId, manager);
  if (reason) throw cannotPost(reason);
  if (message.imageUrl) checkImageUrl(message.imageUrl, conversationId, actorId);

  const row = await insertMessage(db, { conversationId, senderId: actorId, ...message });
  if (!row) {
    // Two copies of one retry raced: the other insert won. Or the conversation was deleted
    // between the access check and the insert.
    const twin = await findMessageByClientId(db, actorId, message.clientId);
    if (!twin) throw conversationNotFound();
    return replayOf(db, twin, conversationId);
  }

  // Sending reads everything before it: the sender has seen the thread.
  const [, [reply]] = await Promise.all([markReadUpTo(db, conversationId, actorId, row.seq), toMessages(db, [row])]);
  const members = await listMemberIds(db, conversation);
  realtime.sendMany(members, { type: messageEventTypes.created, conversationId, message: reply! });
  await notifyNewMessage(deps, { conversation, message: reply!, memberIds: members });
  return reply!;
}

async function replayOf(db: Database, earlier: MessageRow, conversationId: string) {
  if (earlier.conversationId !== conversationId) {
    throw new AppError('CONFLICT', 'That message id was already used.', { clientId: ['Send the message again.'] });
  }
  const [reply] = await toMessages(db, [earlier]);
  return reply!;
}

async function ownMessage(db: Database, actorId: string, conversationId: string, messageId: string) {
  const { conversation } = await requireMember(db, conversationId, actorId);
  const row = await findMessage(db, conversationId, messageId);
  if (!row) throw messageNotFound();
  if (row.senderId !== actorId) throw new AppError('FORBIDDEN', messagesMessages.notYourMessage);
  if (row.deletedAt) throw new AppError('NOT_FOUND', messagesMessages.messageDeleted);
  return { conversation, row };
}

export async function editMessage(
  deps: MessageDeps,
  {
    actorId,
    conversationId,
    messageId,
    text,
  }: { actorId: string; conversationId: string; messageId: string; text: string },
) {
  const { db, realtime, clock } = deps;
  const { conversation, row } = await ownMessage(db, actorId, conversationId, messageId);
  if (row.text === text) return (await toMessages(db, [row]))[0]!;
  const updated = await updateMessageColumns(db, row.id, { text, editedAt: clock.now() });
  const [reply] = await toMessages(db, [updated!]);
  realtime.sendMany(await listMemberIds(db, conversation), {
    type: messageEventTypes.updated,
    conversationId,
    message: reply!,
  });
  return reply!;
}

export async function deleteMessage(
  deps: MessageDeps,
  { actorId, conversationId, messageId }: { actorId: string; conversationId: string; messageId: string },
) {
  const { db, realtime, clock } = deps;
  const { conversation, row } = await ownMessage(db, actorId, conversationId, messageId);
  // The row stays (the thread keeps its order and "deleted" shows); its words and photo go.
  const updated = await updateMessageColumns(db, row.id, { text: '', imageUrl: null, deletedAt: clock.now() });
  if (row.imageUrl) await removeMessagePhoto(deps, row.imageUrl);
  const [reply] = await toMessages(db, [updated!]);
  realtime.sendMany(await listMemberIds(db, conversation), {
    type: messageEventTypes.deleted,
    conversationId,
    message: reply!,
  });
  return reply!;
}

export async function markConversationRead(
  deps: MessageDeps,
  { actorId, conversationId, upTo }: { actorId: string; conversationId: string; upTo?: string },
) {
  const { db } = deps;
  await requireMember(db, conversationId, actorId);
  let seq: number;
  if (upTo) {
    const row = await findMessage(db, conversationId, upTo);
    if (!row) throw messageNotFound();
    seq = row.seq;
  } else {
    seq = await newestSeq(db, conversationId);
  }
  await markReadUpTo(db, conversationId, actorId, seq);
  const unreadCount = await countUnread(db, actorId);
  // The reader's other tabs drop the count too.
  deps.realtime.send(actorId, { type: messageEventTypes.unreadChanged, unreadCount });
  return { unreadCount };
}

export async function uploadMessageImage(
  deps: MessageDeps,
  { actorId, conversationId, bytes }: { actorId: string; conversationId: string; bytes: Buffer },
) {
  const { db } = deps;
  const { conversation, manager } = await requireMember(db, conversationId, actorId);
  const reason = await postingRule(db, conversation, actorId, manager);
  if (reason) throw cannotPost(reason);
  const image = await normalizeUploadedImage(bytes, 'inside');
  return { imageUrl: await storeMessagePhoto(deps, { conversationId, senderId: actorId, image }) };
}

/**
 * A message photo's bytes, for the conversation's members only. Everyone else, signed in or not,
 * gets the 404 of a photo that does not exist (decision 026: outsiders learn nothing).
 */
export async function getMessageImage(
  deps: MessageDeps,
  { viewerId, conversationId, imageName }: { viewerId: string | undefined; conversationId: string; imageName: string },
): Promise<Buffer> {
  const member = viewerId ? (await findAccess(deps.db, conversationId, viewerId))?.member : false;
  const bytes = member ? await readMessagePhoto(deps, { conversationId, imageName }) : undefined;
  if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found');
  return bytes;
}
