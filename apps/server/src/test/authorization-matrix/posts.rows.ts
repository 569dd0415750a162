import { posts } from '../../features/posts/posts.schema.ts';
import type { Cast } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 16: the post board is public to read (spec §6); anyone signed in writes, replies and
// reports; only a post's author (here the owner) edits or deletes it, and cannot report it.
// Posts are inserted straight into the table: the owner's writes through the API are rate limited.
const body = { category: 'play-competition', subcategory: 'sub-needed', title: 'Keeper needed', text: 'Saturday 9am.' };

async function ownersPost(cast: Cast) {
  const [row] = await cast.t.db
    .insert(posts)
    .values({ ...body, authorId: cast.people.owner.id })
    .returning({ id: posts.id });
  return { params: { postId: row!.id } };
}

export const postRows: MatrixRow[] = [
  { route: 'GET /api/posts', call: () => ({ query: { category: 'play-competition' } }), expect: everyone(200) },
  { route: 'GET /api/posts/{postId}', call: ownersPost, expect: everyone(200) },
  { route: 'POST /api/posts', call: () => ({ payload: body }), expect: signedIn(201) },
  {
    route: 'PUT /api/posts/{postId}',
    target: 'the owner’s post',
    call: async (cast) => ({ ...(await ownersPost(cast)), payload: { ...body, title: 'Changed' } }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'DELETE /api/posts/{postId}',
    target: 'the owner’s post',
    call: ownersPost,
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/posts/{postId}/replies',
    call: async (cast) => ({ ...(await ownersPost(cast)), payload: { text: 'I can play' } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/posts/{postId}/reports',
    target: 'the owner’s post',
    call: async (cast) => ({ ...(await ownersPost(cast)), payload: { reason: 'spam' } }),
    expect: statuses(401, 201, 201, 201, 403),
  },
];
