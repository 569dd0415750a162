import { partnerOffers, partners } from '../../features/partners/partners.schema.ts';
import { postReports, posts } from '../../features/posts/posts.schema.ts';
import { feedback } from '../../features/profiles/profiles.schema.ts';
import { promotions } from '../../features/promotions/promotions.schema.ts';
import { ambassadorApplications } from '../../features/teams/teams.schema.ts';
import type { Cast } from './cast.ts';
import { statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 17: the admin area. No one of the cast is an admin, so every route answers a signed-out
// caller 401 and each of them 403, before anything about the target is looked at (an unknown
// user id is no different). What an admin gets is in features/admin/admin.service.test.ts.
const notAdmin = statuses(401, 403, 403, 403, 403);
const someone = (cast: { teammate: { id: string } }) => ({ params: { userId: cast.teammate.id } });

/** A post of the owner's, reported by the bystander: what the report rows act on. */
async function reportedPost(cast: Cast) {
  const [post] = await cast.t.db
    .insert(posts)
    .values({
      category: 'play-competition',
      subcategory: 'sub-needed',
      title: 'Cheap boots',
      text: 'DM me.',
      authorId: cast.people.owner.id,
    })
    .returning({ id: posts.id });
  const [report] = await cast.t.db
    .insert(postReports)
    .values({ postId: post!.id, reporterId: cast.bystander.id, reason: 'spam' })
    .returning({ id: postReports.id });
  return { postId: post!.id, reportId: report!.id };
}

/** A partner with one offer: what the partner rows act on. */
async function partnerWithOffer(cast: Cast) {
  const [partner] = await cast.t.db.insert(partners).values({ type: 'venue', name: 'Matrix Courts' }).returning();
  const [offer] = await cast.t.db
    .insert(partnerOffers)
    .values({ partnerId: partner!.id, title: '10% off' })
    .returning();
  return { partnerId: partner!.id, offerId: offer!.id };
}

async function promotionId(cast: Cast) {
  const [row] = await cast.t.db
    .insert(promotions)
    .values({ headline: 'Spring sale', startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return row!.id;
}

async function applicationId(cast: Cast) {
  const [row] = await cast.t.db
    .insert(ambassadorApplications)
    .values({ fullName: 'Ana Ambassador', email: 'ana@example.test', city: 'Austin', motivation: 'I run a league.' })
    .returning();
  return row!.id;
}

async function feedbackId(cast: Cast) {
  const [row] = await cast.t.db
    .insert(feedback)
    .values({ userId: cast.bystander.id, message: 'Love it', rating: 5 })
    .returning();
  return row!.id;
}

const partnerBody = { type: 'venue', name: 'Matrix Courts' };
const offerBody = { title: '10% off' };
const promotionBody = {
  headline: 'Spring sale',
  startsAt: '2030-03-01T00:00:00Z',
  endsAt: '2030-03-31T00:00:00Z',
};

export const adminRows: MatrixRow[] = [
  { route: 'GET /api/admin/access', expect: notAdmin },
  { route: 'GET /api/admin/users', call: () => ({ query: { q: 'a' } }), expect: notAdmin },
  { route: 'GET /api/admin/users/{userId}', call: someone, expect: notAdmin },
  {
    route: 'PUT /api/admin/users/{userId}/role',
    call: (cast) => ({ ...someone(cast), payload: { role: 'admin' } }),
    expect: notAdmin,
  },
  { route: 'POST /api/admin/users/{userId}/disable', call: someone, expect: notAdmin },
  { route: 'POST /api/admin/users/{userId}/enable', call: someone, expect: notAdmin },
  { route: 'POST /api/admin/users/{userId}/verify-email', call: someone, expect: notAdmin },
  { route: 'DELETE /api/admin/users/{userId}', call: someone, expect: notAdmin },
  { route: 'GET /api/admin/flags', expect: notAdmin },
  {
    route: 'PUT /api/admin/flags/{key}',
    call: () => ({ params: { key: 'badges' }, payload: { enabled: false } }),
    expect: notAdmin,
  },
  { route: 'GET /api/admin/post-reports', expect: notAdmin },
  {
    route: 'POST /api/admin/post-reports/{reportId}/dismiss',
    call: async (cast) => ({ params: { reportId: (await reportedPost(cast)).reportId } }),
    expect: notAdmin,
  },
  {
    route: 'POST /api/admin/posts/{postId}/remove',
    call: async (cast) => ({ params: { postId: (await reportedPost(cast)).postId } }),
    expect: notAdmin,
  },
  { route: 'GET /api/admin/audit-log', expect: notAdmin },
  // Decision 051: partners and offers, plans and promotions, applications and feedback.
  { route: 'GET /api/admin/partners', expect: notAdmin },
  { route: 'GET /api/admin/partner-teams', call: () => ({ query: { q: 'a' } }), expect: notAdmin },
  { route: 'POST /api/admin/partners', call: () => ({ payload: partnerBody }), expect: notAdmin },
  {
    route: 'GET /api/admin/partners/{partnerId}',
    call: async (cast) => ({ params: { partnerId: (await partnerWithOffer(cast)).partnerId } }),
    expect: notAdmin,
  },
  {
    route: 'PUT /api/admin/partners/{partnerId}',
    call: async (cast) => ({ params: { partnerId: (await partnerWithOffer(cast)).partnerId }, payload: partnerBody }),
    expect: notAdmin,
  },
  {
    route: 'DELETE /api/admin/partners/{partnerId}',
    call: async (cast) => ({ params: { partnerId: (await partnerWithOffer(cast)).partnerId } }),
    expect: notAdmin,
  },
  {
    route: 'POST /api/admin/partners/{partnerId}/offers',
    call: async (cast) => ({ params: { partnerId: (await partnerWithOffer(cast)).partnerId }, payload: offerBody }),
    expect: notAdmin,
  },
  {
    route: 'PUT /api/admin/partner-offers/{offerId}',
    call: async (cast) => ({ params: { offerId: (await partnerWithOffer(cast)).offerId }, payload: offerBody }),
    expect: notAdmin,
  },
  {
    route: 'DELETE /api/admin/partner-offers/{offerId}',
    call: async (cast) => ({ params: { offerId: (await partnerWithOffer(cast)).offerId } }),
    expect: notAdmin,
  },
  { route: 'GET /api/admin/plans', expect: notAdmin },
  { route: 'GET /api/admin/promotions', expect: notAdmin },
  { route: 'POST /api/admin/promotions', call: () => ({ payload: promotionBody }), expect: notAdmin },
  {
    route: 'PUT /api/admin/promotions/{promotionId}',
    call: async (cast) => ({ params: { promotionId: await promotionId(cast) }, payload: promotionBody }),
    expect: notAdmin,
  },
  {
    route: 'DELETE /api/admin/promotions/{promotionId}',
    call: async (cast) => ({ params: { promotionId: await promotionId(cast) } }),
    expect: notAdmin,
  },
  { route: 'GET /api/admin/ambassador-applications', call: () => ({ query: { state: 'all' } }), expect: notAdmin },
  {
    route: 'PUT /api/admin/ambassador-applications/{applicationId}/handled',
    call: async (cast) => ({ params: { applicationId: await applicationId(cast) }, payload: { handled: true } }),
    expect: notAdmin,
  },
  { route: 'GET /api/admin/feedback', call: () => ({ query: { state: 'all' } }), expect: notAdmin },
  {
    route: 'PUT /api/admin/feedback/{feedbackId}/handled',
    call: async (cast) => ({ params: { feedbackId: await feedbackId(cast) }, payload: { handled: true } }),
    expect: notAdmin,
  },
];
