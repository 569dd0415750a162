import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { accountRows } from './accounts.rows.ts';
import { adminRows } from './admin.rows.ts';
import { connectionRows } from './connections.rows.ts';
import { customDomainRows } from './custom-domains.rows.ts';
import { eventRows } from './events.rows.ts';
import { fairTeamRows } from './fair-teams.rows.ts';
import { findATimeRows } from './find-a-time.rows.ts';
import { formRows } from './forms.rows.ts';
import { imageRows } from './images.rows.ts';
import { invoiceRows } from './invoices.rows.ts';
import { notificationRows } from './notifications.rows.ts';
import { openApiRoutes, realtimeRoute } from './matrix.ts';
import { messageRows } from './messages.rows.ts';
import { paidGameRows } from './paid-games.rows.ts';
import { passkeyRows } from './passkeys.rows.ts';
import { paymentRows } from './payments.rows.ts';
import { partnerRows } from './partners.rows.ts';
import { postRows } from './posts.rows.ts';
import { quizRows } from './quizzes.rows.ts';
import { onboardingRows } from './onboarding.rows.ts';
import { profileRows } from './profiles.rows.ts';
import { seasonRows } from './seasons.rows.ts';
import { seoRows } from './seo.rows.ts';
import { substituteRows } from './substitutes.rows.ts';
import { subscriptionRows } from './subscriptions.rows.ts';
import { teamRows } from './teams.rows.ts';
import { timePollRows } from './time-polls.rows.ts';
import { tournamentRows } from './tournaments.rows.ts';
import { websiteRows } from './websites.rows.ts';

const rows = [
  ...accountRows,
  ...profileRows,
  ...teamRows,
  ...seasonRows,
  ...eventRows,
  ...notificationRows,
  ...substituteRows,
  ...fairTeamRows,
  ...timePollRows,
  ...findATimeRows,
  ...messageRows,
  ...subscriptionRows,
  ...paymentRows,
  ...formRows,
  ...imageRows,
  ...invoiceRows,
  ...paidGameRows,
  ...websiteRows,
  ...customDomainRows,
  ...postRows,
  ...connectionRows,
  ...quizRows,
  ...onboardingRows,
  ...partnerRows,
  ...adminRows,
  ...tournamentRows,
  ...seoRows,
  ...passkeyRows,
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, so a new route cannot go without one', () => {
    const covered = new Set(rows.map((row) => row.route));
    expect(openApiRoutes(t.app).filter((route) => !covered.has(route))).toEqual([]);
  });

  it('names only routes the app has', () => {
    const routes = new Set([...openApiRoutes(t.app), realtimeRoute]);
    expect(rows.map((row) => row.route).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('gives each row of a route its own target', () => {
    const labels = rows.map((row) => `${row.route} (${row.target ?? ''})`);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });
});
