import { asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from './client.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { postReplies, posts } from '../features/posts/posts.schema.ts';
import { demoAccount } from './seed.ts';

const hour = 3_600_000;

/** What the demo's neighbours wrote on the board; [category, subcategory, title, text, place]. */
const demoPosts = [
  [
    'play-competition',
    'sub-needed',
    'Keeper needed for Saturday 9am',
    'Our regular keeper twisted an ankle. Friendly 7-a-side at Zilker, we bring gloves if you need them. Reply here and I will send the details.',
    'Zilker Park field 3',
  ],
  [
    'play-competition',
    'find-a-game',
    'Early-morning pickleball, anyone?',
    'Looking for two more for doubles before work, 6:30 to 8, weekdays. All levels welcome, we rotate partners every game.',
    'Austin Pickleball Courts',
  ],
  [
    'gear-equipment',
    'buy-sell-sports-gear',
    'Size 9 cleats, worn twice',
    'Bought the wrong size and missed the return window. $35 or trade for size 10. Pick up near downtown.',
    null,
  ],
  [
    'training-coaching',
    'training-partners',
    'Running partner for 5K training',
    'Training for the spring 5K, about a 9-minute pace. Lady Bird Lake trail, Tuesday and Thursday evenings. Happy to adjust.',
    'Lady Bird Lake trail',
  ],
  [
    'community-social',
    'watch-parties',
    'Cup final watch party',
    'We are taking over the back room of a pub on South Congress for the final. Wear your colours; kids welcome until 8pm.',
    'South Congress',
  ],
] as const;

/**
 * The demo's post board (issue 16), so the board is not empty on first start: a few posts by
 * players near Austin, with a reply thread on the first. Runs once: nothing is added when any
 * post exists.
 */
export async function seedDemoPosts(db: Database, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(posts);
  if ((existing?.total ?? 0) > 0) return false;
  const authors = await db
    .select({ id: users.id, city: users.defaultCityName, lat: users.defaultCityLat, lng: users.defaultCityLng })
    .from(users)
    .where(isNotNull(users.defaultCityLat))
    .orderBy(asc(users.email))
    .limit(demoPosts.length + 1);
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
  const writers = authors.filter((author) => author.id !== demo?.id);
  if (writers.length === 0) return false;
  const rows = await db
    .insert(posts)
    .values(
      demoPosts.map(([category, subcategory, title, text, place], index) => {
        const author = writers[index % writers.length]!;
        return {
          authorId: author.id,
          category,
          subcategory,
          title,
          text,
          place,
          cityName: author.city,
          lat: author.lat,
          lng: author.lng,
          createdAt: new Date(now.getTime() - (index + 1) * 5 * hour),
        };
      }),
    )
    .returning({ id: posts.id, authorId: posts.authorId });
  const first = rows[0]!;
  const replier = demo?.id ?? writers.find((writer) => writer.id !== first.authorId)?.id;
  if (replier) {
    const [top] = await db
      .insert(postReplies)
      .values({
        postId: first.id,
        authorId: replier,
        text: 'I can play in goal. Which field?',
        createdAt: new Date(now.getTime() - 4 * hour),
      })
      .returning({ id: postReplies.id });
    await db.insert(postReplies).values({
      postId: first.id,
      parentId: top!.id,
      authorId: first.authorId,
      text: 'Field 3, by the parking lot. Thanks!',
      createdAt: new Date(now.getTime() - 3 * hour),
    });
  }
  return true;
}
