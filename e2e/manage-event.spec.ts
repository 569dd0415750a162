import { instantToLocal } from '@huddle/shared/event-occurrences';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { daysFromNow, uniqueWord } from './support/games.ts';
import { latestMailTo } from './support/outbox.ts';
import { signUpWithProfile } from './support/people.ts';

/** Issue 11: the organizer's tools on the manage page. */

async function newSignedInPage(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  return { context, page, person };
}

async function createPlace(page: Page, name: string) {
  const place = await page.request.post('/api/places', {
    data: {
      name,
      address: '2100 Barton Springs Rd, Austin, TX',
      lat: 30.2669,
      lng: -97.7729,
      geohash: '9v6kpjgvq',
    },
  });
  expect(place.status()).toBe(201);
  return ((await place.json()) as { id: string }).id;
}

test('a weekly game asks how long it repeats; cancelling one date tells its players and leaves the others @mobile', async ({
  browser,
}) => {
  const organizer = await newSignedInPage(browser, 'Organizer');
  const player = await newSignedInPage(browser, 'Player');
  const { page } = organizer;
  const title = `Tuesday ${uniqueWord('run')}`;
  const placeId = await createPlace(page, `Zilker field ${uniqueWord('z')}`);

  await page.goto(`/events/new?placeId=${placeId}`);
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Game type' }).click();
  await page.getByRole('option', { name: 'Soccer', exact: true }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/Chicago');
  await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
  await page.getByLabel('Starts').fill(`${daysFromNow(6)}T18:30`);
  await page.getByText('Weekly', { exact: true }).click();

  // No end is chosen for the organizer: sending asks for one, beside the choice.
  await expect(page.getByRole('radio', { name: 'After a number of times' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'On a date' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(
    page.getByText('Choose when the repeat ends: on a date or after a number of times.').first(),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'After a number of times' }).check();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Enter how many times it happens, 2 to 200.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Number of times' }).fill('3');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText(/^Weekly on .*, 3 times$/)).toBeVisible();
  const eventId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  // The player joins the first date.
  const view = await player.page.request.get(`/api/events/${eventId}`);
  const { upcoming } = (await view.json()) as { upcoming: { startsAt: string }[] };
  const [first, second] = upcoming.map((occurrence) => occurrence.startsAt);
  const joined = await player.page.request.post(`/api/events/${eventId}/parties`, {
    data: { occurrenceStartsAt: first },
  });
  expect(joined.status()).toBe(201);

  // The organizer cancels that date only.
  await page.goto(`/discover/events/${eventId}/manage?occurrence=${encodeURIComponent(first ?? '')}`);
  await page.getByRole('button', { name: 'Cancel this date' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel this date' }).click();
  await expect(page.getByText('This date is cancelled')).toBeVisible();
  await latestMailTo(player.person.email, `Date cancelled: ${title}`);

  // The player sees the date cancelled, with no way to join it; the next date is open.
  await player.page.goto(`/discover/events/${eventId}?occurrence=${encodeURIComponent(first ?? '')}`);
  await expect(player.page.getByText('This date was cancelled. Pick another date to join.')).toBeVisible();
  await expect(player.page.getByRole('button', { name: 'Leave' })).toHaveCount(0);
  await expectAccessible(player.page);
  await player.page.screenshot({ path: `/tmp/organizer-shots/cancelled-date-${test.info().project.name}.png` });
  await player.page.goto(`/discover/events/${eventId}?occurrence=${encodeURIComponent(second ?? '')}`);
  await expect(player.page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect(player.page.getByText('This date is cancelled')).toHaveCount(0);
  await organizer.context.close();
  await player.context.close();
});

test('an organizer adds a player by email, messages everyone, and marks attendance once the game starts @mobile', async ({
  browser,
}) => {
  const organizer = await newSignedInPage(browser, 'Organizer');
  const added = await newSignedInPage(browser, 'Added');
  const { page } = organizer;
  const title = `Sunrise ${uniqueWord('game')}`;
  const placeId = await createPlace(page, `Zilker court ${uniqueWord('z')}`);

  // Attendance is marked once a game has started: this one starts at the first whole minute at
  // least 10 s away, and the added player joins it at once. Adding by email and messaging, which
  // need a game that has not started, happen on a second game meanwhile.
  const minute = 60_000;
  const startsAt = new Date(Math.ceil((Date.now() + 10_000) / minute) * minute);
  const createGame = async (gameTitle: string, start: Date) => {
    const created = await page.request.post('/api/events', {
      data: {
        title: gameTitle,
        gameType: 'Soccer',
        timeZone: 'America/Chicago',
        startLocal: instantToLocal(start, 'America/Chicago'),
        endLocal: instantToLocal(new Date(start.getTime() + 90 * minute), 'America/Chicago'),
        placeId,
        slots: 10,
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const startingGameId = await createGame(`${title} today`, startsAt);
  const joined = await added.page.request.post(`/api/events/${startingGameId}/parties`, {
    data: { occurrenceStartsAt: startsAt.toISOString() },
  });
  expect(joined.status()).toBe(201);
  const eventId = await createGame(title, new Date(`${daysFromNow(3)}T18:00:00Z`));

  await page.goto(`/discover/events/${eventId}/manage`);
  const addSection = page.getByRole('region', { name: 'Add a player' });
  await addSection.getByLabel('Name or email').fill(added.person.email);
  await addSection.getByRole('button', { name: `Add ${added.person.name}` }).click();
  await expect(page.getByText(`${added.person.name} is in. We emailed them.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: added.person.name }).first()).toBeVisible();
  await latestMailTo(added.person.email, `You're in: ${title}`);

  const messageSection = page.getByRole('region', { name: 'Message players' });
  await messageSection.getByRole('radio', { name: 'Both' }).check();
  await messageSection.getByLabel('Subject').fill('Bring a dark shirt');
  await messageSection.getByLabel('Message').fill('We play darks against lights. See you there!');
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/organizer-shots/manage-${test.info().project.name}.png`, fullPage: true });
  await messageSection.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText('Sent to 1 person.')).toBeVisible();
  await expect(messageSection.getByLabel('Subject')).toHaveValue('');
  await latestMailTo(added.person.email, `Bring a dark shirt (${title})`);

  // Once the game has started, each joined player is marked present or a no-show, and it stays.
  await page.waitForTimeout(Math.max(0, startsAt.getTime() - Date.now() + 1_000));
  await page.goto(`/discover/events/${startingGameId}/manage`);
  const attendance = page.getByRole('radiogroup', { name: `Attendance: ${added.person.name}` });
  await attendance.getByRole('radio', { name: 'Present' }).check();
  await expect(attendance.getByRole('radio', { name: 'Present' })).toBeChecked();
  await page.screenshot({
    path: `/tmp/organizer-shots/attendance-${test.info().project.name}.png`,
    fullPage: true,
  });
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: `Attendance: ${added.person.name}` }).getByRole('radio', { name: 'Present' }),
  ).toBeChecked();
  await organizer.context.close();
  await added.context.close();
});
