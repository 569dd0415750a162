import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptFormPosts, sendLocalStripePage } from './local-stripe-page.ts';
import { LocalStripeError, type LocalStripe, type StripeObject } from './local-stripe.ts';
import { submitAccountDetails } from './resources/accounts.ts';
import { completeCheckoutSession, declineCheckoutSession } from './resources/checkout-sessions.ts';
import { grantOAuthCode, localOAuthAuthorizePath } from './resources/oauth.ts';

/**
 * The pages Stripe would host, served by the local provider (decision 029): Checkout, Connect
 * onboarding and the OAuth "link an account" screen. Small server-rendered HTML, marked as test
 * payments, usable by keyboard and at 375 px. Ids in their paths are unguessable, as Stripe's are.
 */
export async function registerLocalStripePages(
  app: FastifyInstance,
  localStripe: LocalStripe,
  publicOrigin: string,
): Promise<void> {
  const context = localStripe.context();

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get<{ Params: { sessionId: string } }>(
      '/local-stripe/checkout/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const session = await context.store.find('checkout.session', request.params.sessionId);
        if (!session) return sendPage(reply, 404, 'Checkout not found', '<p>This Checkout session does not exist.</p>');
        return sendPage(reply, 200, 'Huddle Checkout', checkoutBody(session, context.now()));
      },
    );

    scope.post<{ Params: { sessionId: string }; Body: Record<string, string> | undefined }>(
      '/local-stripe/checkout/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const { sessionId } = request.params;
        const session = await context.store.find('checkout.session', sessionId);
        if (!session) return sendPage(reply, 404, 'Checkout not found', '<p>This Checkout session does not exist.</p>');
        const action = request.body?.action;
        if (action === 'cancel') return redirect(reply, (session.cancel_url as string | null) ?? publicOrigin);
        if (action === 'fail') {
          await declineCheckoutSession(context, sessionId);
          return sendPage(
            reply,
            402,
            'Huddle Checkout',
            checkoutBody(session, context.now(), 'Your card was declined. No money moved; choose Pay to try again.'),
          );
        }
        if (action !== 'pay')
          return sendPage(
            reply,
            400,
            'Huddle Checkout',
            checkoutBody(session, context.now(), 'Choose Pay, Fail or Cancel.'),
          );
        const email = request.body?.email?.trim() || undefined;
        try {
          const completed = await completeCheckoutSession(context, sessionId, email);
          return redirect(reply, (completed.success_url as string).replaceAll('{CHECKOUT_SESSION_ID}', sessionId));
        } catch (error) {
          if (!(error instanceof LocalStripeError)) throw error;
          const latest = (await context.store.find('checkout.session', sessionId)) ?? session;
          return sendPage(reply, 409, 'Huddle Checkout', checkoutBody(latest, context.now()));
        }
      },
    );

    scope.get<{ Params: { accountId: string }; Querystring: { link?: string } }>(
      '/local-stripe/connect/:accountId',
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await onboardingLink(request.params.accountId, request.query.link);
        if (!found) return sendPage(reply, 404, 'Link not found', '<p>This onboarding link does not exist.</p>');
        if (found.link.used || (found.link.expires_at as number) < context.now()) {
          return redirect(reply, found.link.refresh_url as string);
        }
        return sendPage(reply, 200, 'Stripe account onboarding', onboardingBody(found.account, found.link.id));
      },
    );

    scope.post<{ Params: { accountId: string }; Body: Record<string, string> | undefined }>(
      '/local-stripe/connect/:accountId',
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await onboardingLink(request.params.accountId, request.body?.link);
        if (!found) return sendPage(reply, 404, 'Link not found', '<p>This onboarding link does not exist.</p>');
        // Account links are single-use, as on Stripe: a second visit goes to refresh_url.
        const claimed = await context.store
          .update('account_link', found.link.id, (current) => {
            if (current.used) throw new LocalStripeError(400, 'This account link was used already.');
            return { ...current, used: true };
          })
          .catch((error: unknown) => {
            if (error instanceof LocalStripeError) return undefined;
            throw error;
          });
        if (!claimed) return redirect(reply, found.link.refresh_url as string);
        if (request.body?.action === 'submit') await submitAccountDetails(context, found.account.id);
        return redirect(reply, found.link.return_url as string);
      },
    );

    scope.get<{ Querystring: Record<string, string | undefined> }>(
      localOAuthAuthorizePath,
      { schema: { hide: true } },
      async (request, reply) => {
        const redirectUri = request.query.redirect_uri;
        if (!redirectUri || !sameOrigin(redirectUri, publicOrigin)) {
          return sendPage(reply, 400, 'Link a Stripe account', "<p>The redirect address is not one of Huddle's.</p>");
        }
        return sendPage(reply, 200, 'Link a Stripe account', oauthBody(request.query));
      },
    );

    scope.post<{ Body: Record<string, string> | undefined }>(
      localOAuthAuthorizePath,
      { schema: { hide: true } },
      async (request, reply) => {
        const body = request.body ?? {};
        const redirectUri = body.redirect_uri;
        if (!redirectUri || !sameOrigin(redirectUri, publicOrigin)) {
          return sendPage(reply, 400, 'Link a Stripe account', "<p>The redirect address is not one of Huddle's.</p>");
        }
        const target = new URL(redirectUri);
        if (body.action === 'link') {
          const scopeName = body.scope || 'read_write';
          const code = await grantOAuthCode(context, { scope: scopeName, email: body.email?.trim() || null });
          target.searchParams.set('code', code);
          target.searchParams.set('scope', scopeName);
        } else {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_description', 'The user denied your request');
        }
        if (body.state) target.searchParams.set('state', body.state);
        return redirect(reply, target.href);
      },
    );
  });

  async function onboardingLink(accountId: string, linkId: string | undefined) {
    if (!linkId) return undefined;
    const link = await context.store.find('account_link', linkId);
    if (!link || link.account !== accountId) return undefined;
    const account = await context.store.find('account', accountId);
    return account ? { link, account } : undefined;
  }
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

