import type { Page } from '@playwright/test';
import { expect, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { appStarted, holdScripts, settledAfterHydration, watchHydration } from './support/hydration.ts';
import { signUpWithProfile } from './support/people.ts';

/**
 * Server rendering of the first page (issue 33, decision 075): an event's link arrives painted,
 * readable without JavaScript, and the app takes the markup over without a mismatch and without
 * asking the API for the event again.
 */

/** A game with one player in it (its organizer's friend is not needed: the organizer joins). */
async function gameWithOnePlayer(page: Page) {
  const word = uniqueWord('ssr');
  const names = { placeName: `Field ${word}`, title: `Rendered ${word}` };
  const { eventId } = await createPlaceAndGame(page, { ...names, slots: 10 });
  const view = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
    occurrence: { startsAt: string };
  };
  const join = await page.request.post(`/api/events/${eventId}/parties`, {
    data: { occurrenceStartsAt: view.occurrence.startsAt, friends: 0, guest: null },
  });
  expect(join.status()).toBe(201);
  return { eventId, ...names };
}

test('an event link opened without JavaScript shows its title, time, place and spots left @mobile', async ({
  browser,
  page,
}) => {
  await signUpWithProfile(page, newPerson('Host'));
  const { eventId, title, placeName } = await gameWithOnePlayer(page);

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await visitor.newPage();
  for (const address of [`/evt/${eventId}`, `/discover/events/${eventId}`, `/discover/games/${eventId}`]) {
    await noScript.goto(address);
    await expect(noScript.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // createPlaceAndGame: 6 to 8 PM in Chicago, three days from now; the zone is named.
    await expect(noScript.getByText(/, 6:00 PM – 8:00 PM$/)).toBeVisible();
    await expect(noScript.getByText(/^America\/Chicago \(C[DS]T\)$/)).toBeVisible();
    await expect(noScript.getByRole('link', { name: placeName })).toBeVisible();
    await expect(noScript.getByText('9 spots left of 10', { exact: true })).toBeVisible();
  }
  await visitor.close();
});

test('a server-rendered event page hydrates without a warning and asks nothing more of the API for the event @mobile', async ({
  browser,
  page,
  isMobile,
}) => {
  await signUpWithProfile(page, newPerson('Host'));
  const { eventId, title } = await gameWithOnePlayer(page);

  // A visitor: the page's own markup, then the live page (the guest form opens: React handles clicks).
  const visitorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const visitor = await visitorContext.newPage();
  const seen = watchHydration(visitor);
  const response = await visitor.goto(`/discover/events/${eventId}`);
  const visitorHtml = (await response?.text()) ?? '';
  expect(visitorHtml.includes(`>${title}</h1>`), 'the title in the HTML').toBe(true);
  expect(visitorHtml.includes('You’re in'), "the organizer's status in a visitor's HTML").toBe(false);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await settledAfterHydration(visitor);
  expect(seen.readsAfterHydration()).toEqual([]);
  // The place's map: beside the details on a desktop, started at once; below a phone's fold, started
  // as it is scrolled to (Leaflet is not part of the page's first seconds there).
  const map = visitor.getByRole('region', { name: `Map of Field ${title.slice('Rendered '.length)}` });
  if (isMobile) {
    const placeholder = visitor.getByRole('status', { name: 'Loading the map' });
    // Scrolled to 100 px short of it: not yet (it started 200 px ahead before, as the page's lines
    // settled or not: a phone's first seconds with Leaflet in them or without, by chance).
    await placeholder.evaluate((element) =>
      window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight - 100),
    );
    await visitor.evaluate(
      () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))),
    );
    await expect(map).toHaveCount(0);
    await placeholder.scrollIntoViewIfNeeded();
  }
  await expect(map).toBeVisible();
  await visitor.getByRole('button', { name: 'Join as a guest' }).click();
  await expect(visitor.getByRole('textbox', { name: 'Your name' })).toBeVisible();
  expect(seen.problems).toEqual([]);
  expect(seen.getsOf([`/api/events/${eventId}`])).toEqual([]);
  await visitorContext.close();

  // The organizer, signed in: their own status on the event, in the app shell, hydrated as well.
  const organizerSeen = watchHydration(page);
  const own = await page.goto(`/evt/${eventId}`);
  const html = (await own?.text()) ?? '';
  // Their own status and the organizer's link are in the server's markup (checked as booleans: a
  // failure would otherwise print the whole page).
  expect(html.includes(`>${title}</h1>`), 'the title in the HTML').toBe(true);
  expect(html.includes(`href="/discover/events/${eventId}/manage"`), 'Manage in the HTML').toBe(true);
  expect(html.includes('You’re in'), 'their own status in the HTML').toBe(true);
  await expect(page.getByRole('link', { name: 'Manage' })).toBeVisible();
  // Hydrated: the favourite button answers (its state came with the page; the event is not read again).
  const favourite = page.getByRole('button', { name: /^Favourite · / });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await expect(favourite).toHaveAttribute('data-favorites-state', 'success');
  // Started, and what its effects ask for asked (before the click below, which reads favourites again).
  await settledAfterHydration(page);
  // The app shell's counts (Messages, the bell) and the rest of what the page shows them came with
  // it too (issue 33): their favourites, their substitute invitation, the date's published teams.
  expect(organizerSeen.readsAfterHydration()).toEqual([]);
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  expect(organizerSeen.problems).toEqual([]);
  expect(organizerSeen.getsOf([`/api/events/${eventId}`])).toEqual([]);
});

