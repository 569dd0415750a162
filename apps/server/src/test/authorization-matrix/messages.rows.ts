import { randomUUID } from 'node:crypto';
import { multipartFile } from '../factories.ts';
import { apiAs, type Cast, type Person } from './cast.ts';
import { photoBytes, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Decision 026: a conversation is 404 to everyone outside it; the sender alone edits and deletes.

const conversationOf = new WeakMap<Cast, Promise<string>>();
/** The public team's conversation: the member, the organizer and the owner belong to it. */
function teamConversation(cast: Cast): Promise<string> {
  let id = conversationOf.get(cast);
  if (!id) {
    id = apiAs<{ id: string }>(cast, cast.people.owner, 'POST', `/api/teams/${cast.publicTeam.id}/conversation`).then(
      (conversation) => conversation.id,
    );
    conversationOf.set(cast, id);
  }
  return id;
}
const inConversation = async (cast: Cast) => ({ params: { conversationId: await teamConversation(cast) } });
/** A fresh message of the owner's for each caller. */
async function ownersMessage(cast: Cast) {
  const conversationId = await teamConversation(cast);
  const message = await apiAs<{ id: string }>(
    cast,
    cast.people.owner,
    'POST',
    `/api/conversations/${conversationId}/messages`,
    {
      clientId: randomUUID(),
      text: 'Practice at 7',
    },
  );
  return { params: { conversationId, messageId: message.id } };
}

/** A photo the owner sent in a conversation: its address's parameters. */
async function ownersPhoto(cast: Cast, conversationId: string) {
  const body = multipartFile(await photoBytes(), { field: 'photo', filename: 'p.png', contentType: 'image/png' });
  const uploaded = await cast.t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/images`,
    headers: { cookie: cast.people.owner.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
  const { imageUrl } = uploaded.json<{ imageUrl: string }>();
  await apiAs(cast, cast.people.owner, 'POST', `/api/conversations/${conversationId}/messages`, {
    clientId: randomUUID(),
    imageUrl,
  });
  return { params: { conversationId, imageName: imageUrl.split('/').at(-1)! } };
}
const directWith = async (cast: Cast, person: Person) =>
  (await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', '/api/conversations/direct', { userId: person.id })).id;

export const messageRows: MatrixRow[] = [
  { route: 'GET /api/conversations', expect: signedIn(200) },
  { route: 'GET /api/conversations/unread', expect: signedIn(200) },
  {
    route: 'POST /api/conversations/direct',
    call: (cast) => ({ payload: { userId: cast.bystander.id } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/teams/{teamId}/conversation',
    target: 'public',
    call: (cast) => ({ params: { teamId: cast.publicTeam.id } }),
    expect: statuses(401, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/conversation',
    target: 'private',
    call: (cast) => ({ params: { teamId: cast.privateTeam.id } }),
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/conversation',
    target: 'public',
    call: (cast) => ({ params: { eventId: cast.publicEvent.id } }),
    expect: statuses(401, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/conversation',
    target: 'team only',
    call: (cast) => ({ params: { eventId: cast.teamOnlyEvent.id } }),
    expect: statuses(401, 404, 200, 200, 200),
  },
  { route: 'GET /api/conversations/{conversationId}', call: inConversation, expect: statuses(401, 404, 200, 200, 200) },
  {
    route: 'PATCH /api/conversations/{conversationId}',
    target: 'mute',
    call: async (cast) => ({ ...(await inConversation(cast)), payload: { muted: true } }),
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'PATCH /api/conversations/{conversationId}',
    target: 'announcements-only',
    call: async (cast) => ({ ...(await inConversation(cast)), payload: { announcementsOnly: false } }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'GET /api/conversations/{conversationId}/messages',
    call: inConversation,
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/conversations/{conversationId}/messages',
    call: async (cast) => ({ ...(await inConversation(cast)), payload: { clientId: randomUUID(), text: 'On my way' } }),
    expect: statuses(401, 404, 201, 201, 201),
  },
  {
    route: 'PATCH /api/conversations/{conversationId}/messages/{messageId}',
    call: async (cast) => ({ ...(await ownersMessage(cast)), payload: { text: 'Practice at 8' } }),
    expect: statuses(401, 404, 403, 403, 200),
  },
  {
    route: 'DELETE /api/conversations/{conversationId}/messages/{messageId}',
    call: ownersMessage,
    expect: statuses(401, 404, 403, 403, 200),
  },
  {
    route: 'POST /api/conversations/{conversationId}/read',
    call: async (cast) => ({ ...(await inConversation(cast)), payload: {} }),
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/conversations/{conversationId}/images',
    call: async (cast) => ({ ...(await inConversation(cast)), photo: true }),
    expect: statuses(401, 404, 200, 200, 200),
  },
  // Decision 061: a photo is read by the conversation's members alone; anyone else, signed in or not, gets 404.
  {
    route: 'GET /api/conversations/{conversationId}/images/{imageName}',
    target: 'in the team conversation',
    call: async (cast) => ownersPhoto(cast, await teamConversation(cast)),
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'GET /api/conversations/{conversationId}/images/{imageName}',
    target: 'in the owner’s direct conversation with the member',
    call: async (cast) => ownersPhoto(cast, await directWith(cast, cast.people.member)),
    expect: statuses(404, 404, 200, 404, 200),
  },
];
