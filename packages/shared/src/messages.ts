import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { atLeastOneChange } from './partial-update.ts';

/** Issue 12, spec §3 Conversation: one-to-one, a team's chat, an event's chat. */
export const conversationKinds = ['direct', 'team', 'event'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

export const messageTextMax = 4000;
export const messagePageMax = 100;
export const messagePageDefault = 30;

/** Errors people read beside the composer (the spec has no words for them; decision 026). */
export const messagesMessages = {
  blockedByYou: 'You blocked this person. Unblock them to send a message.',
  blockedByThem: 'You can no longer message this person.',
  onlyPeopleTheyKnow: 'This person accepts messages only from teammates, connections and people they have played with.',
  announcementsOnly: 'Only organizers can post in this conversation.',
  notYourMessage: 'You can only change your own messages.',
  messageDeleted: 'This message was deleted.',
  emptyMessage: 'Write a message or attach a photo.',
  cannotMessageYourself: 'You cannot message yourself.',
  notAConversationImage: 'Attach the photo again.',
  blockOnlyDirect: 'Only a one-to-one conversation can be blocked.',
  organizersOnly: 'Only organizers can change that.',
} as const;

export const conversationIdParams = z.object({ conversationId: z.uuid('Unknown conversation.') });
export const messageIdParams = conversationIdParams.extend({ messageId: z.uuid('Unknown message.') });
export const conversationTeamParams = z.object({ teamId: z.uuid('Unknown team.') });
export const conversationEventParams = z.object({ eventId: z.uuid('Unknown event.') });

export const messagePerson = z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() });

export const messageReply = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    /** The id the sending tab made up: a retry carries it again and gets this message back. */
    clientId: z.string(),
    sender: messagePerson,
    /** Empty once deleted. */
    text: z.string(),
    imageUrl: z.string().nullable(),
    createdAt: z.iso.datetime(),
    editedAt: z.iso.datetime().nullable(),
    deletedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageReply>;

