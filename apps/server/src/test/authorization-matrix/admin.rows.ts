import { postReports, posts } from '../../features/posts/posts.schema.ts';
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
];
