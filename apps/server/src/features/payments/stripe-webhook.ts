import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Payments } from './payments-core.ts';

export const webhookPath = '/api/payments/stripe/webhook';

/**
 * Stripe's (and the local provider's) webhook endpoint: the raw body is verified against the
 * signature with `stripe.webhooks.constructEvent`, then applied once (payments-core.ts). A bad
 * signature is 400, so Stripe shows the failure; a failing handler is 500, so it retries.
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
        event = payments.stripe.webhooks.constructEvent(request.body, signature, await payments.webhookSecret());
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The Stripe signature does not match.');
      }
      const outcome = await payments.applyEvent(event);
      return reply.code(200).send({ received: true, duplicate: outcome === 'duplicate' });
    });
  });
}
