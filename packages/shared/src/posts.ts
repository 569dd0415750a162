import { z } from 'zod';
import { calendarDate } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Issue 16: the post board (spec §2 posts routes, §3 Post and its fixed categories, §6 public,
 * §9 post preview). Categories and subcategories are fixed (spec §3, verbatim, Test included);
 * their slugs are the URL segments of posts/{category}/{subcategory} and what a post stores.
 */
export const postCategories = [
  {
    slug: 'play-competition',
    name: 'Play & Competition',
    subcategories: [
      { slug: 'find-a-game', name: 'Find a Game' },
      { slug: 'sub-needed', name: 'Sub Needed' },
      { slug: 'tournaments-events', name: 'Tournaments & Events' },
      { slug: 'match-challenges', name: 'Match Challenges' },
    ],
  },
  {
    slug: 'gear-equipment',
    name: 'Gear & Equipment',
    subcategories: [
      { slug: 'buy-sell-sports-gear', name: 'Buy & Sell Sports Gear' },
      { slug: 'trade-equipment', name: 'Trade Equipment' },
      { slug: 'lost-found', name: 'Lost & Found' },
    ],
  },
  {
    slug: 'training-coaching',
    name: 'Training & Coaching',
    subcategories: [
      { slug: 'find-a-coach', name: 'Find a Coach' },
      { slug: 'offer-coaching', name: 'Offer Coaching' },
      { slug: 'training-partners', name: 'Training Partners' },
    ],
  },
  {
    slug: 'teams-leagues',
    name: 'Teams & Leagues',
    subcategories: [
      { slug: 'team-openings', name: 'Team Openings' },
      { slug: 'join-a-team', name: 'Join a Team' },
      { slug: 'league-openings', name: 'League Openings' },
      { slug: 'referees-umpires-needed', name: 'Referees & Umpires Needed' },
    ],
  },
  {
    slug: 'venues-locations',
    name: 'Venues & Locations',
    subcategories: [
      { slug: 'find-a-court-field', name: 'Find a Court/Field' },
      { slug: 'facility-rentals', name: 'Facility Rentals' },
    ],
  },
  {
    slug: 'community-social',
    name: 'Community & Social',
    subcategories: [
      { slug: 'carpool-to-games', name: 'Carpool to Games' },
      { slug: 'meetup-networking', name: 'Meetup & Networking' },
      { slug: 'watch-parties', name: 'Watch Parties' },
    ],
  },
  {
    slug: 'announcements-miscellaneous',
    name: 'Announcements & Miscellaneous',
    subcategories: [
      { slug: 'general-announcements', name: 'General Announcements' },
      { slug: 'volunteer-opportunities', name: 'Volunteer Opportunities' },
      { slug: 'miscellaneous', name: 'Miscellaneous' },
    ],
  },
  {
    slug: 'test',
    name: 'Test',
    subcategories: [
      { slug: 'tester', name: 'Tester' },
      { slug: 'volunteer-opportunities', name: 'Volunteer Opportunities' },
      { slug: 'miscellaneous', name: 'Miscellaneous' },
    ],
  },
] as const satisfies readonly PostCategory[];

export interface PostSubcategory {
  slug: string;
  name: string;
}
export interface PostCategory {
  slug: string;
  name: string;
  subcategories: readonly PostSubcategory[];
}

export const findPostCategory = (slug: string): PostCategory | undefined =>
  postCategories.find((category) => category.slug === slug);

export const findPostSubcategory = (category: string, subcategory: string): PostSubcategory | undefined =>
  findPostCategory(category)?.subcategories.find((sub) => sub.slug === subcategory);

/** A slug or a name, as an address may hold it: any case, spaces around ignored. */
const names = (segment: string, { slug, name }: { slug: string; name: string }) => {
  const wanted = segment.trim().toLowerCase();
  return slug === wanted || name.toLowerCase() === wanted;
};

/**
 * The slugs of the category and subcategory an address's segments name, by slug or by name
 * (issue 30: /posts/Play%20%26%20Competition/Sub%20Needed, a link typed from the names the board
 * shows). Null when a segment names nothing.
 */
