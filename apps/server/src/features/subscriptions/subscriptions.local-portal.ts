import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LocalStripe, StripeObject } from '../payments/local-stripe/local-stripe.ts';
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
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

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
          <div class="actions"><button name="action" value="cancel">Cancel subscription</button></div>
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
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // helmet's no-referrer makes a browser send `Origin: null` with this page's form posts, which
      // the origin check refuses; same-origin keeps the page's own origin on them.
      .header('referrer-policy', 'same-origin')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      ).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing portal · Test payments</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1a1b1e; }
  .banner { background: #ffe8a3; color: #5c3c00; padding: 0.6rem 1rem; font-weight: 600; text-align: center; }
  main { max-width: 28rem; margin: 1.5rem auto; background: #fff; padding: 1.25rem; border-radius: 8px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  h2 { font-size: 1.15rem; margin-bottom: 0.25rem; }
  .plan { border-top: 1px solid #ddd; padding-top: 0.5rem; }
  .muted { color: #555; font-size: 0.9rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
  button { flex: 1 1 8rem; min-height: 44px; font-size: 1rem; border-radius: 6px; border: 1px solid #a51111; color: #a51111; background: #fff; cursor: pointer; }
  a { color: #1c5dd6; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f59f00; outline-offset: 2px; }
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; min-height: calc(100vh - 2.5rem); } }
</style>
</head>
<body>
<div class="banner" role="note">Test payments — no card is charged</div>
<main>
${body}
</main>
</body>
</html>`)
  );
}
