import type { Browser } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { latestMailTo } from './support/outbox.ts';
import { signUpWithProfile } from './support/people.ts';

/** Issue 12: what happened to you, on the bell, the notifications page and in the mail. */

async function newSignedInPage(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  return { context, page, person };
}

test('a player joins an organizer’s game: the bell counts it live, the page lists it and opens the game, the mail went out @mobile', async ({
  browser,
}) => {
  const organizer = await newSignedInPage(browser, 'Organizer');
  const player = await newSignedInPage(browser, 'Player');
  const title = `Bell ${uniqueWord('run')}`;
  const { eventId } = await createPlaceAndGame(organizer.page, { placeName: `Court ${uniqueWord('c')}`, title });

  // The organizer is on their home page, with nothing unread.
  await organizer.page.goto('/home');
  const bell = organizer.page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The player joins from the event page.
  await player.page.goto(`/discover/events/${eventId}`);
  await player.page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(player.page.getByText('You’re in.', { exact: true })).toBeVisible();

  // The organizer's bell counts it without a reload (realtime).
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expectAccessible(organizer.page);

  await bell.click();
  await expect(organizer.page).toHaveURL(/\/notifications$/);
  await expect(organizer.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = organizer.page.getByRole('button', { name: `Unread: ${player.person.name} joined ${title}` });
  await expect(item).toBeVisible();
  // Push is offered, and the browser is asked nothing until the button is clicked.
  await expect(organizer.page.getByRole('button', { name: 'Turn on push' })).toBeVisible();
  await expectAccessible(organizer.page);

  await item.click();
  await expect(organizer.page).toHaveURL(new RegExp(`/discover/events/${eventId}\\?occurrence=`));
  await expect(organizer.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  // Back on the list, the item reads as read; and the mail is in the outbox.
  await organizer.page.goto('/notifications');
  await expect(
    organizer.page.getByRole('button', { name: `${player.person.name} joined ${title}`, exact: true }),
  ).toBeVisible();
  await latestMailTo(organizer.person.email, `${player.person.name} joined ${title}`);

  await organizer.context.close();
  await player.context.close();
});