export function postSlugsNamed(
  category: string,
  subcategory?: string,
): { category: string; subcategory?: string } | null {
  const found = postCategories.find((candidate) => names(category, candidate));
  if (!found) return null;
  if (subcategory === undefined) return { category: found.slug };
  const sub = found.subcategories.find((candidate) => names(subcategory, candidate));
  return sub ? { category: found.slug, subcategory: sub.slug } : null;
}

/** Spec §9: a card shows the first 100 characters of the text, then dots. */
export const postPreviewLength = 100;
export function postPreview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > postPreviewLength ? `${flat.slice(0, postPreviewLength)}...` : flat;
}

export const postLimits = {
  title: 120,
  text: 5000,
  place: 200,
  photos: 4,
  reply: 2000,
  reportDetails: 500,
  search: 100,
  page: 50,
  pageDefault: 20,
  /** Offsets past this are refused: a board is browsed by search, not by page 500. */
  offsetMax: 1000,
} as const;

/** Spec §8/§9 words, verbatim; Huddle's own for what the spec does not say (decision 042). */
export const postMessages = {
  boardHeading: 'Community Posts',
  listHeading: (category: string, subcategory: string) => `Posts in ${category} - ${subcategory}`,
  loading: 'Loading posts...',
  empty: 'No posts found in this category.',
  noCategories: 'No categories available.',
  viewMore: 'View More',
  notFound: 'Post not found',
  notYourPost: 'You can only change your own posts.',
  unknownCategory: 'Choose a category from the list.',
  unknownSubcategory: 'Choose a subcategory of this category.',
  badPhoto: 'Upload the photo again.',
  alreadyReported: 'You already reported this post.',
  reported: 'Thanks. Huddle’s team will look at this post.',
  cannotReportOwn: 'You cannot report your own post.',
  unknownParentReply: 'Reply to a reply of this post.',
  deleted: 'Post deleted',
} as const;

const max = (limit: number) => `At most ${limit} characters.`;

export const postIdParams = z.object({ postId: z.uuid(postMessages.notFound) });

const categorySlug = z.string().max(60);

/**
 * A photo is the person's own upload from POST /api/images (a /uploads/ path, or the S3 public
 * URL): the server checks it is one of theirs; this only keeps other schemes out.
 */
const photoUrl = z
  .string()
  .max(400)
  .regex(/^(https:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9._/-]+)$/, postMessages.badPhoto);

export const postBody = z
  .strictObject({
    category: categorySlug,
    subcategory: categorySlug,
    title: z
      .string({ error: 'Give the post a title.' })
      .trim()
      .min(1, 'Give the post a title.')
      .max(postLimits.title, max(postLimits.title)),
    text: z
      .string({ error: 'Write the post.' })
      .trim()
      .min(1, 'Write the post.')
      .max(postLimits.text, max(postLimits.text)),
    /** Where, in words ("Zilker Park courts"); empty or null for none. */
    place: z.string().trim().max(postLimits.place, max(postLimits.place)).nullable().default(null),
    /** When, as a calendar day (a game a sub is needed for); null for none. */
    date: calendarDate('Pick a date.').nullable().default(null),
    photos: z.array(photoUrl).max(postLimits.photos, `At most ${postLimits.photos} photos.`).default([]),
  })
  .superRefine((body, context) => {
    const category = findPostCategory(body.category);
    if (!category) {
      context.addIssue({ code: 'custom', path: ['category'], message: postMessages.unknownCategory });
      return;
    }
    if (!category.subcategories.some((sub) => sub.slug === body.subcategory)) {
      context.addIssue({ code: 'custom', path: ['subcategory'], message: postMessages.unknownSubcategory });
    }
  })
  .meta({ id: 'PostBody' });
export type PostBody = z.input<typeof postBody>;

export const postListQuery = z.object({
  category: categorySlug.optional(),
  subcategory: categorySlug.optional(),
  /** Words in the title or the text. */
  q: z.string().trim().max(postLimits.search, max(postLimits.search)).optional(),
  limit: z.coerce.number().int().min(1).max(postLimits.page).default(postLimits.pageDefault),
  offset: z.coerce.number().int().min(0).max(postLimits.offsetMax).default(0),
});

export const postAuthor = z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() });

