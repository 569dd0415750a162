import { notifications } from '../../features/notifications/notifications.schema.ts';
import type { Cast } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner

/** A notification of the owner's, made fresh for each role. */
async function ownersNotification(cast: Cast): Promise<string> {
  const [row] = await cast.t.db
    .insert(notifications)
    .values({
      userId: cast.people.owner.id,
      category: 'eventCreatedJoin',
      kind: 'playerJoined',
      title: 'A player joined your game',
      body: 'Someone joined.',
      link: '/discover/events',
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A browser subscription body; each call its own endpoint. */
let subscriptionSequence = 0;
const subscriptionBody = () => {
  subscriptionSequence += 1;
  return {
    endpoint: `https://push.example.com/send/matrix-${subscriptionSequence}`,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };
};

/** Each person's own notifications and push subscriptions: nobody reaches another's. */
export const notificationRows: MatrixRow[] = [
  { route: 'GET /api/me/notifications', expect: signedIn(200) },
  { route: 'GET /api/me/notifications/unread-count', expect: signedIn(200) },
  {
    route: 'POST /api/me/notifications/{notificationId}/read',
    target: "the owner's notification",
    call: async (cast) => ({ params: { notificationId: await ownersNotification(cast) } }),
    expect: statuses(401, 404, 404, 404, 200),
  },
  { route: 'POST /api/me/notifications/read-all', expect: signedIn(200) },
  { route: 'GET /api/push/public-key', expect: everyone(200) },
  { route: 'PUT /api/me/push-subscriptions', call: () => ({ payload: subscriptionBody() }), expect: signedIn(200) },
  {
    route: 'POST /api/me/push-subscriptions/remove',
    call: () => ({ payload: { endpoint: subscriptionBody().endpoint } }),
    expect: signedIn(200),
  },
];
