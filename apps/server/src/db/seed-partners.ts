import { count, eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { partnerOffers, partners } from '../features/partners/partners.schema.ts';
import { teams } from '../features/teams/teams.schema.ts';

const dayMs = 24 * 60 * 60 * 1000;
const austin = { cityName: 'Austin, TX', lat: 30.2672, lng: -97.7431 };

/**
 * The demo's partners (issue 16), so partners/{ptype} is not empty on first start: a venue, a
 * shop, a coach and a league whose events are the demo soccer community's. One offer has ended
 * and one has not begun: the pages hide both. Runs once: nothing is added when any partner exists.
 */
export async function seedDemoPartners(db: Database, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(partners);
  if ((existing?.total ?? 0) > 0) return false;
  const [league] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, 'Austin Pickup Soccer'));
  const days = (n: number) => new Date(now.getTime() + n * dayMs);
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(partners)
      .values([
        {
          type: 'venue',
          name: 'Eastside Court House',
          description:
            'Six indoor pickleball courts and two basketball courts, open 6am to 11pm. Book a court by the hour or drop in for open play.',
          websiteUrl: 'https://eastside-court-house.example.com',
          ...austin,
          lat: 30.2611,
          lng: -97.7145,
          address: '1900 E 7th St, Austin, TX',
        },
        {
          type: 'shop',
          name: 'South Congress Sports Supply',
          description: 'Cleats, paddles, balls and team kits. Restringing and cleat fitting while you wait.',
          websiteUrl: 'https://socosports.example.com',
          ...austin,
          lat: 30.2496,
          lng: -97.7494,
          address: '1510 S Congress Ave, Austin, TX',
        },
        {
          type: 'coach',
          name: 'Coach Tara Whitfield',
          description:
            'USPTA-certified tennis and pickleball coach. Private lessons and small-group clinics for every level, at courts around central Austin.',
          ...austin,
          address: 'Caswell Tennis Center and Pease Park',
        },
        {
          type: 'league',
          name: 'Austin Rec Soccer League',
          description:
            'Weeknight pickup and a spring league for adults of every level. Sign up for a game below, or join the community for the season.',
          websiteUrl: 'https://austin-rec-soccer.example.com',
          ...austin,
          teamId: league?.id ?? null,
        },
        {
          type: 'venue',
          name: 'Round Rock Sportsplex',
          description: 'Turf fields and sand volleyball courts north of Austin. Leagues every season.',
          cityName: 'Round Rock, TX',
          lat: 30.5083,
          lng: -97.6789,
          address: '2400 Chisholm Trail Rd, Round Rock, TX',
        },
      ])
      .returning({ id: partners.id, name: partners.name });
    const id = (name: string) => rows.find((row) => row.name === name)!.id;
    await tx.insert(partnerOffers).values([
      {
        partnerId: id('Eastside Court House'),
        title: 'First open play free',
        description: 'Show your Huddle profile at the desk for a free open-play session on your first visit.',
        validUntil: days(60),
      },
      {
        partnerId: id('Eastside Court House'),
        title: 'Summer court special',
        description: 'Half-price court hire on weekday mornings.',
        code: 'SUMMER50',
        validFrom: days(-120),
        validUntil: days(-30),
      },
      {
        partnerId: id('South Congress Sports Supply'),
        title: '15% off team kits',
        description: 'Ten shirts or more, printed with your team name.',
        code: 'HUDDLE15',
        url: 'https://socosports.example.com/team-kits',
      },
      {
        partnerId: id('South Congress Sports Supply'),
        title: 'Spring paddle sale',
        description: 'New paddles at a third off.',
        validFrom: days(90),
        validUntil: days(120),
      },
      {
        partnerId: id('Coach Tara Whitfield'),
        title: 'Free first lesson',
        description: 'A free 30-minute assessment lesson for Huddle players.',
        code: 'FIRSTSERVE',
      },
      {
        partnerId: id('Austin Rec Soccer League'),
        title: '$10 off the spring league',
        description: 'Enter the code when you register for the season.',
        code: 'HUDDLE10',
        validUntil: days(45),
      },
    ]);
  });
  return true;
}
