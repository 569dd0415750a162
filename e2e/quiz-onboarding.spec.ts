import { geohashOf } from '@huddle/shared/places';
import { settingsSavedMessage } from '@huddle/shared/profiles';
import { findQuiz, quizMessages } from '@huddle/shared/quizzes';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { daysFromNow, uniqueWord } from './support/games.ts';
import { austin, confirmEmail } from './support/people.ts';

const quiz = findQuiz('pickleball')!;

/** A player with a finished profile in Austin, made through the API in its own request context. */
async function makePlayer(request: APIRequestContext, label: string) {
  const person = newPerson(label);
  expect((await request.post('/api/auth/sign-up', { data: person })).status()).toBe(201);
  const profile = await request.put('/api/me/profile', {
    data: {
      displayName: person.name,
      fullName: `${person.name} Player`,
      defaultCity: austin,
      games: ['Pickleball'],
      pronouns: null,
      bio: null,
      joinReason: 'Find-people',
    },
  });
  expect(profile.status()).toBe(200);
  // The quiz journey signs this player in again: a password sign-in waits for a verified email.
  await confirmEmail(request, person.email);
  return person;
}

/** An intermediate pickleball game right at the player's city, so it is the nearest one. */
async function intermediatePickleballGame(request: APIRequestContext, title: string) {
  const place = await request.post('/api/places', {
    data: {
      name: uniqueWord('Quiz Courts'),
      address: '500 E Cesar Chavez St, Austin, TX',
      lat: austin.lat,
      lng: austin.lng,
      geohash: geohashOf(austin.lat, austin.lng),
      description: 'Six courts.',
    },
  });
  expect(place.status()).toBe(201);
  const { id: placeId } = (await place.json()) as { id: string };
  const day = daysFromNow(2);
  const event = await request.post('/api/events', {
    data: {
      title,
      gameType: 'Pickleball',
      skillLevel: 'intermediate',
      timeZone: 'America/Chicago',
      startLocal: `${day}T18:00`,
      endLocal: `${day}T20:00`,
      placeId,
      slots: 8,
      gender: 'Any',
      priceCents: null,
    },
  });
  expect(event.status(), await event.text()).toBe(201);
}

