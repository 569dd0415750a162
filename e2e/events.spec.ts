import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

/** A local date some days from now, 'YYYY-MM-DD' (the form takes wall-clock times). */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function newSignedInPage(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  return { context, page, person };
}

/** Zilker Park, Austin: a fixed point and its 9-character geohash (spec §7). */
const zilker = { lat: 30.2669, lng: -97.7729, geohash: '9v6kpjgvq' };

async function createEventThroughApi(page: Page, title: string, slots: number) {
  const place = await page.request.post('/api/places', {
    data: { name: `Zilker court ${Date.now().toString(36)}`, address: '2100 Barton Springs Rd, Austin, TX', ...zilker },
  });
  expect(place.status()).toBe(201);
  const { id: placeId } = (await place.json()) as { id: string };
  const event = await page.request.post('/api/events', {
    data: {
      title,
      gameType: 'Basketball',
      description: 'Full court, bring a light and a dark shirt.',
      timeZone: 'America/Chicago',
      startLocal: `${daysFromNow(5)}T18:30`,
      endLocal: `${daysFromNow(5)}T20:00`,
      placeId,
      slots,
    },
  });
  expect(event.status()).toBe(201);
  return ((await event.json()) as { id: string }).id;
}

test('an organizer runs a weekly game: a player joins, the waitlist is offered the freed spot, and it is claimed @postgres', async ({
  browser,
}) => {
  // Three people in three browser contexts, pages checked with axe: one of the longest journeys; under
  // CI's full load it once ran past two minutes.
  test.slow();
  const organizer = await newSignedInPage(browser, 'Organizer');
  const { page } = organizer;
  const title = `Zilker Thursday ${Date.now().toString(36)}`;
  const placeName = `Zilker court ${Date.now().toString(36)}`;
  const date = daysFromNow(8);

  await page.goto('/events/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
  await expectAccessible(page);

  // The shared schema's messages show beside the fields before anything is sent.
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Title must be at least 3 characters.')).toBeVisible();
  await expect(page.getByText('Choose a place.')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Game type' }).click();
  await page.getByRole('option', { name: 'Soccer', exact: true }).click();
  await page.getByLabel('Description').fill('Small-sided, all welcome.');

  // A new place: pick the city, then name it; the browser computes its geohash.
  await page.getByRole('combobox', { name: 'Place' }).fill('Austin');
  await page.getByRole('option', { name: 'New place in Austin, TX' }).click();
  await expect(page.getByRole('group', { name: 'New place' })).toBeVisible();
  await page.getByLabel('Name of the place').fill(placeName);
  await page.getByRole('combobox', { name: 'Address' }).fill('2100 Barton Springs Rd, Austin, TX');

  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/Chicago');
  await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
  await page.getByLabel('Starts').fill(`${date}T18:30`);
  await expect(page.getByLabel('Ends', { exact: true })).toHaveValue(`${date}T20:00`);
  await page.getByText('Weekly', { exact: true }).click();
  await expect(page.getByRole('group', { name: 'Repeats on' })).toBeVisible();
  // How long it repeats is a choice (issue 11): no number of times is filled in for you.
  await page.getByRole('radio', { name: 'After a number of times' }).check();
  await expect(page.getByRole('textbox', { name: 'Number of times' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Number of times' }).fill('6');
  await page.getByLabel('Spots').fill('1');
  // Open to everyone unless the organizer says otherwise (decision 022).
  await expect(page.getByRole('combobox', { name: 'Who can play' })).toHaveValue('Anyone');
  await page.getByRole('combobox', { name: 'Who can play' }).click();
  await page.getByRole('option', { name: "Women's", exact: true }).click();
  // Guests (no account) bring at most this many friends (issue 10); 2 unless the organizer changes it.
  await expect(page.getByLabel('Friends a guest may bring')).toHaveValue('2');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create event' }).click();

  await expect(page).toHaveURL(/\/discover\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: placeName })).toBeVisible();
  await expect(page.getByText(/^Weekly on .*, 6 times$/)).toBeVisible();
  await expect(page.getByText(/^America\/Chicago \(C[DS]T\)$/).first()).toBeVisible();
  await expect(page.getByText('1 spot left of 1')).toBeVisible();
  await expect(page.getByText("Women's", { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Map of ${placeName}` }).getByRole('button', { name: placeName }),
  ).toBeVisible();
  await expectAccessible(page);
  const eventPath = new URL(page.url()).pathname;
  const eventId = eventPath.split('/').at(-1) ?? '';

  // Favourite (the count follows), share and add to calendar.
  // The count changes at once on screen; the reload waits for the server's answer (a reload made
  // before the request has left would cancel it, as it would a person's).
  const favourited = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/favorite`),
  );
  await page.getByRole('button', { name: 'Favourite · 0' }).click();
  await expect(page.getByRole('button', { name: 'Favourite · 1' })).toHaveAttribute('aria-pressed', 'true');
  expect((await favourited).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourite · 1' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(/^Link copied/).or(page.getByLabel('Link to this game'))).toBeVisible();
  // The date shown goes to the calendar on its own; the organizer may also add the whole series.
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    new RegExp(`^/api/events/${eventId}/calendar\\.ics\\?occurrence=`),
  );
  await expect(page.getByRole('link', { name: 'Add the whole series' })).toHaveAttribute(
    'href',
    `/api/events/${eventId}/calendar.ics`,
  );

  // A second player finds it on the discover map (soccer on that day) and joins in one click.
  const second = await newSignedInPage(browser, 'Striker');
  await second.page.goto(`/discover?gameType=Soccer&from=${date}&to=${date}`);
  const map = second.page.getByRole('region', { name: 'Map of games' });
  const marker = map.getByRole('button', { name: `${title} at ${placeName}` });
  await marker.focus();
  await second.page.keyboard.press('Enter');
  await map.getByRole('link', { name: title }).click();
  await expect(second.page).toHaveURL(new RegExp(`/discover/events/${eventId}$`));
  await expect(second.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await second.page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(second.page.getByText('You’re in.', { exact: true })).toBeVisible();
  await expect(second.page.getByText('Full (1 spot)')).toBeVisible();
  await expectAccessible(second.page);

  // A third finds it full and joins the waitlist.
  const third = await newSignedInPage(browser, 'Keeper');
  await third.page.goto(`/evt/${eventId}`); // the short share address
  await expect(third.page.getByText(second.person.name)).toBeVisible();
  await third.page.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(third.page.getByText(/You are on the waitlist, number 1 in line/)).toBeVisible();

  // The second leaves: the spot is offered to the third (auto-promote is off by default).
  // Leaving asks first, and says the spot goes to the person waiting.
  await second.page.getByRole('button', { name: 'Leave', exact: true }).click();
  const confirm = second.page.getByRole('dialog', { name: 'Leave this game?' });
  await expect(confirm.getByText(/^Your spot goes to the next person on the waitlist\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(second.page.getByRole('button', { name: 'Join waitlist' })).toBeVisible();

  await third.page.reload();
  await expect(third.page.getByText('A spot opened up for you')).toBeVisible();
  await expect(third.page.getByText(/Claim it before the offer ends: \d+ h( \d+ min)? left\./)).toBeVisible();
  await expectAccessible(third.page);
  await third.page.getByRole('button', { name: 'Claim spot' }).click();
  await expect(third.page.getByText('You’re in.', { exact: true })).toBeVisible();

  // The organizer manages it (the old games/{id}/manage address redirects) and sees the third joined.
  await page.goto(`/games/${eventId}/manage`);
  await expect(page).toHaveURL(new RegExp(`/discover/events/${eventId}/manage$`));
  await expect(page.getByRole('heading', { level: 1, name: `Manage: ${title}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Joined (1)' })).toBeVisible();
  await expect(page.getByText(third.person.name)).toBeVisible();
  await expect(page.getByText(second.person.name)).toHaveCount(0);
  await expect(page.getByText('Nobody is waiting.')).toBeVisible();
  await page.getByRole('switch', { name: `Checked in: ${third.person.name}` }).click();
  await expect(page.getByRole('switch', { name: `Checked in: ${third.person.name}` })).toBeChecked();
  await expectAccessible(page);

  // Someone who does not run the event is told so.
  await second.page.goto(`/discover/events/${eventId}/manage`);
  await expect(second.page.getByText('You can’t manage this event')).toBeVisible();
  await expectAccessible(second.page);

  await organizer.context.close();
  await second.context.close();
  await third.context.close();
});

test('an organizer reorders the waitlist with the keyboard and cancels the event', async ({ browser }) => {
  const organizer = await newSignedInPage(browser, 'Host');
  const title = `Reorder Run ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(organizer.page, title, 1);
  const players = [];
  for (const label of ['Ana', 'Ben', 'Cai']) {
    const player = await newSignedInPage(browser, label);
    const occurrence = (await (await player.page.request.get(`/api/events/${eventId}`)).json()) as {
      occurrence: { startsAt: string };
    };
    const joined = await player.page.request.post(`/api/events/${eventId}/parties`, {
      data: { occurrenceStartsAt: occurrence.occurrence.startsAt, friends: 0 },
    });
    expect(joined.status()).toBe(201);
    players.push(player);
  }
  const [ana, ben, cai] = players.map((player) => player.person.name);

  const { page } = organizer;
  await page.goto(`/discover/events/${eventId}/manage`);
  await expect(page.getByRole('heading', { name: 'Waitlist (2)' })).toBeVisible();
  const waitlist = page.getByRole('list').filter({ hasText: `${cai}` });
  await expect(waitlist.getByRole('listitem')).toHaveText([new RegExp(`^1\\.${ben}`), new RegExp(`^2\\.${cai}`)]);
  await page.getByRole('button', { name: `Move ${cai} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(waitlist.getByRole('listitem')).toHaveText([new RegExp(`^1\\.${cai}`), new RegExp(`^2\\.${ben}`)]);
  // The keyboard stays with the moved party.
  await expect(page.getByRole('button', { name: `Move ${cai} down` })).toBeFocused();
  await expect(page.getByText(ana ?? '')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();

  await page.goto(`/discover/events/${eventId}`);
  await expect(page.getByText('This event was cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Join/ })).toHaveCount(0);
  await expectAccessible(page);
  for (const player of [organizer, ...players]) await player.context.close();
});

test('the event view works at 375 px, and a visitor joins as a guest @mobile', async ({ browser, page }) => {
  const organizer = await newSignedInPage(browser, 'Captain');
  const title = `Guest Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(organizer.page, title, 8);
  await organizer.context.close();

  await page.goto(`/discover/games/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('8 spots left of 8')).toBeVisible();
  // Nothing runs off the side of a phone screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Join as a guest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join this game' });
  await dialog.getByLabel('Your name').fill('Gus Guest');
  const guestEmail = `gus-${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel('Email').fill(guestEmail);
  // Guests bring at most the organizer's cap (2 unless changed).
  await expect(dialog.getByText('Up to 2; they count as spots too.')).toBeVisible();
  await dialog.getByLabel('Bring friends').fill('1');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Join', exact: true }).click();
  // The answer is the same whether or not the email has an account; the mail says what happened.
  await expect(page.getByText(`Thanks, Gus Guest. We’ve sent the details to ${guestEmail}.`)).toBeVisible();
  await expect(page.getByText('6 spots left of 8')).toBeVisible();
  await expect(page.getByText('Gus Guest +1')).toBeVisible();
  await expect(page.getByText('Guest', { exact: true })).toBeVisible();
});

test('a team organizer starts a team event from the team page; calendar links are made and revoked in settings', async ({
  page,
}) => {
  await signUpWithProfile(page, newPerson('Coach'));
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Event FC ${Date.now().toString(36)}`,
      gameType: 'Soccer',
      description: null,
      city: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  const team = (await created.json()) as { id: string; name: string };
  const title = `Team Training ${Date.now().toString(36)}`;

  await page.goto(`/team/${team.id}`);
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
  await expect(page.getByText('No upcoming events.')).toBeVisible();
  await page.getByRole('link', { name: 'New event' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/new\\?teamId=${team.id}$`));
  // "An Event FC event" (a/an by sound), and the form starts with the team's game type.
  await expect(page.getByText(`An ${team.name} event`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Game type' })).toHaveValue('Soccer');

  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Place' }).fill('Austin');
  await page.getByRole('option', { name: 'New place in Austin, TX' }).click();
  await page.getByLabel('Name of the place').fill(`Team pitch ${Date.now().toString(36)}`);
  await page.getByRole('combobox', { name: 'Address' }).fill('500 E Cesar Chavez St, Austin, TX');
  await page.getByLabel('Starts').fill(`${daysFromNow(3)}T19:00`);
  await page.getByLabel(`Team only: members of ${team.name}`).check();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Team only')).toBeVisible();
  await expect(page.getByRole('link', { name: team.name })).toBeVisible();

  await page.goto(`/team/${team.id}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/settings?tab=notification');
  await expect(page.getByText('You have no calendar links yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New feed for my games' }).click();
  const feed = page.getByRole('textbox', { name: 'My games' });
  await expect(feed).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  const feedUrl = new URL(await feed.inputValue());
  expect((await page.request.get(feedUrl.pathname)).status()).toBe(200);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Revoke the link for My games' }).click();
  await expect(page.getByText('You have no calendar links yet.')).toBeVisible();
  expect((await page.request.get(feedUrl.pathname)).status()).toBe(404);
});