test('a visitor in another time zone gets the game on their own clock, painted from their first page on, and hydrated without a warning or a shift @mobile', async ({
  browser,
  page,
}) => {
  await signUpWithProfile(page, newPerson('Host'));
  const { eventId, title } = await gameWithOnePlayer(page);
  // The game is 6 to 8 PM in Chicago; the visitor's browser is in New York.
  const visitorContext = await browser.newContext({
    timezoneId: 'America/New_York',
    viewport: page.viewportSize() ?? undefined,
  });
  const visitor = await visitorContext.newPage();
  const yourTime = visitor.getByText(/^Your time: .*, 7:00 PM – 9:00 PM \(America\/New_York \(E[DS]T\)\)$/);
  const spots = visitor.getByText('9 spots left of 10', { exact: true });

  // A first visit: the server cannot know the zone; the page's own inline script says the line
  // before the first paint (the app's scripts are held back here: it is not the app's doing).
  const firstSeen = watchHydration(visitor);
  const release = await holdScripts(visitor);
  const first = await visitor.goto(`/discover/events/${eventId}`);
  expect(((await first?.text()) ?? '').includes('>Your time'), 'the words in the first HTML').toBe(false);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(yourTime).toBeVisible();
  await expect(visitor.locator(appStarted)).toHaveCount(0);
  const before = await spots.boundingBox();
  // The app takes the page over: the same line, nothing below it moved, no warning.
  release();
  await settledAfterHydration(visitor);
  await expect(yourTime).toHaveCount(1);
  await expect(yourTime).toBeVisible();
  expect(await spots.boundingBox()).toEqual(before);
  expect(firstSeen.problems).toEqual([]);

  // The page wrote the browser's zone as it loaded: the next page is rendered with the line's words
  // in it, and hydrates with them, without a warning.
  const seen = watchHydration(visitor);
  const second = await visitor.goto(`/evt/${eventId}`);
  expect(((await second?.text()) ?? '').includes('>Your time'), 'the line in the second HTML').toBe(true);
  await expect(visitor.locator(appStarted)).toHaveCount(1);
  await expect(yourTime).toBeVisible();
  expect(seen.problems).toEqual([]);
  await visitorContext.close();

  // A visitor on the game's own clock gets no line, before the app or after.
  const local = await browser.newContext({ timezoneId: 'America/Chicago', viewport: page.viewportSize() ?? undefined });
  const localPage = await local.newPage();
  const localSeen = watchHydration(localPage);
  await localPage.goto(`/discover/events/${eventId}`);
  await settledAfterHydration(localPage);
  await expect(localPage.getByText(/^Your time/)).toHaveCount(0);
  expect(localSeen.problems).toEqual([]);
  await local.close();
});