export const conversationReply = z
  .object({
    id: z.string(),
    kind: z.enum(conversationKinds),
    /** The other person's name, the team's or the event's title. */
    title: z.string(),
    photoURL: z.string().nullable(),
    teamId: z.string().nullable(),
    eventId: z.string().nullable(),
    /** One-to-one only: the other person; online only when they show it and no one blocked anyone. */
    otherPerson: messagePerson.extend({ online: z.boolean() }).nullable(),
    announcementsOnly: z.boolean(),
    muted: z.boolean(),
    /** One-to-one: the viewer blocked the other person. */
    blocked: z.boolean(),
    /** Whether the viewer may write here now, and if not, why (one of messagesMessages). */
    canPost: z.boolean(),
    cannotPostReason: z.string().nullable(),
    /** Team and event conversations: the viewer organizes (may switch announcements-only). */
    canManage: z.boolean(),
    lastMessage: z
      .object({
        id: z.string(),
        senderId: z.string(),
        senderName: z.string(),
        text: z.string(),
        hasImage: z.boolean(),
        deleted: z.boolean(),
        createdAt: z.iso.datetime(),
      })
      .nullable(),
    unreadCount: z.number().int(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationReply>;

export const conversationListReply = z.object({ conversations: z.array(conversationReply) });
export const unreadCountReply = z.object({ unreadCount: z.number().int() }).meta({ id: 'UnreadCount' });

export const startDirectBody = z.strictObject({ userId: z.string({ error: 'Choose a person.' }).min(1).max(64) });

export const updateConversationBody = atLeastOneChange(
  z.strictObject({
    /** Spec §7 update conversation: blocking hides it and adds the other person to the blocklist. */
    blocked: z.boolean().optional(),
    muted: z.boolean().optional(),
    announcementsOnly: z.boolean().optional(),
  }),
).meta({ id: 'UpdateConversation' });

export const messageListQuery = z
  .object({
    /** Older than this message (load older). */
    before: z.uuid('Unknown message.').optional(),
    /** Newer than this message (resume after a reconnect). */
    after: z.uuid('Unknown message.').optional(),
    limit: z.coerce.number().int().min(1).max(messagePageMax).default(messagePageDefault),
  })
  .refine((query) => !(query.before && query.after), { message: 'Use before or after, not both.', path: ['after'] });
export const messageListReply = z.object({
  /** Oldest first. */
  messages: z.array(messageReply),
  /** With before (or neither): older messages exist. With after: more newer ones than the limit. */
  hasMore: z.boolean(),
});

const messageText = z
  .string({ error: 'Write a message.' })
  .trim()
  .max(messageTextMax, `A message is at most ${messageTextMax} characters.`);

export const sendMessageBody = z
  .strictObject({
    clientId: z.uuid('Send the message again.'),
    text: messageText.default(''),
    imageUrl: z.string().max(500).nullable().default(null),
  })
  .refine((body) => body.text.length > 0 || body.imageUrl !== null, {
    message: messagesMessages.emptyMessage,
    path: ['text'],
  })
  .meta({ id: 'SendMessage' });
export const editMessageBody = z
  .strictObject({ text: messageText.min(1, 'Write a message.') })
  .meta({ id: 'EditMessage' });
export const messageImageReply = z.object({ imageUrl: z.string() });

export const markReadBody = z.strictObject({
  /** Read up to this message; the newest when left out. */
  upTo: z.uuid('Unknown message.').optional(),
});

const tags = ['messages'] as const;

export const messageEndpoints = {
  listConversations: defineEndpoint({
    method: 'GET',
    path: '/api/conversations',
    summary: 'My conversations with a message, newest activity first, with unread counts',
    tags,
    reply: conversationListReply,
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/unread',
    summary: 'How many messages are unread for me (muted conversations left out)',
    tags,
    reply: unreadCountReply,
  }),
  startDirect: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/direct',
    summary: 'Open the one-to-one conversation with a person (started on first use)',
    tags,
    body: startDirectBody,
    reply: conversationReply,
  }),
  openTeamConversation: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/conversation',
    summary: "Open the team's conversation (members)",
    tags,
    params: conversationTeamParams,
    reply: conversationReply,
  }),
  openEventConversation: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/conversation',
    summary: "Open the event's conversation (organizers and everyone joined or waiting)",
    tags,
    params: conversationEventParams,
    reply: conversationReply,
  }),
  getConversation: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:conversationId',
    summary: 'One conversation (members)',
    tags,
    params: conversationIdParams,
    reply: conversationReply,
  }),
  updateConversation: defineEndpoint({
    method: 'PATCH',
    path: '/api/conversations/:conversationId',
    summary: 'Block (one-to-one), mute, or make announcements-only (organizers)',
    tags,
    params: conversationIdParams,
    body: updateConversationBody,
    reply: conversationReply,
  }),
  listMessages: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:conversationId/messages',
    summary: 'Messages, oldest first: the newest page, older than `before`, or newer than `after`',
    tags,
    params: conversationIdParams,
    query: messageListQuery,
    reply: messageListReply,
  }),
  sendMessage: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:conversationId/messages',
    summary: 'Send a message; a retry with the same clientId returns the first one',
    tags,
    params: conversationIdParams,
    body: sendMessageBody,
    reply: messageReply,
    status: 201,
  }),
  editMessage: defineEndpoint({
    method: 'PATCH',
    path: '/api/conversations/:conversationId/messages/:messageId',
    summary: 'Edit your own message',
    tags,
    params: messageIdParams,
    body: editMessageBody,
    reply: messageReply,
  }),
  deleteMessage: defineEndpoint({
    method: 'DELETE',
    path: '/api/conversations/:conversationId/messages/:messageId',
    summary: 'Delete your own message (it stays as "deleted")',
    tags,
    params: messageIdParams,
    reply: messageReply,
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:conversationId/read',
    summary: 'Mark the conversation read; replies with my unread total',
    tags,
    params: conversationIdParams,
    body: markReadBody,
    reply: unreadCountReply,
  }),
} as const;

/** Multipart, like the profile photo: the field "photo". */
export const messageImagePath = '/api/conversations/:conversationId/images';

/**
 * A message photo is read here, by the conversation's members only (decisions 026, 061): the
 * sender's id and a random part, as the server names it.
 */
export const messageImageFilePath = '/api/conversations/:conversationId/images/:imageName';
export const messageImageParams = conversationIdParams.extend({
  imageName: z.string().regex(/^[A-Za-z0-9_-]{1,64}-[0-9a-f]{16}\.webp$/, 'Unknown photo.'),
});
export const messageImageUrl = (conversationId: string, imageName: string) =>
  `/api/conversations/${conversationId}/images/${imageName}`;

/** What the server pushes over the realtime socket to every member's tabs. */
export const messageEventTypes = {
  created: 'message.created',
  updated: 'message.updated',
  deleted: 'message.deleted',
  unreadChanged: 'unread.changed',
  /** A block either way or announcements-only changed: members read the conversation again. */
  conversationChanged: 'conversation.changed',
} as const;
