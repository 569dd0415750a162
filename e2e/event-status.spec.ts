import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';

/** Whether two boxes on the screen overlap. */
async function overlap(a: Locator, b: Locator) {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) return false;
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

/** A game for one, already taken by its organizer's friend: whoever joins next waits. */
async function fullGame(page: Page) {
  const word = uniqueWord('st');
  const names = { placeName: `Court ${word}`, title: `Status ${word}` };
  // Dodgeball, which no other journey plays: discover can be filtered to it (soonest-first lists
  // fill up with other journeys' games).
  const { eventId } = await createPlaceAndGame(page, { ...names, gameType: 'Dodgeball' });
  const event = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
    event: Record<string, unknown> & { place: { id: string } };
    occurrence: { startsAt: string };
  };
  // One spot, then the organizer takes it.
  const { event: current } = event;
  const edit = await page.request.put(`/api/events/${eventId}`, {
    data: {
      title: current.title,
      gameType: current.gameType,
      description: null,
      timeZone: current.timeZone,
      startLocal: current.startLocal,
      endLocal: current.endLocal,
      repeat: null,
      placeId: current.place.id,
      teamId: null,
      slots: 1,
    },
  });
  expect(edit.status()).toBe(200);
  const join = await page.request.post(`/api/events/${eventId}/parties`, {
    data: { occurrenceStartsAt: event.occurrence.startsAt, friends: 0, guest: null },
  });
  expect(join.status()).toBe(201);
  return { eventId, ...names };
}

test('a waitlisted game says so on home, discover and the event page; leaving asks first @mobile', async ({
  browser,
  page,
}) => {
  const organizerContext = await browser.newContext();
  const organizer = await organizerContext.newPage();
  await signUpWithProfile(organizer, newPerson('Host'));
  const { eventId, title } = await fullGame(organizer);

  await signUpWithProfile(page, newPerson('Waiter'));
  await page.goto(`/discover/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const phone = (page.viewportSize()?.width ?? 1280) < 992;
  const bar = page.getByRole('region', { name: 'Your spot' });
  if (phone) {
    // On a phone the primary action stays on screen, in a bar at the bottom, at any scroll.
    await page.mouse.wheel(0, 5000);
    await expect(bar.getByRole('button', { name: 'Join waitlist' })).toBeInViewport();
  }
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  const notice = page.getByText('You are on the waitlist.', { exact: true });
  await expect(notice).toBeVisible();
  await expect(page.getByText(/You are on the waitlist, number 1 in line/)).toBeVisible();
  if (phone) {
    // The notice never covers the control it is about.
    await expect(bar.getByRole('button', { name: 'Leave the waitlist' })).toBeInViewport();
    expect(await overlap(notice, bar)).toBe(false);
  }
  await expectAccessible(page);

  // Home's upcoming events: waiting, never shown as going.
  await page.goto('/home');
  const upcoming = page.getByRole('list', { name: 'Your upcoming events' });
  const item = upcoming.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(item.getByText('Waitlist #1', { exact: true })).toBeVisible();
  await expect(item.getByText('Going', { exact: true })).toHaveCount(0);

  // Discover lists the same.
  await page.goto('/discover/events?gameType=Dodgeball');
  const games = page.getByRole('list', { name: 'Games' });
  const listed = games.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(listed.getByText('Waitlist #1', { exact: true })).toBeVisible();
  await expect(listed.getByText('Going', { exact: true })).toHaveCount(0);

  // The organizer plays in their own game: a party comes before the organizer role.
  await organizer.goto('/discover/events?gameType=Dodgeball');
  const theirs = organizer
    .getByRole('list', { name: 'Games' })
    .getByRole('listitem')
    .filter({ has: organizer.getByRole('link', { name: title }) });
  await expect(theirs.getByText('Going', { exact: true })).toBeVisible();

  // Leaving the waitlist asks first; staying changes nothing.
  await page.goto(`/discover/events/${eventId}`);
  await page.getByRole('button', { name: 'Leave the waitlist' }).click();
  const confirm = page.getByRole('dialog', { name: 'Leave the waitlist?' });
  await expect(confirm.getByText(/You lose your place in line/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Stay on the waitlist' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(/You are on the waitlist, number 1 in line/)).toBeVisible();
  await page.getByRole('button', { name: 'Leave the waitlist' }).click();
  await page
    .getByRole('dialog', { name: 'Leave the waitlist?' })
    .getByRole('button', { name: 'Leave the waitlist' })
    .click();
  await expect(page.getByRole('button', { name: 'Join waitlist' })).toBeVisible();

  await organizerContext.close();
});
