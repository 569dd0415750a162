import type { Message } from '@huddle/shared/messages';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { findEventTitles, findTeamTitles, listMembersToNotify, type ConversationRow } from './messages.repository.ts';

/** How much of a message a notification (and its mail and push) quotes. */
const quotedLength = 140;

function quote(message: Message): string {
  const text = message.text.trim();
  if (!text) return 'Sent a photo.';
  return text.length > quotedLength ? `${text.slice(0, quotedLength - 1)}…` : text;
}

/**
 * Issue 12: a new message reaches the other members through the notifications feature (the bell,
 * and mail and push as their settings say): one-to-one messages under
 * "directMessage", team chats under "teamMessage" (and the team's own topic switches), a game's
 * chat under "eventJoined" (it is about a game the person joined). Muted conversations and
 * people who blocked the sender are left out.
 */
export async function notifyNewMessage(
  deps: NotifyDeps,
  {
    conversation,
    message,
    memberIds,
  }: { conversation: ConversationRow; message: Message; memberIds: readonly string[] },
): Promise<void> {
  const userIds = await listMembersToNotify(deps.db, {
    conversationId: conversation.id,
    memberIds,
    senderId: message.sender.id,
  });
  if (userIds.length === 0) return;
  const sender = message.sender.displayName;
  const common = {
    userIds,
    body: quote(message),
    link: `/messages/${conversation.id}`,
    actorId: message.sender.id,
    subjectId: conversation.id,
    dedupeKey: `message:${message.id}`,
  };
  if (conversation.kind === 'direct') {
    await notify(deps, {
      ...common,
      category: 'directMessage',
      kind: 'directMessage',
      title: `Message from ${sender}`,
    });
  } else if (conversation.kind === 'team') {
    const [team] = await findTeamTitles(deps.db, [conversation.teamId!]);
    await notify(deps, {
      ...common,
      category: 'teamMessage',
      kind: 'teamMessage',
      title: `${sender} in ${team?.name ?? 'your team'}`,
      teamId: conversation.teamId,
    });
  } else {
    const [event] = await findEventTitles(deps.db, [conversation.eventId!]);
    await notify(deps, {
      ...common,
      category: 'eventJoined',
      kind: 'teamMessage',
      title: `${sender} in ${event?.title ?? 'your game'}`,
    });
  }
}
