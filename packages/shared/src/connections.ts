import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Issue 16, spec §2 connect, §7 connections: players connect with each other. One connection per
 * pair, asked for and accepted, or made at once when the other person lets people connect without
 * asking (decision 045). A connection lets either write first when messagesFromAnyone is off.
 */

/** What the viewer has with another person: the button on a public profile follows it. */
export const connectionStatuses = ['none', 'requested', 'incoming', 'connected', 'self'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const connectionLimits = {
  /** People per list on the connect page. */
  list: 200,
  playedWith: 50,
  suggestions: 20,
  /** Suggestions "nearby": home cities within this many kilometres. */
  nearbyKm: 50,
} as const;

/** Huddle's words (the spec has none for connections). */
export const connectionMessages = {
  heading: 'Connect',
  connections: 'Connections',
  requests: 'Requests',
  playedWith: 'People you played with',
  suggestions: 'Suggestions',
  connect: 'Connect',
  requested: 'Requested',
  connected: 'Connected',
  accept: 'Accept',
  decline: 'Decline',
  remove: 'Remove',
  cancelRequest: 'Cancel request',
  noConnections: 'No connections yet. Connect with people you play with.',
  noIncoming: 'No requests waiting for you.',
  noOutgoing: 'No requests sent.',
  noPlayedWith: 'Join a game or a team: the people you play with show up here.',
  noSuggestions: 'No suggestions right now.',
  acceptAutomatically: 'Let people connect without asking',
  acceptAutomaticallyHelp: 'Anyone can connect with you at once, without a request for you to accept.',
  userNotFound: 'User not found',
  notYourself: 'You cannot connect with yourself.',
  blocked: 'You cannot connect with this person.',
  noRequest: 'No connection request from this person.',
  notConnected: 'You are not connected with this person.',
  requestTitle: (name: string) => `${name} wants to connect`,
  requestBody: 'Accept or decline on your Connect page.',
  acceptedTitle: (name: string) => `${name} accepted your connection request`,
  connectedTitle: (name: string) => `${name} connected with you`,
  acceptedBody: 'You can now message each other.',
} as const;

export const connectPath = '/connect';

export const connectionUserParams = z.object({
  userId: z.string().trim().min(1, connectionMessages.userNotFound).max(100, connectionMessages.userNotFound),
});

export const connectionPerson = z
  .object({
    id: z.string(),
    displayName: z.string(),
    photoURL: z.string(),
    city: z.string().nullable(),
  })
  .meta({ id: 'ConnectionPerson' });
export type ConnectionPerson = z.infer<typeof connectionPerson>;

export const connectionItem = z
  .object({
    person: connectionPerson,
    /** When the connection was made, or the request sent. */
    since: z.iso.datetime(),
  })
  .meta({ id: 'Connection' });
export type ConnectionItem = z.infer<typeof connectionItem>;

export const connectionListReply = z.object({
  connections: z.array(connectionItem),
  /** Requests waiting for the viewer's answer. */
  incoming: z.array(connectionItem),
  /** The viewer's requests not answered yet. */
  outgoing: z.array(connectionItem),
});
export type ConnectionList = z.infer<typeof connectionListReply>;

export const playedWithItem = z
  .object({
    person: connectionPerson,
    sharedGames: z.number().int().min(0),
    sharedTeams: z.number().int().min(0),
    status: z.enum(connectionStatuses),
  })
  .meta({ id: 'PlayedWith' });
export type PlayedWithItem = z.infer<typeof playedWithItem>;

export const suggestionReasons = ['sameTeam', 'sameGame', 'nearby', 'sharedSport'] as const;
export type SuggestionReason = (typeof suggestionReasons)[number];
export const suggestionReasonLabels: Record<SuggestionReason, string> = {
  sameTeam: 'Same team',
  sameGame: 'Played in the same game',
  nearby: 'Lives nearby',
  sharedSport: 'Plays the same sport',
};

export const suggestionItem = z
  .object({
    person: connectionPerson,
    reasons: z.array(z.enum(suggestionReasons)),
    /** The sports both play (spec §3 games), for the card. */
    sharedSports: z.array(z.string()),
  })
  .meta({ id: 'ConnectionSuggestion' });
export type SuggestionItem = z.infer<typeof suggestionItem>;

export const connectionStatusReply = z.object({ status: z.enum(connectionStatuses) });

export const connectionSettings = z
  .strictObject({
    /** On: a request is accepted at once ("follow where the other allows", issue 16). Off by default. */
    acceptAutomatically: z.boolean({ error: 'Choose on or off.' }),
  })
  .meta({ id: 'ConnectionSettings' });
export type ConnectionSettings = z.infer<typeof connectionSettings>;

const tags = ['connections'] as const;

export const connectionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/connections',
    summary: 'My connections, the requests waiting for me and the ones I sent',
    tags,
    reply: connectionListReply,
  }),
  playedWith: defineEndpoint({
    method: 'GET',
    path: '/api/connections/played-with',
    summary: 'People I shared a game or a team with',
    tags,
    reply: z.object({ people: z.array(playedWithItem) }),
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/api/connections/suggestions',
    summary: 'People to connect with: same teams, same games, nearby, shared sports',
    tags,
    reply: z.object({ people: z.array(suggestionItem) }),
  }),
  getSettings: defineEndpoint({
    method: 'GET',
    path: '/api/connections/settings',
    summary: 'Whether people may connect with me without asking',
    tags,
    reply: connectionSettings,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/connections/settings',
    summary: 'Let people connect with me without asking, or not',
    tags,
    body: connectionSettings,
    reply: connectionSettings,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/connections/with/:userId',
    summary: 'What I have with this person: none, requested, incoming, connected',
    tags,
    params: connectionUserParams,
    reply: connectionStatusReply,
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/api/connections/with/:userId',
    summary: 'Ask to connect (accepts their request if they asked first; connects at once if they allow it)',
    tags,
    params: connectionUserParams,
    reply: connectionStatusReply,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/connections/with/:userId/accept',
    summary: 'Accept this person’s request',
    tags,
    params: connectionUserParams,
    reply: connectionStatusReply,
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/connections/with/:userId/decline',
    summary: 'Decline this person’s request (they are not told)',
    tags,
    params: connectionUserParams,
    reply: connectionStatusReply,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/connections/with/:userId',
    summary: 'Remove a connection, or take back my request',
    tags,
    params: connectionUserParams,
    reply: connectionStatusReply,
  }),
};