test('a visitor takes the pickleball quiz, signs in to save the level, and opens a flow from the create hub @mobile', async ({
  page,
  isMobile,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const person = await makePlayer(api, 'Quizzer');
  const gameTitle = uniqueWord('Level Three Dinks');
  await intermediatePickleballGame(api, gameTitle);
  await api.dispose();

  // Signed out: the quizzes are public (spec §6).
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { level: 1, name: 'Skill quizzes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: quiz.title }).click();
  await expect(page).toHaveURL(/\/quiz\/pickleball$/);
  await expect(page).toHaveTitle(`${quiz.title} | Huddle`);
  await page.getByRole('button', { name: 'See my level' }).click();
  await expect(page.getByText(quizMessages.missingAnswer).first()).toBeVisible();
  // The second answer of every question: a 3.0, "Improving".
  for (const question of quiz.questions) {
    await page.getByRole('radio', { name: question.options[1]!.label }).check();
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'See my level' }).click();
  await expect(page.getByRole('heading', { name: 'Your level: 3.0' })).toBeVisible();
  await expect(page.getByText(quiz.levels[2]!.explanation)).toBeVisible();
  await expect(page.getByText(/Matched on: Pickleball games marked Intermediate/)).toBeVisible();
  await expectAccessible(page);

  // Signing in keeps the answers and saves them to the profile.
  await page.getByRole('link', { name: 'Sign in to save this level' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/quiz\/pickleball$/);
  await expect(page.getByText(quizMessages.saved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your level: 3.0' })).toBeVisible();
  // Signed in, the games are the nearest to the player's city, at the level first.
  const games = page.getByRole('list', { name: 'Pickleball games at your level' });
  await expect(games.getByRole('link', { name: gameTitle })).toBeVisible();
  await expect(page.getByText(/within 50 miles of Austin, TX|within 80 km of Austin, TX/)).toBeVisible();

  await page.goto('/profile');
  const levels = page.getByRole('region', { name: 'Skill levels' });
  await expect(levels.getByText('Pickleball 3.0')).toBeVisible();
  await expectAccessible(page);

  // A retake replaces the level.
  await levels.getByRole('link', { name: 'Retake the pickleball quiz' }).click();
  await page.getByRole('button', { name: 'Retake the quiz' }).click();
  for (const question of quiz.questions) {
    await page.getByRole('radio', { name: question.options[3]!.label }).check();
  }
  await page.getByRole('button', { name: 'See my level' }).click();
  await expect(page.getByRole('heading', { name: 'Your level: 5.0' })).toBeVisible();
  await expect(page.getByText(quizMessages.saved)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Skill levels' }).getByText('Pickleball 5.0')).toBeVisible();

  // The create hub is in the main navigation (the drawer on phones) and opens each thing's own flow.
  if (isMobile) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /^Post/ }).click();
  await expect(page).toHaveURL(/\/create\/post$/);
  const dialog = page.getByRole('dialog', { name: 'Write a post' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/create$/);
  await page.getByRole('link', { name: /^Game/ }).click();
  await expect(page).toHaveURL(/\/events\/new$/);
  // A season belongs to a team the person runs: without one, the hub sends them to make one first.
  await page.goto('/create');
  await page.getByRole('link', { name: /^Season/ }).click();
  await expect(page).toHaveURL(/\/create\/season$/);
  await expect(page.getByText('A season belongs to a team or community you run.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a team or community' })).toHaveAttribute('href', '/teams/create');
  await expectAccessible(page);
});

test('the guided start is offered once after setup, skips and resumes where it was left @mobile', async ({ page }) => {
  const person = newPerson('Starter');
  expect((await page.request.post('/api/auth/sign-up', { data: person })).status()).toBe(201);
  // First-time setup through the page: afterwards Huddle offers the guided start, once.
  await page.goto('/more-info');
  await page.getByLabel('Full name').fill(`${person.name} Player`);
  await page.getByRole('combobox', { name: 'City' }).fill('Austin');
  await page.getByRole('option', { name: 'Austin, TX' }).click();
  await page.getByText('Pickleball', { exact: true }).click();
  await page.getByRole('button', { name: 'Setup Account' }).click();
  await expect(page).toHaveURL(/skippable=true/);
  const offer = page.getByRole('region', { name: 'New here? Take the guided start' });
  await expect(offer).toBeVisible();
  await offer.getByRole('link', { name: 'Start the guided start' }).click();

  await expect(page).toHaveURL(/\/user-onboarding$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your sports' })).toBeVisible();
  await expectAccessible(page);
  // A save the server refuses is not a save: its reason shows beside the field and Next still
  // asks for a save first (decision 054; the submit alone used to clear the unsaved state).
  const refusal = 'Choose sports from the list.';
  await page.route('**/api/me/games', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { games: [refusal] } } }),
    }),
  );
  await page.getByText('Tennis', { exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(refusal)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText('You have changes here that are not saved yet. Save them first, or skip this step.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your sports' })).toBeVisible();
  await page.unroute('**/api/me/games');
  await page.getByRole('button', { name: 'Skip this step' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your city' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'When you play' })).toBeVisible();

  // Kept on the server: a reload resumes at the first step neither done nor skipped.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'When you play' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip this step' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
  // A change not saved yet holds Next back: leaving the step would lose it.
  await page.getByRole('switch').first().focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText('You have changes here that are not saved yet. Save them first, or skip this step.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(settingsSavedMessage)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your first game' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible();

  // Saving the notification settings cleared that home task; the offer is not shown again.
  await page.goto('/home');
  const tasks = page.getByRole('list', { name: 'Incomplete Tasks', exact: true });
  await expect(tasks.getByRole('link', { name: 'Update your availability' })).toBeVisible();
  await expect(tasks.getByRole('link', { name: 'Set your notification preferences' })).toHaveCount(0);
  await page.goto('/settings?tab=availability&skippable=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'New here? Take the guided start' })).toHaveCount(0);
});
