import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { firstLinkIn, latestMailTo } from './outbox.ts';

export const austin = { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 };

/**
 * Signs a new person up and completes first-time setup through the API, in the page's
 * browser context (the session cookie lands there): for journeys about something else.
 */
export async function signUpWithProfile(
  page: Page,
  person: { name: string; email: string; password: string },
  /** More of the profile, such as the level a player gives themselves (selfRatedLevel). */
  more: Record<string, unknown> = {},
) {
  const signUp = await page.request.post('/api/auth/sign-up', { data: person });
  expect(signUp.status()).toBe(201);
  const profile = await page.request.put('/api/me/profile', {
    data: {
      displayName: person.name,
      fullName: `${person.name} Player`,
      defaultCity: austin,
      games: ['Soccer'],
      pronouns: null,
      bio: null,
      joinReason: 'Find-people',
      ...more,
    },
  });
  expect(profile.status()).toBe(200);
}

/** The subject of the mail with the verification link (apps/server/src/features/accounts/accounts.mails.ts). */
export const verificationMailSubject = 'Confirm your email for Huddle';

/**
 * Opens the verification link mailed to this address, through the API: for a journey whose
 * person signs in again with their password, which waits for a verified email (decision 062).
 */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const token = new URL(firstLinkIn(await latestMailTo(email, verificationMailSubject))).searchParams.get('token');
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status()).toBe(200);
}
