import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Payments (issue 13, decision 029): organizers connect a Stripe account to be paid (spec §2
 * Payments dialogs, §3 payment-account fields, §4, §7, §8, §9).
 */

/**
 * Spec §9: the 45 countries an organizer can open a Stripe account in, default US, GB absent.
 * Stripe's self-serve Connect countries other than the United Kingdom, and Indonesia.
 */
export const stripeCountries = [
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'CA', name: 'Canada' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czech Republic' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GI', name: 'Gibraltar' },
  { code: 'GR', name: 'Greece' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IN', name: 'India' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LI', name: 'Liechtenstein' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'MT', name: 'Malta' },
  { code: 'MX', name: 'Mexico' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NO', name: 'Norway' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SG', name: 'Singapore' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'TH', name: 'Thailand' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'US', name: 'United States' },
] as const;
export type StripeCountryCode = (typeof stripeCountries)[number]['code'];
export const defaultStripeCountry: StripeCountryCode = 'US';
const countryCodes = stripeCountries.map((country) => country.code) as [StripeCountryCode, ...StripeCountryCode[]];

/** Spec §8, verbatim, with their §9 durations (snackbarMs). */
export const stripeMessages = {
  linked: 'Successfully linked Stripe account',
  linkFailed: 'Something went wrong linking Stripe account',
  unlinked: 'Your Stripe account was unlinked successful.',
  unlinkFailed: 'Failed to unlink your Stripe account, please try again.',
  takingYouToStripe: 'Taking you to Stripe',
} as const;
/** How long 'Taking you to Stripe' shows before the browser goes there (spec §9: 3 s). */
export const takingYouToStripeMs = 3000;

/** The payments ledger (issue 13): what a payment was for. */
export const paymentKinds = ['event', 'season', 'subscription', 'form'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
/**
 * A payment's life: pending while its Checkout is open, then paid, failed or expired; refunds
 * move a paid one to partially_refunded or refunded.
 */
export const paymentStatuses = ['pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const alreadyLinkedMessage = 'You already have a linked Stripe account. Unlink it first.';
export const notLinkedMessage = 'You have no linked Stripe account.';
export const accountTakenMessage = 'This Stripe account is linked to another Huddle account.';
export const oauthStateMessage = 'This Stripe link was started by another account or has expired. Please try again.';
export const linkUnavailableMessage = 'Linking an existing Stripe account is not set up on this Huddle.';

export const linkStripeAccountBody = z
  .strictObject({
    type: z.enum(['new', 'link'], { error: 'Choose a new account or an existing one.' }),
    country: z.enum(countryCodes, { error: 'Choose your home country.' }).default(defaultStripeCountry),
  })
  .meta({ id: 'LinkStripeAccount' });
export type LinkStripeAccountBody = z.input<typeof linkStripeAccountBody>;

export const stripeUrlReply = z.object({ url: z.url() });

export const connectOAuthBody = z
  .strictObject({
    code: z
      .string({ error: 'The authorization code is missing.' })
      .trim()
      .min(1, 'The authorization code is missing.')
      .max(200),
    /** What Huddle sent to Stripe with the request; proves the same person started it. */
    state: z.string({ error: 'The request state is missing.' }).min(1, 'The request state is missing.').max(200),
    scope: z.string().max(100).optional(),
  })
  .meta({ id: 'ConnectStripeOAuth' });
export type ConnectOAuthBody = z.input<typeof connectOAuthBody>;

/** Spec §3 payment-account fields, plus the account's requirements (currently_due) when linked. */
export const stripeAccountReply = z
  .object({
    stripeId: z.string().nullable(),
    stripeChargesEnabled: z.boolean(),
    stripeDetailsSubmitted: z.boolean(),
    /** Spec §4: Active when charges are enabled or details submitted, else Incomplete; none when not linked. */
    status: z.enum(['none', 'active', 'incomplete']),
    currentlyDue: z.array(z.string()),
  })
  .meta({ id: 'StripeAccount' });
export type StripeAccount = z.infer<typeof stripeAccountReply>;

export const unlinkStripeReply = z.object({ success: z.literal(true) });

export const paymentEndpoints = {
  getAccount: defineEndpoint({
    method: 'GET',
    path: '/api/payments/account',
    summary: "The signed-in person's connected Stripe account: status and what Stripe still needs (currently_due)",
    tags: ['payments'],
    reply: stripeAccountReply,
  }),
  linkOrCreateStripeAccount: defineEndpoint({
    method: 'POST',
    path: '/api/payments/account/link',
    summary: 'Open a new Stripe account (then its onboarding) or link an existing one (OAuth): the URL to go to',
    tags: ['payments'],
    body: linkStripeAccountBody,
    reply: stripeUrlReply,
  }),
  connectOAuth: defineEndpoint({
    method: 'POST',
    path: '/api/payments/account/oauth',
    summary: "Finish linking an existing Stripe account with the OAuth return's code",
    tags: ['payments'],
    body: connectOAuthBody,
    reply: stripeAccountReply,
  }),
  completeVerification: defineEndpoint({
    method: 'POST',
    path: '/api/payments/account/verification',
    summary: 'A Stripe onboarding link for the linked account, to provide what is currently due',
    tags: ['payments'],
    reply: stripeUrlReply,
  }),
  unlinkStripeAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/payments/account',
    summary: 'Unlink the Stripe account: clears the three payment-account fields',
    tags: ['payments'],
    reply: unlinkStripeReply,
  }),
} as const;
