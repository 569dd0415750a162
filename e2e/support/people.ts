import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const austin = { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 };

/**
 * Signs a new person up and completes first-time setup through the API, in the page's
 * browser context (the session cookie lands there): for journeys about something else.
 */
export async function signUpWithProfile(page: Page, person: { name: string; email: string; password: string }) {
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
    },
  });
  expect(profile.status()).toBe(200);
}
