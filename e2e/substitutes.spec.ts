import { instantToLocal } from '@huddle/shared/event-occurrences';
import { geohashOf } from '@huddle/shared/places';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { firstLinkIn, latestMailTo } from './support/outbox.ts';
import { austin, signUpWithProfile } from './support/people.ts';

/**
 * Issue 12, substitutes on demand: a game three hours away is short of players; its organizer
 * turns substitutes on, a nearby substitute who is free today gets the invitation, opens it and
 * joins with one tap; the organizer sees the answer.
 */

async function newSignedInPage(browser: Browser, label: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  // Journeys run side by side: a name of its own tells this substitute apart in the organizer's list.
  const person = { ...newPerson(label), name: `${label} ${uniqueWord('')}` };
  await signUpWithProfile(page, person);
  return { context, page, person };
}

/** Usable at 375 px: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(viewport!);
}

const zone = 'America/Chicago';
/** A wall-clock time in Chicago some minutes from now, on a whole 5 minutes. */
const chicagoIn = (minutes: number) => {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setUTCMinutes(at.getUTCMinutes() - (at.getUTCMinutes() % 5), 0, 0);
  return instantToLocal(at, zone);
};

test('an organizer turns substitutes on; a nearby substitute is invited, joins with one tap, and the organizer sees it @mobile', async ({
  browser,
}, testInfo) => {
  // The desktop and phone runs go side by side with substitutes in the same city: a game type
  // each (and no other journey plays) keeps each run's substitute out of the other's game.
  const gameType = testInfo.project.name === 'mobile' ? 'Padel' : 'Cricket';
  const organizer = await newSignedInPage(browser, 'Organizer');
  // The substitute reads the invitation on a phone.
  const substitute = await newSignedInPage(browser, 'Sub', { width: 375, height: 740 });

  // The substitute's profile: "Play as a substitute", plays the run's game type, free all of
  // today and tomorrow in Chicago (a night game may cross midnight).
  const start = chicagoIn(180);
  const end = chicagoIn(300);
  const profile = await substitute.page.request.put('/api/me/profile', {
    data: {
      displayName: substitute.person.name,
      fullName: `${substitute.person.name} Player`,
      defaultCity: austin,
      games: [gameType],
      pronouns: null,
      bio: null,
      joinReason: 'Substitute',
    },
  });
  expect(profile.status()).toBe(200);
  const unavailable = { isAvailable: false, ranges: [] };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const allDay = [{ start: '00:00', end: '23:59' }];
  const availability = await substitute.page.request.put('/api/me/availability', {
    data: {
      weekly: Object.fromEntries(days.map((day) => [day, unavailable])),
      dates: [...new Set([start.slice(0, 10), end.slice(0, 10)])].map((date) => ({ date, ranges: allDay })),
    },
  });
  expect(availability.status()).toBe(200);

  // The organizer's game, at the substitute's city, three hours from now, two spots.
  const { page } = organizer;
  const title = `Evening cricket ${uniqueWord('c')}`;
  const place = await page.request.post('/api/places', {
    data: {
      name: `Pease Park ${uniqueWord('p')}`,
      address: '1100 Kingsbury St, Austin, TX',
      lat: austin.lat,
      lng: austin.lng,
      geohash: geohashOf(austin.lat, austin.lng),
    },
  });
  expect(place.status()).toBe(201);
  const event = await page.request.post('/api/events', {
    data: {
      title,
      gameType,
      timeZone: zone,
      startLocal: start,
      endLocal: end,
      placeId: ((await place.json()) as { id: string }).id,
      slots: 2,
    },
  });
  expect(event.status()).toBe(201);
  const eventId = ((await event.json()) as { id: string }).id;

  await page.goto(`/discover/events/${eventId}/manage`);
  const section = page.getByRole('region', { name: 'Substitutes' });
  await expect(section.getByText('Nobody has been invited to this date.')).toBeVisible();
  await section.getByRole('switch', { name: 'Invite substitutes when short' }).check();
  await section.getByRole('textbox', { name: 'Hours before the start' }).fill('6');
  await section.getByRole('textbox', { name: 'Radius' }).fill('10');
  await section.getByRole('button', { name: 'Save substitute settings' }).click();
  await expect(page.getByText('Substitute settings saved.')).toBeVisible();
  // The invitations go out from a queued job: the list shows them once it has run.
  const invited = page
    .getByRole('region', { name: 'Substitutes' })
    .getByRole('listitem')
    .filter({ hasText: substitute.person.name });
  // Each reload gets time to render on a loaded machine (1 s per try failed under CI's load).
  await expect(async () => {
    await page.reload();
    await expect(invited).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(invited.getByText('No answer yet')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The invitation reaches the substitute by mail, linking to the date; Join is the first thing there.
  const mail = await latestMailTo(substitute.person.email);
  expect(mail.subject).toBe(`Play as a substitute: ${title}`);
  const link = firstLinkIn(mail);
  expect(link).toContain(`/discover/events/${eventId}?occurrence=`);
  const sub = substitute.page;
  await sub.goto(link);
  const invitation = sub.getByRole('region', { name: 'You’re invited to play as a substitute' });
  await expect(invitation).toBeVisible();
  await expectAccessible(sub);
  await invitation.getByRole('button', { name: 'Join this game' }).click();
  await expect(sub.getByText('You’re in. See you there!')).toBeVisible();
  await expect(invitation).toBeHidden();
  await expectNoSidewaysScroll(sub);

  // The organizer sees the answer.
  await page.reload();
  await expect(invited.getByText('Joined', { exact: true })).toBeVisible();

  await organizer.context.close();
  await substitute.context.close();
});
