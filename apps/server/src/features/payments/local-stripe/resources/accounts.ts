import {
  LocalStripeError,
  invalidParam,
  metadataOf,
  noSuchObject,
  optionalString,
  requiredString,
  type LocalStripe,
  type LocalStripeContext,
  type StripeObject,
} from '../local-stripe.ts';

/** What a fresh Express or Standard account must still provide before charges are enabled. */
export const initialRequirements = [
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
];

export const localOnboardingPath = (accountId: string) => `/local-stripe/connect/${accountId}`;

/** Connect accounts (create, retrieve, update, delete) and account links to the local onboarding page. */
export function registerAccounts(localStripe: LocalStripe): void {
  localStripe.route('POST', '/v1/accounts', async ({ body }, { store, newId, now }) => {
    const type = optionalString(body, 'type') ?? 'express';
    if (!['express', 'standard', 'custom'].includes(type)) throw invalidParam('type', `Invalid type: ${type}`);
    const country = (optionalString(body, 'country') ?? 'US').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) throw invalidParam('country', `Country '${country}' is unknown.`);
    return store.insert(
      newAccount({
        id: newId('acct'),
        type,
        country,
        email: optionalString(body, 'email') ?? null,
        created: now(),
        metadata: metadataOf(body.metadata),
      }),
    );
  });

  localStripe.route('GET', '/v1/accounts/:id', async ({ params }, { store }) => {
    const account = await store.find('account', params.id!);
    if (!account) throw accountMissing(params.id!);
    return account;
  });

  localStripe.route('POST', '/v1/accounts/:id', async ({ params, body }, { store }) => {
    const updated = await store.update('account', params.id!, (current) => ({
      ...current,
      metadata: { ...(current.metadata as object), ...metadataOf(body.metadata) },
      ...(optionalString(body, 'email') !== undefined && { email: optionalString(body, 'email') }),
    }));
    if (!updated) throw accountMissing(params.id!);
    return updated;
  });

  localStripe.route('DELETE', '/v1/accounts/:id', async ({ params }, { store }) => {
    const updated = await store.update('account', params.id!, (current) => ({ ...current, deleted: true }));
    if (!updated) throw accountMissing(params.id!);
    return { id: params.id!, object: 'account', deleted: true };
  });

  localStripe.route('POST', '/v1/account_links', async ({ body }, { store, newId, now, publicOrigin }) => {
    const accountId = requiredString(body, 'account');
    if (!(await store.find('account', accountId))) throw noSuchObject('account', accountId, 'account');
    const refreshUrl = requiredString(body, 'refresh_url');
    const returnUrl = requiredString(body, 'return_url');
    const id = newId('acctlink');
    const link: StripeObject = {
      id,
      object: 'account_link',
      account: accountId,
      created: now(),
      expires_at: now() + 300,
      refresh_url: refreshUrl,
      return_url: returnUrl,
      type: optionalString(body, 'type') ?? 'account_onboarding',
      url: `${publicOrigin}${localOnboardingPath(accountId)}?link=${id}`,
    };
    await store.insert(link);
    const { id: _private, account: _account, refresh_url: _refresh, return_url: _return, type: _type, ...reply } = link;
    return { ...reply, object: 'account_link' };
  });
}

export function newAccount({
  id,
  type,
  country,
  email,
  created,
  metadata = {},
  complete = false,
}: {
  id: string;
  type: string;
  country: string;
  email: string | null;
  created: number;
  metadata?: Record<string, string>;
  complete?: boolean;
}): StripeObject {
  return {
    id,
    object: 'account',
    type,
    country,
    email,
    created,
    default_currency: 'usd',
    charges_enabled: complete,
    payouts_enabled: complete,
    details_submitted: complete,
    metadata,
    capabilities: { card_payments: complete ? 'active' : 'inactive', transfers: complete ? 'active' : 'inactive' },
    requirements: {
      currently_due: complete ? [] : initialRequirements,
      eventually_due: complete ? [] : initialRequirements,
      past_due: [],
      disabled_reason: complete ? null : 'requirements.past_due',
    },
    livemode: false,
  };
}

function accountMissing(id: string): LocalStripeError {
  return new LocalStripeError(404, `No such account: '${id}'`, undefined, 'invalid_request_error', 'resource_missing');
}

/**
 * The local onboarding page's "Submit details": the account becomes complete (charges and payouts
 * enabled, nothing due) and `account.updated` is emitted, as Stripe does after onboarding.
 */
export async function submitAccountDetails(context: LocalStripeContext, accountId: string): Promise<StripeObject> {
  let previous: Record<string, unknown> = {};
  const account = await context.store.update('account', accountId, (current) => {
    previous = {
      charges_enabled: current.charges_enabled,
      details_submitted: current.details_submitted,
      requirements: current.requirements,
    };
    return {
      ...current,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    };
  });
  if (!account) throw accountMissing(accountId);
  await context.emit('account.updated', account, { previousAttributes: previous });
  return account;
}