function redirect(reply: FastifyReply, url: string): FastifyReply {
  return reply.code(303).header('location', url).send();
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

function checkoutBody(session: StripeObject, now: number, message?: string): string {
  const currency = (session.currency as string | null) ?? 'usd';
  const items = ((session.line_items as { data?: StripeObject[] } | undefined)?.data ?? [])
    .map(
      (item) =>
        `<li><span>${escapeHtml(String(item.description || 'Item'))}${(item.quantity as number) > 1 ? ` × ${String(item.quantity)}` : ''}</span><span>${money(item.amount_total as number, currency)}</span></li>`,
    )
    .join('');
  const total = money((session.amount_total as number | null) ?? 0, currency);
  const open = session.status === 'open' && (session.expires_at as number) > now;
  const recurring = session.mode === 'subscription' ? ' <span class="muted">(subscription)</span>' : '';
  const state = open
    ? ''
    : session.status === 'complete'
      ? `<p role="status">This payment is complete. <a href="${escapeHtml(String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Return to Huddle</a></p>`
      : `<p role="status">This Checkout session has expired. <a href="${escapeHtml(String(session.cancel_url ?? '/'))}">Return to Huddle</a></p>`;
  const emailField =
    open && !session.customer_email && !session.customer
      ? `<label for="email">Email for the receipt</label><input id="email" name="email" type="email" autocomplete="email">`
      : '';
  const form = open
    ? `<form method="post">
        ${emailField}
        <p class="muted">Test card 4242 4242 4242 4242 is assumed. Pay succeeds, Fail declines the card, Cancel goes back without paying.</p>
        <div class="actions">
          <button name="action" value="pay" class="primary">Pay ${total}</button>
          <button name="action" value="fail">Fail (card declined)</button>
          <button name="action" value="cancel">Cancel</button>
        </div>
      </form>`
    : '';
  return `<h1>Pay Huddle</h1>
    ${message ? `<p role="alert" class="error">${escapeHtml(message)}</p>` : ''}
    <ul class="items">${items}</ul>
    <p class="total"><span>Total${recurring}</span><span>${total}</span></p>
    ${state}${form}`;
}

function onboardingBody(account: StripeObject, linkId: string): string {
  const due = ((account.requirements as { currently_due?: string[] } | undefined)?.currently_due ?? [])
    .map((item) => `<li>${escapeHtml(item)}</li>`)
    .join('');
  return `<h1>Set up payouts</h1>
    <p>Account <code>${escapeHtml(account.id)}</code> (${escapeHtml(String(account.country))}, ${escapeHtml(String(account.type))}).</p>
    ${due ? `<h2>Still needed</h2><ul>${due}</ul>` : '<p>Nothing is due: this account can take payments.</p>'}
    <form method="post">
      <input type="hidden" name="link" value="${escapeHtml(linkId)}">
      <div class="actions">
        <button name="action" value="submit" class="primary">Submit details</button>
        <button name="action" value="leave">Leave incomplete</button>
      </div>
    </form>`;
}

function oauthBody(query: Record<string, string | undefined>): string {
  const hidden = ['redirect_uri', 'state', 'scope']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
    .join('');
  return `<h1>Link an existing Stripe account</h1>
    <p>Huddle asks to take payments for you through your Stripe account.</p>
    <form method="post">
      ${hidden}
      <label for="email">Account email (optional)</label><input id="email" name="email" type="email" autocomplete="email">
      <div class="actions">
        <button name="action" value="link" class="primary">Link test account</button>
        <button name="action" value="deny">Cancel</button>
      </div>
    </form>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return sendLocalStripePage(reply, { status, title, body });
}
