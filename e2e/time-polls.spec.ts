import { mkdirSync } from 'node:fs';
import { localToInstant } from '@huddle/shared/event-occurrences';
import { geohashOf } from '@huddle/shared/places';
import type { Browser } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test } from './support/fixtures.ts';
import { daysFromNow, nearAustin, uniqueWord } from './support/games.ts';
import { firstLinkIn, latestMailTo } from './support/outbox.ts';
import { austin, signUpWithProfile } from './support/people.ts';

/**
 * Issue 34 part 1, time polls (decision 080): the organizer sends 3 times, a member votes signed
 * in, another votes through the mailed link without signing in, the organizer watches the
 * results arrive live and closes the poll: the game exists and the members hear of it.
 */

const shots = '/tmp/time-polls-shots';

async function newSignedInPage(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  return { context, page, person };
}

test('an organizer polls the team on 3 times, members vote signed in and by the mailed link, the organizer closes it into a game @mobile', async ({
  browser,
}, testInfo) => {
  // Three people, four pages and a game: longer than one journey's default minutes on a busy machine.
  test.slow();
  mkdirSync(shots, { recursive: true });
  const organizer = await newSignedInPage(browser, 'Organizer');
  const member = await newSignedInPage(browser, 'Member');
  const guest = await newSignedInPage(browser, 'Guest');
  const { page } = organizer;

  const team = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Poll FC ${uniqueWord('t')}`,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
      timeZone: 'America/Chicago',
    },
  });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { id: string }).id;
  const placeName = `Poll Park ${uniqueWord('p')}`;
  const at = nearAustin();
  const place = await page.request.post('/api/places', {
    data: {
      name: placeName,
      address: '301 W 2nd St, Austin, TX',
      lat: at.lat,
      lng: at.lng,
      geohash: geohashOf(at.lat, at.lng),
      description: null,
    },
  });
  expect(place.status()).toBe(201);
  for (const person of [member, guest]) {
    expect((await person.page.request.post(`/api/teams/${teamId}/join`)).status()).toBe(200);
  }

  // The organizer opens the new-poll page directly and types three times by hand.
  const title = `Poll game ${uniqueWord('g')}`;
  await page.goto(`/teams/${teamId}/polls/new`);
  await expect(page.getByRole('heading', { name: 'New time poll' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Place (optional)' }).fill(placeName.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(placeName) }).click();
  await page.getByLabel('Time 1: date').fill(daysFromNow(3));
  await page.getByLabel('Time 1: start').fill('18:00');
  await page.getByLabel('Time 2: date').fill(daysFromNow(4));
  await page.getByLabel('Time 2: start').fill('19:00');
  await page.getByRole('button', { name: 'Add a time' }).click();
  await page.getByLabel('Time 3: date').fill(daysFromNow(5));
  await page.getByLabel('Time 3: start').fill('18:30');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}/new-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send the poll' }).click();

  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Poll sent. Members can vote now.')).toBeVisible();
  const pollPath = new URL(page.url()).pathname;
  expect(pollPath).toMatch(new RegExp(`^/teams/${teamId}/polls/[0-9a-f-]{36}$`));
  const slots = page.getByTestId('slot-counts');
  await expect(slots).toHaveCount(3);
  await expect(slots.nth(0)).toHaveText('Yes 0 · If needed 0 · No 0');

  // The member finds the poll from the team page and votes signed in.
  await member.page.goto(`/team/${teamId}`);
  const card = member.page.getByRole('region', { name: 'Time polls' });
  await card.getByRole('link', { name: title }).click();
  await expect(member.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const memberBallots = member.page.getByRole('radiogroup');
  await memberBallots.nth(0).getByRole('radio', { name: 'Yes' }).check();
  await memberBallots.nth(1).getByRole('radio', { name: 'No' }).check();
  await memberBallots.nth(2).getByRole('radio', { name: 'If needed' }).check();
  await member.page.getByRole('button', { name: 'Save my votes' }).click();
  await expect(member.page.getByText('Your votes are saved.')).toBeVisible();
  await expectAccessible(member.page);

  // The organizer's open page shows the vote without a reload.
  await expect(slots.nth(0)).toHaveText('Yes 1 · If needed 0 · No 0', { timeout: 15_000 });
  await expect(page.getByRole('list', { name: /^Answers for / }).first()).toContainText(member.person.name);

  // The other member opens the mailed link in a browser where nobody is signed in.
  const mail = await latestMailTo(guest.person.email, `When can you play? ${title}`);
  const link = firstLinkIn(mail);
  expect(link).toMatch(/\/polls\/vote\/[A-Za-z0-9_-]{43}$/);
  const signedOut = await browser.newContext();
  const guestPage = await signedOut.newPage();
  await guestPage.goto(new URL(link).pathname);
  await expect(guestPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(guestPage.getByText(`Voting as ${guest.person.name}.`, { exact: false })).toBeVisible();
  const guestBallots = guestPage.getByRole('radiogroup');
  await guestBallots.nth(0).getByRole('radio', { name: 'Yes' }).check();
  await guestBallots.nth(1).getByRole('radio', { name: 'Yes' }).check();
  await guestPage.getByRole('button', { name: 'Save my votes' }).click();
  await expect(guestPage.getByText('Your votes are saved.')).toBeVisible();
  await expectAccessible(guestPage);
  await expectNoSidewaysScroll(guestPage);
  await guestPage.screenshot({ path: `${shots}/link-${testInfo.project.name}.png`, fullPage: true });

  // Live again on the organizer's page: the first time leads with two yes.
  await expect(slots.nth(0)).toHaveText('Yes 2 · If needed 0 · No 0', { timeout: 15_000 });
  await expect(slots.nth(1)).toHaveText('Yes 1 · If needed 0 · No 1');
  await expect(page.getByText('2 of 3 invited answered')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}/poll-${testInfo.project.name}.png`, fullPage: true });

  // The organizer closes on the suggested time (the first): the game is created and announced.
  const close = page.getByRole('region', { name: 'Close the poll' });
  await expect(close.getByRole('combobox', { name: 'Time to play' })).toHaveValue(/2 yes, 0 if needed \(best\)$/);
  await close.getByRole('button', { name: 'Close the poll and create the game' }).click();
  await expect(page.getByText('The game is on')).toBeVisible();
  const pollId = pollPath.split('/').at(-1)!;
  const { eventId } = (await (await page.request.get(`/api/time-polls/${pollId}`)).json()) as { eventId: string };
  await page.getByRole('link', { name: 'Open the game' }).click();
  await expect(page).toHaveURL(new RegExp(`/discover/events/${eventId}`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const game = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
    occurrence: { startsAt: string };
  };
  // The first time offered, 18:00 on the team's clock.
  expect(new Date(game.occurrence.startsAt).toISOString()).toBe(
    localToInstant(`${daysFromNow(3)}T18:00`, 'America/Chicago').toISOString(),
  );

  // The member hears of the game; the link's page shows the poll closed, votes no longer taken.
  const bell = await member.page.request.get('/api/me/notifications');
  expect(JSON.stringify(await bell.json())).toContain(`${title} is on`);
  await guestPage.reload();
  await expect(guestPage.getByText('The game is on')).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Save my votes' })).toHaveCount(0);

  await signedOut.close();
  for (const person of [organizer, member, guest]) await person.context.close();
});