export const postSummary = z
  .object({
    id: z.string(),
    category: z.string(),
    subcategory: z.string(),
    title: z.string(),
    /** Spec §9: the first 100 characters, then dots. */
    preview: z.string(),
    place: z.string().nullable(),
    date: z.string().nullable(),
    /** The author's city when they wrote it: what "near you" is measured from. */
    cityName: z.string().nullable(),
    photoCount: z.number().int(),
    replyCount: z.number().int(),
    author: postAuthor,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PostSummary' });
export type PostSummary = z.infer<typeof postSummary>;

export const postListReply = z.object({
  posts: z.array(postSummary),
  hasMore: z.boolean(),
  /** Whether the list is nearest first (the viewer has a city) or newest first. */
  order: z.enum(['nearest', 'newest']),
});

export const postReplyItem = z
  .object({
    id: z.string(),
    /** The top-level reply this one answers; null for a top-level reply (one level of threads). */
    parentId: z.string().nullable(),
    author: postAuthor,
    text: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PostReply' });
export type PostReplyItem = z.infer<typeof postReplyItem>;

export const postDetail = postSummary
  .omit({ preview: true, photoCount: true })
  .extend({
    text: z.string(),
    photos: z.array(z.string()),
    editedAt: z.iso.datetime().nullable(),
    replies: z.array(postReplyItem),
    /** The viewer wrote it: may edit and delete. */
    mine: z.boolean(),
    reportedByMe: z.boolean(),
  })
  .meta({ id: 'Post' });
export type PostDetail = z.infer<typeof postDetail>;

export const postReplyBody = z
  .strictObject({
    text: z
      .string({ error: 'Write a reply.' })
      .trim()
      .min(1, 'Write a reply.')
      .max(postLimits.reply, max(postLimits.reply)),
    parentId: z.uuid(postMessages.unknownParentReply).nullable().default(null),
  })
  .meta({ id: 'PostReplyBody' });
export type PostReplyBody = z.input<typeof postReplyBody>;

export const postReportReasons = ['spam', 'offensive', 'scam', 'wrong-category', 'other'] as const;
export const postReportReasonLabels: Record<(typeof postReportReasons)[number], string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  scam: 'Scam or fraud',
  'wrong-category': 'Wrong category',
  other: 'Something else',
};
export const postReportBody = z
  .strictObject({
    reason: z.enum(postReportReasons, 'Choose a reason.'),
    details: z.string().trim().max(postLimits.reportDetails, max(postLimits.reportDetails)).default(''),
  })
  .meta({ id: 'PostReportBody' });
export type PostReportBody = z.input<typeof postReportBody>;

export const postReportReply = z.object({ reported: z.literal(true) });

const tags = ['posts'] as const;

export const postEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/posts',
    summary: 'Posts of the board (public): nearest first when the viewer has a city, else newest; q searches',
    tags,
    query: postListQuery,
    reply: postListReply,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/posts/:postId',
    summary: 'One post with its replies (public)',
    tags,
    params: postIdParams,
    reply: postDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/posts',
    summary: 'Write a post',
    tags,
    body: postBody,
    reply: postDetail,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/posts/:postId',
    summary: 'Edit my post',
    tags,
    params: postIdParams,
    body: postBody,
    reply: postDetail,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/posts/:postId',
    summary: 'Delete my post',
    tags,
    params: postIdParams,
    reply: z.object({ ok: z.literal(true) }),
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/posts/:postId/replies',
    summary: 'Reply to a post, or to a top-level reply of it',
    tags,
    params: postIdParams,
    body: postReplyBody,
    reply: postReplyItem,
    status: 201,
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/api/posts/:postId/reports',
    summary: 'Report a post to Huddle’s team (once per person and post)',
    tags,
    params: postIdParams,
    body: postReportBody,
    reply: postReportReply,
    status: 201,
  }),
};

/** The web addresses of the board (spec §2). */
export const postPaths = {
  board: '/posts',
  category: (category: string) => `/posts/${category}`,
  subcategory: (category: string, subcategory: string) => `/posts/${category}/${subcategory}`,
  post: (post: { category: string; subcategory: string; id: string }) =>
    `/posts/${post.category}/${post.subcategory}/${post.id}`,
};
