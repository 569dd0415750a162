import {
  listOf,
  metadataOf,
  noSuchObject,
  optionalString,
  type LocalStripe,
  type StripeObject,
} from '../local-stripe.ts';

/** Customers: create, retrieve, update, list by email, search by email or metadata. */
export function registerCustomers(localStripe: LocalStripe): void {
  localStripe.route('POST', '/v1/customers', async ({ body }, { store, newId, now }) =>
    store.insert({
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: optionalString(body, 'email') ?? null,
      name: optionalString(body, 'name') ?? null,
      description: optionalString(body, 'description') ?? null,
      metadata: metadataOf(body.metadata),
      livemode: false,
      deleted: undefined,
    }),
  );

  localStripe.route('GET', '/v1/customers/search', async ({ body }, { store }) => {
    const query = optionalString(body, 'query') ?? '';
    const where: Record<string, unknown> = {};
    const email = /email:\s*'([^']*)'/.exec(query)?.[1];
    if (email !== undefined) where.email = email;
    for (const match of query.matchAll(/metadata\[['"]([^'"]+)['"]\]:\s*'([^']*)'/g)) {
      where.metadata = { ...(where.metadata as object), [match[1]!]: match[2] };
    }
    const data = Object.keys(where).length > 0 ? await store.list('customer', where) : [];
    return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' };
  });

  localStripe.route('GET', '/v1/customers', async ({ body }, { store }) => {
    const email = optionalString(body, 'email');
    return listOf('/v1/customers', await store.list('customer', email ? { email } : {}));
  });

  localStripe.route('GET', '/v1/customers/:id', async ({ params }, { store }) => {
    const customer = await store.find('customer', params.id!);
    if (!customer) throw noSuchObject('customer', params.id!);
    return customer;
  });

  localStripe.route('POST', '/v1/customers/:id', async ({ params, body }, { store }) => {
    const updated = await store.update('customer', params.id!, (current): StripeObject => ({
      ...current,
      ...(optionalString(body, 'email') !== undefined && { email: optionalString(body, 'email') }),
      ...(optionalString(body, 'name') !== undefined && { name: optionalString(body, 'name') }),
      metadata: { ...(current.metadata as object), ...metadataOf(body.metadata) },
    }));
    if (!updated) throw noSuchObject('customer', params.id!);
    return updated;
  });
}
