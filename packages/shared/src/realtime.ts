import { z } from 'zod';

/**
 * Public topics on the realtime socket (decision 055): a page watching something public (a
 * tournament) joins its topic, signed in or signed out; the server joins only topics the viewer
 * may read and answers every refusal with one `topic.refused` event.
 */

export const realtimeLimits = {
  /** Topics one socket may hold at once. */
  topicsPerSocket: 20,
  /** Signed-out sockets open at once from one client address (across the instances, decision 067). */
  signedOutSocketsPerAddress: 20,
  /** Socket opens a minute from one client address (REALTIME_OPEN_RATE_LIMIT_MAX). */
  opensPerMinute: 60,
} as const;

/** `<prefix>:<id>`: the prefix names the feature that allows it, the id what is watched. */
export const realtimeTopic = z
  .string()
  .max(200)
  .regex(/^[a-z][a-z-]{0,39}:[A-Za-z0-9_-]{1,100}$/);

/** What a client sends over the socket; anything else is ignored. */
export const realtimeClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), topic: z.string().max(1000) }),
  z.strictObject({ type: z.literal('unsubscribe'), topic: z.string().max(1000) }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

/** The one answer to a subscription refused (unknown prefix, not allowed, malformed, over the limit). */
export const topicRefusedEvent = 'topic.refused';

/**
 * Sent to every socket when events may have been lost on their way (the bus between instances
 * was down, decision 067): the client fetches again what it shows, as after a reconnect.
 */
export const resyncEvent = 'resync';

export const topicOf = (prefix: string, id: string) => `${prefix}:${id}`;
