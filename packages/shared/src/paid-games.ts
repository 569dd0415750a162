import { z } from 'zod';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { eventIdParams, maxFriends, partyParams, partyReply } from './events.ts';
import { paymentKinds, paymentStatuses } from './payments.ts';
import { registrationParams, seasonIdParams } from './seasons.ts';

/**
 * Paid games (issue 13, decision 033): a priced game is joined through Stripe Checkout on the
 * organizer's connected account; the spot is held while the Checkout is open, confirmed by the
 * webhook, released when it expires or is cancelled. Refund rules are in decision 033.
 */

/** Spec §4 "Payment return", verbatim, shown for 5 s (spec §9). */
export const paymentSuccessMessage = 'Congratulations, Payment was successful!';
export const paymentSuccessMs = 5000;

/** Beside the price field while the organizer cannot take payments. */
export const priceNeedsStripeMessage = 'Connect Stripe in Settings › Payments before you set a price.';
/**
 * Beside a season's fee while the team's owner, who is paid for its seasons (decision 033), cannot
 * take charges: to the owner, and to an organizer who is not the owner (only the owner can connect).
 */
export const seasonFeeNeedsStripeMessage = 'Connect Stripe in Settings › Payments before you set a fee.';
export const seasonFeeNeedsOwnerStripeMessage =
  'The team’s owner is paid the fee: they need to connect Stripe in Settings › Payments before a season can have one.';
/** A paid game whose organizer cannot take charges: said on the join. */
export const organizerCannotTakePaymentsMessage =
  'This game takes payment, but its organizer has not finished connecting Stripe yet, so it cannot be joined for now.';
export const paidJoinNeedsCheckoutMessage = 'This game is paid: join it through Checkout.';
export const guestsCannotPayMessage = 'Sign in to pay for this game.';
export const paidSeasonNeedsCheckoutMessage = 'This season has a fee: register through Checkout.';
export const gameFullMessage = 'This game is full.';
export const refundTooLargeMessage = 'That is more than is left to refund on this payment.';
export const notRefundableMessage = 'This payment cannot be refunded.';
/** Credit with the organizer covered the whole price: no Checkout (decision 035). */
export const paidWithCreditMessage = 'Paid with your credit. You’re in!';

/** '$12.50' from cents. */
export const formatUsd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

export const paidCheckoutBody = z
  .strictObject({
    occurrenceStartsAt: instant('Pick an occurrence.'),
    friends: z.number().int().min(0).max(maxFriends, `Bring at most ${maxFriends} friends.`).default(0),
  })
  .meta({ id: 'PaidCheckout' });
export type PaidCheckoutBody = z.input<typeof paidCheckoutBody>;

/**
 * A paid join: Checkout to pay for a held spot, or the waitlist when the game is full (the payment
 * is taken when an offer is claimed).
 */
export const paidCheckoutReply = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('checkout'), url: z.url(), paymentId: z.uuid(), expiresAt: z.iso.datetime() }),
  z.object({ outcome: z.literal('waitlisted'), party: partyReply }),
  /** Credit with the organizer covered the whole price: confirmed without Checkout (decision 035). */
  z.object({ outcome: z.literal('paid'), paymentId: z.uuid() }),
]);
export type PaidCheckoutReply = z.infer<typeof paidCheckoutReply>;

/** A paid season's registration: Checkout for the place it holds. */
export const seasonCheckoutReply = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('checkout'), url: z.url(), paymentId: z.uuid(), expiresAt: z.iso.datetime() }),
  z.object({ outcome: z.literal('paid'), paymentId: z.uuid() }),
]);

export const paymentIdParams = z.object({ paymentId: z.uuid('Unknown payment.') });
export const checkoutSessionQuery = z.object({
  sessionId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^cs_\w+$/, 'Unknown Checkout session.'),
});

