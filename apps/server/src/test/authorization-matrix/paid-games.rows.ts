import { eq } from 'drizzle-orm';
import { users } from '../../features/accounts/accounts.schema.ts';
import { eventParties } from '../../features/events/events.schema.ts';
import { payments } from '../../features/payments/payments.schema.ts';
import { insertEvent } from '../factories.ts';
import { apiAs, seasonBodyFor, type Cast, type TeamFixture } from './cast.ts';
import { signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 13, paid games (decision 033): anyone who sees a paid game may pay for a spot; an offer is
// claimed by its player only; a payment is read or cancelled by its payer only (404 to anyone
// else); refunds and a game's payments are for its organizers (the creator, the team's owner and
// organizers): a player of it 403, someone who cannot see the game 404.

/** The owner (every cast event's creator) can take charges: a local connected account. */
export async function ownerConnected(cast: Cast): Promise<void> {
  const [owner] = await cast.t.db.select().from(users).where(eq(users.id, cast.people.owner.id));
  if (owner?.stripeChargesEnabled) return;
  const account = await cast.t.payments.stripe.accounts.create({ type: 'express', country: 'US' });
  await cast.t.db
    .update(users)
    .set({ stripeId: account.id, stripeChargesEnabled: true, stripeDetailsSubmitted: true })
    .where(eq(users.id, cast.people.owner.id));
}

/** A new $10 game of the team, by the owner; the member waits with an open offer when asked. */
async function paidGame(cast: Cast, { team, offered = false }: { team: TeamFixture; offered?: boolean }) {
  await ownerConnected(cast);
  const visibility = team.id === cast.privateTeam.id ? 'team' : 'public';
  const event = await insertEvent(cast.t.db, {
    creatorId: cast.people.owner.id,
    placeId: cast.place.id,
    teamId: team.id,
    visibility,
    slots: 10,
    priceCents: 1000,
  });
  const occurrence = event.startsAt.toISOString();
  let offerId = '';
  if (offered) {
    const [party] = await cast.t.db
      .insert(eventParties)
      .values({
        eventId: event.id,
        occurrenceStartsAt: event.startsAt,
        userId: cast.people.member.id,
        status: 'offered',
        position: 1,
        offerExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    offerId = party?.id ?? '';
  }
  return { id: event.id, occurrence, offerId };
}

/** The member's payment of a new game: open (Checkout not paid) or paid. */
async function memberPayment(cast: Cast, { team, paid }: { team: TeamFixture; paid: boolean }) {
  const game = await paidGame(cast, { team });
  const reply = await apiAs<{ url: string; paymentId: string }>(
    cast,
    cast.people.member,
    'POST',
    `/api/events/${game.id}/checkout`,
    { occurrenceStartsAt: game.occurrence },
  );
  if (paid) {
    await cast.t.app.inject({
      method: 'POST',
      url: new URL(reply.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
  }
  const session = new URL(reply.url).pathname.split('/').at(-1) ?? '';
  return { game, paymentId: reply.paymentId, sessionId: session };
}

/** A new season of the team with a $45 fee, open for registration; the owner is paid. */
async function paidSeason(cast: Cast, team: TeamFixture) {
  await ownerConnected(cast);
  const season = await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', `/api/teams/${team.id}/seasons`, {
    ...seasonBodyFor(),
    feeCents: 4500,
  });
  return { params: { seasonId: season.id } };
}

/** The teammate's paid registration for a new $45 season of the team (decision 043's refund). */
async function teammatePaidRegistration(cast: Cast, team: TeamFixture) {
  const { params } = await paidSeason(cast, team);
  const reply = await apiAs<{ url: string; paymentId: string }>(
    cast,
    cast.teammate,
    'POST',
    `/api/seasons/${params.seasonId}/checkout`,
  );
  await cast.t.app.inject({
    method: 'POST',
    url: new URL(reply.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  const [payment] = await cast.t.db.select().from(payments).where(eq(payments.id, reply.paymentId));
  return { params: { seasonId: params.seasonId, registrationId: payment?.registrationId ?? '' } };
}

export const paidGameRows: MatrixRow[] = [
  {
    route: 'POST /api/seasons/{seasonId}/registrations/{registrationId}/refund',
    target: 'public team',
    call: async (cast) => teammatePaidRegistration(cast, cast.publicTeam),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/seasons/{seasonId}/registrations/{registrationId}/refund',
    target: 'private team',
    call: async (cast) => teammatePaidRegistration(cast, cast.privateTeam),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/payments',
    target: 'public team',
    call: async (cast) => teammatePaidRegistration(cast, cast.publicTeam),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/payments',
    target: 'private team',
    call: async (cast) => teammatePaidRegistration(cast, cast.privateTeam),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'POST /api/seasons/{seasonId}/checkout',
    target: 'public team',
    call: async (cast) => paidSeason(cast, cast.publicTeam),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/seasons/{seasonId}/checkout',
    target: 'private team',
    call: async (cast) => paidSeason(cast, cast.privateTeam),
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/checkout',
    target: 'public paid game',
    call: async (cast) => {
      const game = await paidGame(cast, { team: cast.publicTeam });
      return { params: { eventId: game.id }, payload: { occurrenceStartsAt: game.occurrence } };
    },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/events/{eventId}/checkout',
    target: 'team-only paid game',
    call: async (cast) => {
      const game = await paidGame(cast, { team: cast.privateTeam });
      return { params: { eventId: game.id }, payload: { occurrenceStartsAt: game.occurrence } };
    },
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/events/{eventId}/parties/{partyId}/checkout',
    call: async (cast) => {
      const game = await paidGame(cast, { team: cast.publicTeam, offered: true });
      return { params: { eventId: game.id, partyId: game.offerId } };
    },
    expect: statuses(401, 403, 200, 403, 403),
  },
  {
    route: 'GET /api/paid-games/payments/by-session',
    call: async (cast) => {
      const { sessionId } = await memberPayment(cast, { team: cast.publicTeam, paid: true });
      return { query: { sessionId } };
    },
    expect: statuses(401, 404, 200, 404, 404),
  },
  {
    route: 'POST /api/paid-games/payments/{paymentId}/cancel',
    call: async (cast) => {
      const { paymentId } = await memberPayment(cast, { team: cast.publicTeam, paid: false });
      return { params: { paymentId } };
    },
    expect: statuses(401, 404, 200, 404, 404),
  },
  {
    route: 'POST /api/paid-games/payments/{paymentId}/refund',
    target: 'public paid game',
    call: async (cast) => {
      const { paymentId } = await memberPayment(cast, { team: cast.publicTeam, paid: true });
      return { params: { paymentId }, payload: { amountCents: 100 } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/paid-games/payments/{paymentId}/refund',
    target: 'team-only paid game',
    call: async (cast) => {
      const { paymentId } = await memberPayment(cast, { team: cast.privateTeam, paid: true });
      return { params: { paymentId }, payload: { amountCents: 100 } };
    },
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'GET /api/events/{eventId}/payments',
    target: 'public paid game',
    call: async (cast) => {
      const { game } = await memberPayment(cast, { team: cast.publicTeam, paid: true });
      return { params: { eventId: game.id } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/events/{eventId}/payments',
    target: 'team-only paid game',
    call: async (cast) => {
      const { game } = await memberPayment(cast, { team: cast.privateTeam, paid: true });
      return { params: { eventId: game.id } };
    },
    expect: statuses(401, 404, 403, 200, 200),
  },
];
