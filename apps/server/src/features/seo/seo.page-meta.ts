import type { AppDeps } from '../../app-deps.ts';
import { firstPageMeta, type PageMeta } from '../../lib/web-app.ts';
import { eventPageMeta } from '../events/events.page-meta.ts';
import { partnerPageMeta } from '../partners/partners.page-meta.ts';
import { placePageMeta } from '../places/places.page-meta.ts';
import { postPageMeta } from '../posts/posts.page-meta.ts';
import { profilePageMeta } from '../profiles/profiles.page-meta.ts';
import { teamPageMeta } from '../teams/teams.page-meta.ts';
import { tournamentPageMeta } from '../tournaments/tournaments.page-meta.ts';

/**
 * Every public app page's own <head> (issue 33, decision 076): the first feature whose address it
 * is answers, each reading the page as a visitor (no session) sees it.
 */
export function publicPageMeta(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'jobs' | 'realtime'> & {
    publicOrigin: string;
    flagDefaults: AppDeps['config']['flagDefaults'];
    log: Parameters<typeof eventPageMeta>[0]['log'];
  },
): (pathname: string) => Promise<PageMeta | null> {
  const { db, clock, publicOrigin } = deps;
  return firstPageMeta([
    eventPageMeta(deps),
    teamPageMeta(db, publicOrigin),
    placePageMeta(db, clock, publicOrigin),
    tournamentPageMeta(db, publicOrigin),
    profilePageMeta({ db, clock, flagDefaults: deps.flagDefaults }, publicOrigin),
    postPageMeta(db, publicOrigin),
    partnerPageMeta(db, clock, publicOrigin),
  ]);
}
