import type { Browser } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, nearAustin, uniqueWord } from './support/games.ts';
import { austin, signUpWithProfile } from './support/people.ts';

/**
 * Issue 34 part 1, "Find a time" (decision 079): the organizer of a team whose players gave their
 * availability sees ranked times with names, and creates a game from one with the form prefilled.
 */

const everyEvening = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    { isAvailable: true, ranges: [{ start: '17:00', end: '21:30' }] },
  ]),
);

async function newPlayer(browser: Browser, label: string, teamId: string, withAvailability: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  expect((await page.request.post(`/api/teams/${teamId}/join`)).status()).toBe(200);
  if (withAvailability) {
    const saved = await page.request.put('/api/me/availability', {
      data: { weekly: everyEvening, dates: [], timeZone: 'America/Chicago' },
    });
    expect(saved.status()).toBe(200);
  }
  await context.close();
  return person;
}

test('an organizer finds the time most players can make and creates the game from it @mobile', async ({
  browser,
  page,
}) => {
  // The organizer lives where the team's field is: place suggestions are nearest first, so theirs
  // comes first whatever other journeys' places are called.
  // Five sign-ups and a team before the page: more than the default two minutes on a busy machine.
  test.setTimeout(240_000);
  const home = nearAustin();
  const organizer = newPerson('Captain');
  await signUpWithProfile(page, organizer, { defaultCity: { ...austin, ...home } });
  const teamName = `Kickers ${uniqueWord('fat')}`;
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: teamName,
      gameType: 'Soccer',
      description: null,
      city: austin,
      timeZone: 'America/Chicago',
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { id: string }).id;
  const placeName = `Field ${uniqueWord('pl')}`;
  await createPlaceAndGame(page, { placeName, title: `${teamName} warm-up`, at: home });

  const players = [];
  for (const label of ['Ava', 'Ben', 'Cleo']) players.push(await newPlayer(browser, label, teamId, true));
  const silent = await newPlayer(browser, 'Quiet', teamId, false);

  // The team page offers it to its organizer.
  await page.goto(`/team/${teamId}`);
  await page.getByRole('link', { name: 'Find a time' }).click();
  await expect(page.getByRole('heading', { name: 'Find a time', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole('combobox', { name: 'Place (optional)' }).fill(placeName);
  await page.getByRole('option', { name: placeName, exact: true }).click();
  await page.getByRole('button', { name: 'Find times' }).click();

  const slots = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Create game' }) });
  const first = slots.getByRole('listitem').first();
  await expect(first).toContainText('3 of 5 free');
  await expect(page.getByText(/2 of 5 members have not given their availability yet/)).toBeVisible();
  await first.getByRole('button', { name: 'Who can come' }).click();
  for (const player of players) await expect(first.getByText(new RegExp(player.name))).toBeVisible();
  await expect(first.getByText(new RegExp(silent.name))).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // A poll takes 2 to 5 picks.
  const sendPoll = page.getByRole('button', { name: /^Send a poll/ });
  await expect(sendPoll).toBeDisabled();
  await first.getByRole('checkbox', { name: 'Pick for a poll' }).check();
  await expect(sendPoll).toBeDisabled();
  await slots.getByRole('listitem').nth(1).getByRole('checkbox', { name: 'Pick for a poll' }).check();
  await expect(sendPoll).toBeEnabled();

  // "Create game" opens the event form at that time, with the team's name, the place and the spots.
  const createLink = first.getByRole('link', { name: 'Create game' });
  const href = new URL((await createLink.getAttribute('href'))!, 'http://huddle.test');
  const start = href.searchParams.get('start')!;
  await createLink.click();
  await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(teamName);
  await expect(page.getByLabel('Starts')).toHaveValue(start);
  await expect(page.getByRole('textbox', { name: 'Spots' })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: 'Place' })).toHaveValue(placeName);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/discover\/events\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: teamName })).toBeVisible();

  // "Send a poll" hands the two picked times, their length, the place and the team's name (the
  // poll's title, as Create game's) to the new-poll page.
  await page.goto(`/teams/${teamId}/find-a-time`);
  await page.getByRole('combobox', { name: 'Place (optional)' }).fill(placeName);
  await page.getByRole('option', { name: placeName, exact: true }).click();
  await page.getByRole('button', { name: 'Find times' }).click();
  for (const index of [0, 1]) {
    await slots.getByRole('listitem').nth(index).getByRole('checkbox', { name: 'Pick for a poll' }).check();
  }
  await page.getByRole('button', { name: /^Send a poll/ }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/polls/new$`));
  for (const label of ['Time 1: date', 'Time 1: start', 'Time 2: date', 'Time 2: start']) {
    await expect(page.getByLabel(label)).not.toHaveValue('');
  }
  await expect(page.getByLabel('Time 3: date')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Place (optional)' })).toHaveValue(placeName);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(teamName);
});
