import { eventsPartnerPageName } from '@huddle/shared/page-names';
import { partnerKeys } from '../../features/partners/api/partner-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * partner/events/{id} (pages/events-partner-page.tsx): an events partner, its team's upcoming games
 * (with this person's own status in each) and its offers. Not an events partner: the browser renders
 * the page (not found).
 */
export const eventsPartnerPageData: ContentPageData = async ({ params, client, sources, named }) => {
  const partnerId = params.partnerId ?? '';
  const partner = await sources.content.eventsPartner(partnerId);
  if (!partner) return false;
  client.setQueryData(partnerKeys.events(partnerId), partner);
  named(eventsPartnerPageName(partner));
  return true;
};
