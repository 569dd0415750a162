import { partnerKeys } from '../../features/partners/api/partner-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * partner/preferred/{id} (pages/partner-page.tsx): a preferred partner and its offers valid now.
 * Not a preferred partner: the browser renders the page (not found).
 */
export const partnerPageData: ContentPageData = async ({ params, client, sources, named }) => {
  const partnerId = params.partnerId ?? '';
  const partner = await sources.content.partner(partnerId);
  if (!partner) return false;
  client.setQueryData(partnerKeys.detail(partnerId), partner);
  named(partner.name);
  return true;
};
