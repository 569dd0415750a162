import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { appStarted, holdScripts } from './support/hydration.ts';

/** A 160 px green square: a real PNG the server accepts as a profile photo. */
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAACgCAIAAAAErfB6AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAC3ElEQVR4nO2VAQ3AIADDcDKZc3SdV/E0400qgKwUTp5K7h3h4CeQKNhLEAv2EsQnOv/7EfyDiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDj7lBTNfdzYxccDaAAAAAElFTkSuQmCC',
  'base64',
);

/** Holds every matching reply back until `release()`: the slow network a form must survive. */
async function holdReplies(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: Promise<void>[] = [];
  await page.route(url, (route: Route) => {
    held.push(released.then(() => route.continue()));
  });
  return {
    release: async () => {
      release();
      await Promise.all(held);
    },
    count: () => held.length,
  };
}

test('first-time setup keeps what is typed while the sports list arrives late and a new photo re-renders it', async ({
  page,
}) => {
  const person = newPerson('Slow');
  const signUp = await page.request.post('/api/auth/sign-up', { data: person });
  expect(signUp.status()).toBe(201);
  // The sports list is slow: the form is there, and the person starts typing before it arrives.
  const gameTypes = await holdReplies(page, '**/api/game-types');
  await page.goto('/more-info');
  const fullName = page.getByLabel('Full name');
  const bio = page.getByLabel('Bio');
  await fullName.fill('Sam Slowly');
  await bio.fill('Typed while the list was loading.');
  await expect.poll(() => gameTypes.count()).toBeGreaterThan(0);
  await gameTypes.release();
  await expect(page.getByText('Soccer', { exact: true })).toBeVisible();
  await expect(fullName).toHaveValue('Sam Slowly');
  await expect(bio).toHaveValue('Typed while the list was loading.');
  await expect(page.getByLabel('Display name')).toHaveValue(person.name);

  // A new photo puts a fresh user in the session: the form re-renders and keeps the typing.
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photoPng });
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await expect(fullName).toHaveValue('Sam Slowly');
  await expect(bio).toHaveValue('Typed while the list was loading.');
});

test('the profile form keeps typing done while a slow save is on its way', async ({ page }) => {
  const person = newPerson('Saver');
  await signUpWithProfile(page, person);
  await page.goto('/settings?tab=general');
  const fullName = page.getByLabel('Full name');
  const bio = page.getByLabel('Bio');
  await expect(fullName).toHaveValue(`${person.name} Player`);
  await fullName.fill('Sam Saver');
  await bio.fill('Sent first.');
  const save = await holdReplies(page, '**/api/me/profile');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => save.count()).toBe(1);
  await bio.fill('Typed while saving.');
  await save.release();
  await expect(page.getByText('Successfully updated your profile')).toBeVisible();
  await expect(bio).toHaveValue('Typed while saving.');
  await expect(fullName).toHaveValue('Sam Saver');
  const me = (await (await page.request.get('/api/me')).json()) as { fullName: string; bio: string };
  expect(me).toMatchObject({ fullName: 'Sam Saver', bio: 'Sent first.' });
});

test('the event edit form keeps a new title typed before the game types arrive', async ({ page }) => {
  await signUpWithProfile(page, newPerson('Editor'));
  const word = uniqueWord('slow');
  const { eventId } = await createPlaceAndGame(page, { placeName: `Slow court ${word}`, title: `Slow game ${word}` });
  const gameTypes = await holdReplies(page, '**/api/game-types');
  await page.goto(`/discover/events/${eventId}/edit`);
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue(`Slow game ${word}`);
  await title.fill(`Renamed game ${word}`);
  await gameTypes.release();
  await expect(page.getByRole('combobox', { name: 'Game type' })).toHaveValue('Soccer');
  await expect(title).toHaveValue(`Renamed game ${word}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/discover/events/${eventId}$`));
  // An event's title names its date too (the server's and the app's, issue 33).
  await expect(page).toHaveTitle(new RegExp(`^Renamed game ${word} · .+ \\| Huddle$`));
});

test('a failed submit moves focus to the first field in error, on every form @mobile', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Display name')).toBeFocused();

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Password')).toBeFocused();

  // First-time setup: the name came with sign-up, so the first field in error is the full name.
  const person = newPerson('Focus');
  await page.goto('/auth/sign-up');
  await page.getByLabel('Display name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/more-info$/);
  // Required fields are marked, and the mark is explained; placeholders do not look like answers.
  await expect(page.getByText('Fields marked with an asterisk (*) are required.')).toBeVisible();
  for (const label of ['Display name', 'Full name', 'City', 'Sports and interests']) {
    await expect(
      page.locator('.mantine-InputWrapper-label', { hasText: label }).locator('.mantine-InputWrapper-required'),
    ).toHaveText('*');
  }
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveAttribute('placeholder', /^e\.g\. /);
  await page.getByRole('button', { name: 'Setup Account' }).click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.getByLabel('Full name').fill(`${person.name} Fullname`);
  await page.getByRole('button', { name: 'Setup Account' }).click();
  await expect(page.getByRole('combobox', { name: 'City' })).toBeFocused();
  await page.getByRole('combobox', { name: 'City' }).fill('Austin');
  await page.getByRole('option', { name: 'Austin, TX' }).click();
  await page.getByRole('button', { name: 'Setup Account' }).click();
  // The sports chips come last: focus lands on the first chip.
  await expect(page.getByRole('group', { name: 'Sports and interests' }).getByRole('checkbox').first()).toBeFocused();
  await expectAccessible(page);
});

/** Types a password on the sign-in form and moves on with Tab: focus lands on its show-password button. */
async function tabToShowPassword(page: Page) {
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret words');
  await password.focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show characters' });
  await expect(toggle).toBeFocused();
  return { password, toggle };
}

test('on the rendered sign-in form, the show-password button pressed before the scripts have run shows the characters once they have', async ({
  page,
}) => {
  // The app's scripts held back: the form is the server's, app-start.js keeps what is done on it.
  const release = await holdScripts(page);
  await page.goto('/auth/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill('early@example.com');
  const { password, toggle } = await tabToShowPassword(page);
  // Mantine's button acts on the press (keydown, mousedown), which nothing hears yet.
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'password');
  release();
  await expect(page.locator(appStarted)).toHaveCount(1);
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveValue('secret words');
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
});

test('the show-password button is reachable with Tab and shows the characters', async ({ page }) => {
  await page.goto('/auth/login');
  const { password, toggle } = await tabToShowPassword(page);
  await expect(password).toHaveAttribute('type', 'password');
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});
