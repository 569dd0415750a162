import type { FastifyInstance, FastifyReply } from 'fastify';
import escapeHtml from 'escape-html';
import type { LocalStripe, StripeObject } from '../payments/local-stripe/local-stripe.ts';
import { acceptFormPosts, sendLocalStripePage } from '../payments/local-stripe/local-stripe-page.ts';
import { cancelLocalSubscription, localPortalPath } from './subscriptions.local-stripe.ts';

/**
 * The local billing portal (decision 030): what Stripe's customer portal does for Huddle's plans,
 * served when no Stripe keys are set. It shows the customer's running subscriptions and lets them
 * cancel one (at once, as Huddle's own cancel does); marked as test payments. The session id in
 * the path is unguessable, as Stripe's portal links are.
 */
export async function registerLocalPortalPage(app: FastifyInstance, localStripe: LocalStripe): Promise<void> {
  const context = localStripe.context();
  const pattern = localPortalPath(':sessionId');

  async function render(reply: FastifyReply, sessionId: string, message?: string) {
    const session = await context.store.find('billing_portal.session', sessionId);
    if (!session)
      return sendPage(reply, 404, '<h1>Portal not found</h1><p>This billing portal link does not exist.</p>');
    const subscriptions = (await context.store.list('subscription', { customer: session.customer })).filter(
      (subscription) => subscription.status !== 'canceled',
    );
    return sendPage(reply, 200, portalBody(session, subscriptions, message));
  }

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get<{ Params: { sessionId: string } }>(pattern, { schema: { hide: true } }, async (request, reply) =>
      render(reply, request.params.sessionId),
    );

    scope.post<{ Params: { sessionId: string }; Body: Record<string, string> | undefined }>(
      pattern,
      { schema: { hide: true } },
      async (request, reply) => {
        const session = await context.store.find('billing_portal.session', request.params.sessionId);
        if (!session) return render(reply, request.params.sessionId);
        const subscriptionId = request.body?.subscription ?? '';
        const subscription = await context.store.find('subscription', subscriptionId);
        // Only the portal's own customer's subscriptions can be cancelled from it.
        if (request.body?.action !== 'cancel' || !subscription || subscription.customer !== session.customer) {
          return render(reply, request.params.sessionId, 'Choose a subscription to cancel.');
        }
        await cancelLocalSubscription(context, subscriptionId);
        return render(
          reply,
          request.params.sessionId,
          'Your subscription is cancelled. It can take a couple of minutes to show in Huddle.',
        );
      },
    );
  });
}

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const day = (seconds: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );

function portalBody(session: StripeObject, subscriptions: StripeObject[], message?: string): string {
  const rows = subscriptions
    .map((subscription) => {
      const item = ((subscription.items as { data: StripeObject[] }).data ?? [])[0];
      const price = (item?.price ?? {}) as {
        nickname?: string;
        unit_amount?: number;
        recurring?: { interval?: string };
      };
      const name = price.nickname ?? 'Subscription';
      return `<section class="plan" aria-label="${escapeHtml(name)}">
        <h2>${escapeHtml(name)}</h2>
        <p>${money(price.unit_amount ?? 0)} / ${escapeHtml(price.recurring?.interval ?? 'month')}</p>
        <p class="muted">Current period: ${day(Number(item?.current_period_start ?? 0))} to ${day(Number(item?.current_period_end ?? 0))}</p>
        <form method="post">
          <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
          <div class="actions"><button class="danger" name="action" value="cancel">Cancel subscription</button></div>
        </form>
      </section>`;
    })
    .join('');
  const back = session.return_url
    ? `<p><a href="${escapeHtml(String(session.return_url))}">Return to Huddle</a></p>`
    : '';
  return `<h1>Manage your subscription</h1>
    ${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}
    ${rows || '<p>No active subscription.</p>'}
    ${back}`;
}

function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return sendLocalStripePage(reply, { status, title: 'Billing portal', body });
}
