import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';

async function signedInWithGame(page: Page, label: string) {
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  const word = uniqueWord('dz');
  const names = { placeName: `Court ${word}`, title: `Pickup ${word}` };
  const ids = await createPlaceAndGame(page, names);
  return { person, word, ...names, ...ids };
}

test('a player finds a new game in the list and on the map, and filters by game type @mobile', async ({
  page,
  isMobile,
}) => {
  const { title, placeName, eventId } = await signedInWithGame(page, 'Finder');
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(page.getByText('Games, teams, players and places near Austin, TX.')).toBeVisible();

  // The game sits in the player's city: nearest first, so on the first page.
  const games = page.getByRole('list', { name: 'Games' });
  await expect(games.getByRole('link', { name: title })).toHaveAttribute('href', `/discover/events/${eventId}`);
  await expectAccessible(page);

  // The same game on the map, as a marker the keyboard reaches (a phone shows one pane at a time).
  if (isMobile) {
    await expect(page.getByRole('region', { name: 'Map of games' })).toHaveCount(0);
    await page.getByText('Map', { exact: true }).click();
    await expect(games).toHaveCount(0);
  }
  const map = page.getByRole('region', { name: 'Map of games' });
  const marker = map.getByRole('button', { name: `${title} at ${placeName}` });
  await expect(marker).toBeVisible();
  // Markers are buttons for the keyboard too (nearby ones may overlap under a pointer).
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(map.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);
  if (isMobile) await page.getByText('List', { exact: true }).click();

  // Another game type leaves it out; its own brings it back; the filter is in the address.
  if (isMobile) await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Game type').selectOption('Basketball');
  await expect(page).toHaveURL(/gameType=Basketball/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.getByLabel('Game type').selectOption('Soccer');
  await expect(page.getByRole('list', { name: 'Games' }).getByRole('link', { name: title })).toBeVisible();
  await page.getByLabel('Distance').selectOption('Map area');
  await expect(page).toHaveURL(/distance=map/);
  await expect(page.getByRole('list', { name: 'Games' }).getByRole('link', { name: title })).toBeVisible();

  await page.getByRole('list', { name: 'Games' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/discover/events/${eventId}$`));
});

test('a player opens the place of a game, checks in and leaves, and prints its poster @mobile', async ({ page }) => {
  const { placeName, title, placeId, eventId } = await signedInWithGame(page, 'Checker');
  await page.goto('/discover/places');
  await expect(page.getByRole('link', { name: 'Places', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Places' }).getByRole('link', { name: placeName })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('list', { name: 'Places' }).getByRole('link', { name: placeName }).click();

  await expect(page).toHaveURL(new RegExp(`/places/view/${placeId}$`));
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expect(page.getByText('301 W 2nd St, Austin, TX')).toBeVisible();
  await expect(
    page.getByRole('list', { name: `Upcoming events at ${placeName}` }).getByRole('link', { name: title }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Map of ${placeName}` }).getByRole('button', { name: placeName }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'New event here' })).toHaveAttribute(
    'href',
    `/events/new?placeId=${placeId}`,
  );
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/places/edit/${placeId}`);
  await expect(page.getByText('Nobody has checked in here right now.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: "I'm here now" }).click();
  const here = page.getByRole('list', { name: 'Checked in here' });
  await expect(here.getByRole('link', { name: /\(you\)$/ })).toBeVisible();
  await expect(page.getByText(/You are checked in until/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('button', { name: "I'm here now" })).toBeVisible();
  await expect(here).toHaveCount(0);

  await page.getByRole('link', { name: 'Print poster' }).click();
  await expect(page).toHaveURL(new RegExp(`/places/poster\\?placeId=${placeId}$`));
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code linking to ${placeName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);

  // A poster for the game itself: its title, place and time, and a code to its page.
  await page.goto(`/places/poster?eventId=${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`${placeName}, 301 W 2nd St, Austin, TX`)).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code linking to ${title}` })).toBeVisible();
});

test('full-search finds the game and the place by name, from the header', async ({ page }) => {
  const { word, title, placeName } = await signedInWithGame(page, 'Seeker');
  await page.goto('/home');
  const search = page.getByRole('searchbox', { name: 'Search Huddle' });
  await search.fill(word);
  await search.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/full-search\\?q=${word}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Events found' }).getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Places found' }).getByRole('link', { name: placeName })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Search Huddle' }).fill('zzqqxxnothinghere');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing on Huddle matches “zzqqxxnothinghere”.', { exact: false })).toBeVisible();
});

test('a player adds a place with the address search, and fixes what the form refuses', async ({ page }) => {
  const person = newPerson('Builder');
  await signUpWithProfile(page, person);
  await page.goto('/discover/places');
  await page.getByRole('link', { name: 'Add a place' }).click();
  await expect(page).toHaveURL(/\/places\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a place' })).toBeVisible();

  await page.getByRole('button', { name: 'Add place' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Pick an address from the list, or click the map to set the spot.')).toBeVisible();
  await expectAccessible(page);

  const name = `Field ${uniqueWord('pf')}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Address' }).fill('Austin');
  await page.getByRole('option', { name: 'Austin, TX', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('Austin, TX');
  await expect(page.getByText(/^Set at 30\.\d+, -97\.\d+\./)).toBeVisible();
  await page.getByLabel('Description').fill('Grass field behind the library.');
  await page.getByRole('button', { name: 'Add place' }).click();

  await expect(page).toHaveURL(/\/places\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Grass field behind the library.')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByText(/^Set at 30\.\d+, -97\.\d+\./)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Name').fill(`${name} North`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} North` })).toBeVisible();
});

test('a visitor without an account browses discover and a place @mobile', async ({ page, browser }) => {
  // Someone else made the game; the visitor's browser has no session.
  const organizer = await browser.newContext();
  const organizerPage = await organizer.newPage();
  const { title, placeName, placeId } = await signedInWithGame(organizerPage, 'Host');
  await organizer.close();

  await page.goto(`/places/view/${placeId}`);
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('to check in here.')).toBeVisible();
  await expect(page.getByRole('button', { name: "I'm here now" })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/discover/players');
  await expect(page.getByText('to see players near you.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/discover/teams');
  await expect(page.getByRole('textbox', { name: 'Team name' })).toBeVisible();
  await expectAccessible(page);
});
