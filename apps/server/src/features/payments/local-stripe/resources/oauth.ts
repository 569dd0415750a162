import { randomBytes } from 'node:crypto';
import { LocalStripeError, optionalString, type LocalStripe, type LocalStripeContext } from '../local-stripe.ts';
import { newAccount } from './accounts.ts';

export const localOAuthAuthorizePath = '/local-stripe/oauth/authorize';

/**
 * Connect OAuth ("link an existing account"): the local authorize page hands out a one-time code
 * for a complete Standard account; `stripe.oauth.token` exchanges it once, as Stripe does.
 */
export function registerOAuth(localStripe: LocalStripe): void {
  localStripe.route('POST', '/oauth/token', async ({ body }, { store }) => {
    const code = optionalString(body, 'code');
    if (optionalString(body, 'grant_type') !== 'authorization_code' || !code) {
      throw new LocalStripeError(
        400,
        'Only the authorization_code grant is supported here.',
        undefined,
        'invalid_request_error',
        'unsupported_grant_type',
      );
    }
    let accountId: string | undefined;
    let scope = 'read_write';
    const used = await store.update('oauth_code', code, (current) => {
      if (current.used)
        throw new LocalStripeError(
          400,
          `Authorization code already used: ${code}`,
          undefined,
          'invalid_request_error',
          'invalid_grant',
        );
      accountId = current.account as string;
      scope = current.scope as string;
      return { ...current, used: true };
    });
    if (!used || !accountId) {
      throw new LocalStripeError(
        400,
        `Authorization code does not exist: ${code}`,
        undefined,
        'invalid_request_error',
        'invalid_grant',
      );
    }
    return {
      access_token: `sk_test_local_${randomBytes(12).toString('hex')}`,
      livemode: false,
      refresh_token: `rt_local_${randomBytes(12).toString('hex')}`,
      token_type: 'bearer',
      stripe_publishable_key: `pk_test_local_${randomBytes(12).toString('hex')}`,
      stripe_user_id: accountId,
      scope,
    };
  });

  localStripe.route('POST', '/oauth/deauthorize', async ({ body }) => {
    const account = optionalString(body, 'stripe_user_id');
    if (!account)
      throw new LocalStripeError(
        400,
        'stripe_user_id is required.',
        undefined,
        'invalid_request_error',
        'invalid_request',
      );
    return { stripe_user_id: account };
  });
}

/** The authorize page's "Link test account": a complete Standard account and a code for it. */
export async function grantOAuthCode(
  context: LocalStripeContext,
  { scope, email }: { scope: string; email: string | null },
): Promise<string> {
  const account = await context.store.insert(
    newAccount({
      id: context.newId('acct'),
      type: 'standard',
      country: 'US',
      email,
      created: context.now(),
      complete: true,
    }),
  );
  const code = context.newId('ac');
  await context.store.insert({
    id: code,
    object: 'oauth_code',
    account: account.id,
    scope,
    used: false,
    created: context.now(),
  });
  return code;
}
