import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import geohash from 'ngeohash';
import { hashPassword } from '../lib/password-hashing.ts';
import type { Database } from './client.ts';
import { authAccounts, users } from './schema.ts';

/**
 * The demo community a first start gets so no screen is empty (issue 2): players in
 * Austin, TX with profiles and home locations. Each later slice adds its own demo data.
 * Seeding writes rows directly: it is the database's own set-up, not a user action.
 */
export const demoAccount = { email: 'demo@huddle.test', password: 'huddle-demo-2026' } as const;

const city = { name: 'Austin, TX', lat: 30.2672, lng: -97.7431 };
const games = ['Soccer', 'Basketball', 'Pickleball', 'Volleyball', 'Ultimate Frisbee', 'Tennis', 'Softball'];
const joinReasons = ['Organize', 'Find-people', 'Substitute'] as const;
const pronouns = ['He/His', 'She/Her', 'They/Them', 'Unspecified'] as const;
const players = [
  ['Maya Alvarez', 'Maya A.'],
  ['Jordan Brooks', 'JB'],
  ['Priya Natarajan', 'Priya'],
  ['Marcus Greene', 'Marcus G'],
  ['Sofia Rossi', 'Sofi'],
  ['Darnell Hayes', 'D-Hayes'],
  ['Emily Chen', 'Em Chen'],
  ['Luis Ortega', 'Lucho'],
  ['Hannah Schmidt', 'Hannah S'],
  ['Kwame Mensah', 'Kwame'],
  ['Aisha Rahman', 'Aisha R'],
  ['Tyler Nguyen', 'Ty'],
  ['Grace Okafor', 'Grace O'],
  ['Ben Carter', 'Benny'],
  ['Olivia Martinez', 'Liv'],
  ['Sam Patel', 'Sam P'],
  ['Chloe Dubois', 'Chloe'],
  ['Andre Thompson', 'Dre'],
  ['Nina Kowalski', 'Nina K'],
  ['Jamal Wright', 'Jamal'],
  ['Rachel Kim', 'Rach'],
  ['Diego Herrera', 'Diego H'],
  ['Zoe Bennett', 'Zoe B'],
  ['Owen Murphy', 'Owen'],
  ['Isabel Cruz', 'Isa'],
  ['Ethan Walker', 'E. Walker'],
  ['Leah Goldberg', 'Leah G'],
  ['Malik Johnson', 'Malik'],
  ['Camila Reyes', 'Cami'],
] as const;

/** A tiny deterministic generator, so every fresh install gets the same community. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export interface DemoSeedResult {
  seeded: boolean;
  email: string;
  password: string;
}

/** Seeds once, into an empty database; afterwards only reports the demo sign-in if it still exists. */
export async function seedDemoCommunity(db: Database): Promise<DemoSeedResult | undefined> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) {
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
    return demo ? { seeded: false, ...demoAccount } : undefined;
  }
  const random = seededRandom(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const place = () => {
    // Within about 12 km of downtown.
    const lat = city.lat + (random() - 0.5) * 0.2;
    const lng = city.lng + (random() - 0.5) * 0.2;
    return {
      defaultCityName: city.name,
      defaultCityLat: lat,
      defaultCityLng: lng,
      defaultCityGeohash: geohash.encode(lat, lng, 9),
    };
  };
  const demoId = randomUUID();
  const rows: (typeof users.$inferInsert)[] = [
    {
      id: demoId,
      name: 'Demo Organizer',
      email: demoAccount.email,
      emailVerified: true,
      fullName: 'Demo Organizer',
      bio: 'I run the Austin pickup community on Huddle. Say hi!',
      pronouns: 'Unspecified',
      joinReason: 'Organize',
      games: ['Soccer', 'Pickleball'],
      hasAdditionalInfo: true,
      ...place(),
    },
    ...players.map(([fullName, displayName], index) => ({
      id: randomUUID(),
      name: displayName,
      email: `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}@huddle.test`,
      emailVerified: true,
      fullName,
      bio: `Plays ${pick(games).toLowerCase()} most weekends around Austin.`,
      pronouns: pick(pronouns),
      joinReason: joinReasons[index % joinReasons.length],
      games: [...new Set([pick(games), pick(games)])],
      hasAdditionalInfo: true,
      ...place(),
    })),
  ];
  const passwordHash = await hashPassword(demoAccount.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows);
    // Only the demo organizer has a password; the other players can claim theirs through "forgot password".
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: demoId,
      providerId: 'credential',
      userId: demoId,
      password: passwordHash,
    });
  });
  return { seeded: true, ...demoAccount };
}
