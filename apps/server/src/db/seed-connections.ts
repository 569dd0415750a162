import { asc, count, eq, ne } from 'drizzle-orm';
import type { Database } from './client.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { connections } from '../features/connections/connections.schema.ts';
import { pairOf } from '../features/connections/connections.repository.ts';
import { demoAccount } from './seed.ts';

const day = 86_400_000;

/**
 * The demo's connections (issue 16), so the connect page is not empty on first start: three
 * players connected, one asking the demo to connect (to accept or decline), one the demo asked.
 * Runs once: nothing is added when any connection exists.
 */
export async function seedDemoConnections(db: Database, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(connections);
  if ((existing?.total ?? 0) > 0) return false;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
  if (!demo) return false;
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(ne(users.id, demo.id))
    .orderBy(asc(users.email))
    .limit(5);
  if (others.length < 5) return false;
  const [first, second, third, asking, asked] = others.map((other) => other.id) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const accepted = (otherId: string, daysAgo: number) => ({
    ...pairOf(demo.id, otherId),
    requesterId: otherId,
    status: 'accepted' as const,
    createdAt: new Date(now.getTime() - (daysAgo + 1) * day),
    acceptedAt: new Date(now.getTime() - daysAgo * day),
  });
  await db.insert(connections).values([
    accepted(first, 20),
    accepted(second, 9),
    accepted(third, 3),
    { ...pairOf(demo.id, asking), requesterId: asking, status: 'pending', createdAt: new Date(now.getTime() - day) },
    {
      ...pairOf(demo.id, asked),
      requesterId: demo.id,
      status: 'pending',
      createdAt: new Date(now.getTime() - 2 * day),
    },
  ]);
  return true;
}
