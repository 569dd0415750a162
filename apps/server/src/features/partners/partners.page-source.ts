import { partnerEndpoints } from '@huddle/shared/partners';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getEventsPartner, getPartner } from './partners.service.ts';

/**
 * The partner pages for a server-rendered partner/preferred/{id} and partner/events/{id} (decision
 * 075's addendum on post and partner pages): what GET /api/partners/{partnerId} and
 * GET /api/partners/{partnerId}/events send this viewer, or null (not a preferred partner, or not
 * an events partner: the API's not found).
 */
export function partnersPageSource({
  db,
  clock,
}: Pick<AppDeps, 'db' | 'clock'>): Pick<ContentPageReads, 'partner' | 'eventsPartner'> {
  return {
    partner: (_request, _viewerId, partnerId) =>
      endpointReplyOrNull(partnerEndpoints.get, { partnerId }, ({ partnerId }) => getPartner(db, clock, { partnerId })),
    // The team's events carry the viewer's own status (a member also sees its team-only games).
    eventsPartner: (_request, viewerId, partnerId) =>
      endpointReplyOrNull(partnerEndpoints.events, { partnerId }, ({ partnerId }) =>
        getEventsPartner(db, clock, { viewerId, partnerId }),
      ),
  };
}
