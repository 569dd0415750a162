import { emailNotVerifiedMessage, emailVerifiedMessage, verificationSentMessage } from '@huddle/shared/accounts';
import { noRegistrationsMessage } from '@huddle/shared/seasons';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { firstLinkIn, latestMailTo } from './support/outbox.ts';
import { austin } from './support/people.ts';

async function signInAsDemo(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('demo@huddle.test');
  await page.getByLabel('Password').fill('huddle-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A fresh person with a finished profile (set through the API, the stable way past first-time setup). */
async function signUpWithProfile(page: Page, label: string) {
  const person = newPerson(label);
  await page.goto('/auth/sign-up');
  await page.getByLabel('Display name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/(home|more-info)(\?|$)/);
  const saved = await page.request.put('/api/me/profile', {
    data: {
      displayName: person.name,
      fullName: `${person.name} Fullname`,
      defaultCity: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      games: ['Soccer'],
      pronouns: null,
      bio: null,
      joinReason: 'Find-people',
    },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name);
  return person;
}

test('home shows the tasks and the player card with its QR code @mobile', async ({ page }) => {
  // The demo user is shared by journeys running in parallel: this one only reads.
  await signInAsDemo(page);
  const tasks = page.getByRole('list', { name: 'Incomplete tasks' });
  await expect(page.getByRole('button', { name: /Incomplete tasks/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(tasks.getByRole('link', { name: 'Set your notification preferences' })).toHaveAttribute(
    'href',
    '/settings?tab=notification',
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Player Card' }).click();
  const card = page.getByRole('dialog', { name: 'Player Card' });
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(card.getByText('demo@huddle.test')).toBeVisible();
  await expect(card.getByText(noRegistrationsMessage).or(card.getByRole('listitem').first())).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
});

test('a player sends feedback from the tasks, and the task goes away', async ({ page }) => {
  await signUpWithProfile(page, 'Quinn');
  const tasks = page.getByRole('list', { name: 'Incomplete tasks' });
  await expect(tasks.getByRole('link', { name: 'Update your availability' })).toHaveAttribute(
    'href',
    '/settings?tab=availability',
  );
  // Activities are set, so neither they nor the bio are asked for.
  await expect(tasks.getByText('Set your favorite activities')).toHaveCount(0);
  await expect(tasks.getByText('Complete your bio')).toHaveCount(0);

  await tasks.getByRole('button', { name: 'Submit feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit feedback' });
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(
    dialog.getByText('Tell us something first.').or(dialog.getByText('Tell us a little more.')),
  ).toBeVisible();
  await dialog.getByLabel('Your feedback').fill('The player card is handy at the field.');
  // The stars are labels of visually hidden radios: click the fourth star.
  const fourStars = dialog.getByRole('radio', { name: /^4 of 5/ });
  await dialog.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
  await expect(fourStars).toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thanks for your feedback')).toBeVisible();
  await expect(tasks.getByRole('button', { name: 'Submit feedback' })).toHaveCount(0);
  await page.reload();
  await expect(tasks.getByRole('link', { name: 'Set your notification preferences' })).toBeVisible();
  await expect(tasks.getByRole('button', { name: 'Submit feedback' })).toHaveCount(0);
});

test('a new player confirms their email from the banner and the mailed link', async ({ page }) => {
  const person = await signUpWithProfile(page, 'Rowan');
  await expect(page.getByRole('region', { name: 'Please confirm your email' })).toBeVisible();
  await page.getByRole('link', { name: 'Verify your email' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page).toHaveTitle('Verify Email | Huddle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your email');
  await expect(page.getByText(person.email)).toBeVisible();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(page.getByRole('alert')).toContainText(emailNotVerifiedMessage);

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText(verificationSentMessage)).toBeVisible();

  const mail = await latestMailTo(person.email);
  expect(mail.subject).toBe('Confirm your email for Huddle');
  const link = firstLinkIn(mail);
  expect(link).toContain('/verify-email?token=');
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(emailVerifiedMessage);
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name);
  await expect(page.getByRole('region', { name: 'Please confirm your email' })).toHaveCount(0);
});

test('a bad verification link says so, signed out @mobile', async ({ page }) => {
  await page.goto('/verify-email?token=bogus');
  await expect(page.getByRole('alert')).toContainText(emailNotVerifiedMessage);
  await expect(page.getByRole('alert')).toContainText('expired or is not valid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your email');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
});

test('the dashboard shows upcoming events, the location card, nearby events and nearby players @mobile', async ({
  page,
}) => {
  await signUpWithProfile(page, 'Dash');
  const word = uniqueWord('hb');
  const title = `Home game ${word}`;
  // The player's own game, right at their city's point: upcoming for them, and the nearest game.
  await createPlaceAndGame(page, { placeName: `Home court ${word}`, title, at: austin });
  await page.goto('/home');

  const upcoming = page.getByRole('region', { name: 'Upcoming events' });
  await expect(
    upcoming.getByRole('list', { name: 'Your upcoming events' }).getByRole('link', { name: title }),
  ).toBeVisible();

  const location = page.getByRole('region', { name: 'Your location' });
  await expect(location.getByText('Austin, TX')).toBeVisible();
  await expect(location.getByRole('button', { name: 'Change city' })).toBeVisible();

  // The lower blocks load when they come into view.
  const nearbyEvents = page.getByRole('region', { name: 'Nearby events' });
  await nearbyEvents.scrollIntoViewIfNeeded();
  const eventsNearYou = nearbyEvents.getByRole('list', { name: 'Events near you' });
  await expect(eventsNearYou.getByRole('link', { name: title })).toBeVisible();
  expect(await eventsNearYou.getByRole('listitem').count()).toBeLessThanOrEqual(7);

  const nearbyPlayers = page.getByRole('region', { name: 'Nearby players' });
  await nearbyPlayers.scrollIntoViewIfNeeded();
  const playersNearYou = nearbyPlayers.getByRole('list', { name: 'Players near you' });
  await expect(playersNearYou.getByRole('listitem').first()).toBeVisible();
  expect(await playersNearYou.getByRole('listitem').count()).toBeLessThanOrEqual(7);
  await expectAccessible(page);

  // "Change city" opens a city picker, not the whole profile form, and saves only the city.
  await location.getByRole('button', { name: 'Change city' }).click();
  const picker = page.getByRole('dialog', { name: 'Change city' });
  await expect(picker.getByLabel('Full name')).toHaveCount(0);
  await picker.getByRole('button', { name: 'Save city' }).click();
  await expect(picker.getByText('Choose your city from the list.')).toBeVisible();
  await expect(picker.getByRole('combobox', { name: 'City' })).toBeFocused();
  await picker.getByRole('combobox', { name: 'City' }).fill('Portland');
  await page.getByRole('option', { name: 'Portland, ME' }).click();
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Save city' }).click();
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
  await expect(location.getByText('Portland, ME')).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as { defaultCity: { name: string }; fullName: string };
  expect(me.defaultCity.name).toBe('Portland, ME');
});
