import { listOf, noSuchObject, optionalString, type LocalStripe } from '../local-stripe.ts';

/** Events: retrieve one, list (optionally of one type), newest first as Stripe lists them. */
export function registerEvents(localStripe: LocalStripe): void {
  localStripe.route('GET', '/v1/events/:id', async ({ params }, { store }) => {
    const event = await store.find('event', params.id!);
    if (!event) throw noSuchObject('event', params.id!);
    return event;
  });
  localStripe.route('GET', '/v1/events', async ({ body }, { store }) => {
    const type = optionalString(body, 'type');
    const events = await store.list('event', type ? { type } : {}, 1000);
    const limit = Math.min(100, Number(optionalString(body, 'limit') ?? 10) || 10);
    return listOf('/v1/events', events.reverse().slice(0, limit));
  });
}
