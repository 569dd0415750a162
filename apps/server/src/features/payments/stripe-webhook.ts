import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Payments } from './payments-core.ts';

export const webhookPath = '/api/payments/stripe/webhook';

/** How far a signature's time may be from now, either way (Stripe's default, in seconds). */
const signatureToleranceSeconds = 300;

/**
 * Whether the signature's time (`t=` of the Stripe-Signature header) is missing or further ahead
 * than the tolerance. constructEvent refuses an old one but takes any time ahead of the clock: a
 * captured delivery dated tomorrow would be replayable all day, so the future side is checked
 * here. Both sides against the real clock, as constructEvent and the local provider's signer use.
 */
function signedTooFarAhead(header: string): boolean {
  const signedAt = Number(/(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header)?.[1]);
  return !(signedAt <= Date.now() / 1000 + signatureToleranceSeconds);
}

/**
 * Stripe's (and the local provider's) webhook endpoint: the raw body is verified against the
 * signature with `stripe.webhooks.constructEvent`, then applied once (payments-core.ts). A bad
 * signature, or one dated outside the tolerance either way, is 400, so Stripe shows the failure;
 * a failing handler is 500, so it retries.
 */
export async function registerStripeWebhook(app: FastifyInstance, payments: Payments): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body raw in this route only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(webhookPath, { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('VALIDATION_FAILED', 'A signed Stripe event is expected.');
      }
      let event;
      try {
        if (signedTooFarAhead(signature)) throw new Error('signed in the future');
        const secret = await payments.webhookSecret();
        event = payments.stripe.webhooks.constructEvent(request.body, signature, secret, signatureToleranceSeconds);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The Stripe signature does not match.');
      }
      const outcome = await payments.applyEvent(event);
      return reply.code(200).send({ received: true, duplicate: outcome === 'duplicate' });
    });
  });
}
