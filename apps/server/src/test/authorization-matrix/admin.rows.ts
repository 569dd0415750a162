import { statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 17: the admin area. No one of the cast is an admin, so every route answers a signed-out
// caller 401 and each of them 403, before anything about the target is looked at (an unknown
// user id is no different). What an admin gets is in features/admin/admin.service.test.ts.
const notAdmin = statuses(401, 403, 403, 403, 403);
const someone = (cast: { teammate: { id: string } }) => ({ params: { userId: cast.teammate.id } });

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
  { route: 'GET /api/admin/audit-log', expect: notAdmin },
];