/** One payment as its payer and the game's organizer see it. */
export const gamePaymentReply = z
  .object({
    id: z.string(),
    kind: z.enum(paymentKinds),
    status: z.enum(paymentStatuses),
    receiptNumber: z.string().nullable(),
    payerName: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    /** Decision 035: credit that paid part of it, and its value given back as credit. */
    creditAppliedCents: z.number().int(),
    creditedCents: z.number().int(),
    currency: z.string(),
    eventId: z.string().nullable(),
    seasonId: z.string().nullable(),
    /** The season registration it paid for, while that registration exists. */
    registrationId: z.string().nullable(),
    teamId: z.string().nullable(),
    occurrenceStartsAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'GamePayment' });
export type GamePayment = z.infer<typeof gamePaymentReply>;

export const paymentReply = z.object({ payment: gamePaymentReply });

export const refundBody = z
  .strictObject({
    /** Left out: everything not yet refunded. */
    amountCents: z
      .number({ error: 'Enter an amount in cents.' })
      .int('Enter whole cents.')
      .min(1, 'Refund at least 1 cent.')
      .max(100_000_000)
      .optional(),
  })
  .meta({ id: 'RefundPayment' });
export type RefundBody = z.input<typeof refundBody>;

export const eventPaymentsQuery = z.object({ occurrence: instant('Pick an occurrence.').optional() });
export const eventPaymentsReply = z.object({ payments: z.array(gamePaymentReply) });

export const paidGameEndpoints = {
  startCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/checkout',
    summary:
      'Join a paid game: holds the spot and opens Stripe Checkout on the organizer account (quantity = party size), ' +
      'or joins the waitlist when it is full',
    tags: ['paid-games'],
    params: eventIdParams,
    body: paidCheckoutBody,
    reply: paidCheckoutReply,
  }),
  claimOfferCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/events/:eventId/parties/:partyId/checkout',
    summary: 'Claim a waitlist offer on a paid game: the offer becomes a held spot paid through Checkout',
    tags: ['paid-games'],
    params: partyParams,
    reply: paidCheckoutReply,
  }),
  startSeasonCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/seasons/:seasonId/checkout',
    summary:
      "Register for a season with a fee: a pending registration holds the place and Stripe Checkout opens on the team owner's account",
    tags: ['paid-games'],
    params: seasonIdParams,
    reply: seasonCheckoutReply,
  }),
  paymentBySession: defineEndpoint({
    method: 'GET',
    path: '/api/paid-games/payments/by-session',
    summary: "The payer's own payment of a Checkout session (the payment-success page polls it until paid)",
    tags: ['paid-games'],
    query: checkoutSessionQuery,
    reply: paymentReply,
  }),
  cancelCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/paid-games/payments/:paymentId/cancel',
    summary: 'The payer abandons an open Checkout: it is expired and the held spot released',
    tags: ['paid-games'],
    params: paymentIdParams,
    reply: paymentReply,
  }),
  refundPayment: defineEndpoint({
    method: 'POST',
    path: '/api/paid-games/payments/:paymentId/refund',
    summary: "The game's organizers refund a payment, in full or in part (never more than was paid)",
    tags: ['paid-games'],
    params: paymentIdParams,
    body: refundBody,
    reply: paymentReply,
  }),
  eventPayments: defineEndpoint({
    method: 'GET',
    path: '/api/events/:eventId/payments',
    summary: "The payments of a game's dates, for its organizers (the manage page)",
    tags: ['paid-games'],
    params: eventIdParams,
    query: eventPaymentsQuery,
    reply: eventPaymentsReply,
  }),
  seasonPayments: defineEndpoint({
    method: 'GET',
    path: '/api/seasons/:seasonId/payments',
    summary: "The paid registrations of a season, for its organizers (the registrations list's Refund)",
    tags: ['paid-games'],
    params: seasonIdParams,
    reply: eventPaymentsReply,
  }),
  refundSeasonRegistration: defineEndpoint({
    method: 'POST',
    path: '/api/seasons/:seasonId/registrations/:registrationId/refund',
    summary:
      "The season's organizers refund a paid registration in full (through Stripe, with any credit it spent); it ends and the player is mailed",
    tags: ['paid-games'],
    params: registrationParams,
    reply: paymentReply,
  }),
} as const;
