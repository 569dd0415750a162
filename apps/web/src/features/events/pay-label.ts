import type { EventView } from '@huddle/shared/events';
import { formatPrice } from '../../lib/format-event-time.ts';

/** The join button of a paid game: the viewer's credit with the organizer is spent first (decision 035). */
export const payLabel = (view: Pick<EventView, 'event'>, size: number) => {
  const price = (view.event.priceCents ?? 0) * size;
  const credit = Math.min(view.event.viewerCreditCents, price);
  if (credit === 0) return `Pay ${formatPrice(price)} to join`;
  if (credit === price) return `Join with ${formatPrice(credit)} credit`;
  return `Pay ${formatPrice(price - credit)} (${formatPrice(credit)} credit applied)`;
};
