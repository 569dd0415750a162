import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';
import { seedDemoConnections } from './seed-connections.ts';
import { seedDemoEvents } from './seed-events.ts';
import { seedDemoOrganizerPages } from './seed-organizer-pages.ts';
import { seedDemoPartners } from './seed-partners.ts';
import { seedDemoPayees, seedDemoPayments } from './seed-payments.ts';
import { seedDemoPosts } from './seed-posts.ts';
import { seedDemoTalk } from './seed-talk.ts';
import { seedDemoTournament } from './seed-tournaments.ts';
import { seedDemoCommunity } from './seed.ts';

/**
 * SEED_DEMO: the demo community, seeded into an empty database on the first start. In order, as
 * each part builds on the ones before (games need the players, talk needs the games); on a
 * restart each part finds itself in place with a query or two.
 */
export async function seedDemoData(
  db: Database,
  log: FastifyBaseLogger,
  { stripeConfigured }: { stripeConfigured: boolean },
): Promise<void> {
  const demo = await seedDemoCommunity(db);
  if (demo) {
    const what = demo.seeded ? 'Demo community seeded.' : 'Demo community in place.';
    log.info(demo, `${what} Sign in as ${demo.email} with password ${demo.password}`);
  }
  if (await seedDemoEvents(db)) log.info('Demo places and games seeded.');
  if (await seedDemoTalk(db)) log.info('Demo messages and notifications seeded.');
  if (await seedDemoPosts(db)) log.info('Demo community posts seeded.');
  if (await seedDemoConnections(db)) log.info('Demo connections seeded.');
  if (await seedDemoPartners(db)) log.info('Demo partners seeded.');
  if (await seedDemoTournament(db)) log.info('Demo tournament seeded.');
  if (await seedDemoPayments(db)) log.info('Demo invoices and transactions seeded.');
  if (await seedDemoOrganizerPages(db)) log.info('Demo sign-up form and community website seeded.');
  if (!stripeConfigured && (await seedDemoPayees(db))) {
    log.info('Demo organizers of priced games given local test Stripe accounts.');
  }
}
