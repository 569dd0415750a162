import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { firstLinkIn, latestMailTo } from './support/outbox.ts';
import { signUpWithProfile } from './support/people.ts';

async function personIn(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  await signUpWithProfile(page, person);
  const id = ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  return { page, person, id, context };
}

/** A 1×1 PNG: enough for the upload to re-encode and store. */
const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

function thread(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

/** The image's bytes arrived and decoded: a refused or missing photo shows a broken image, still "visible". */
async function expectPhotoLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}

test('two people message each other live; the title counts unread; a block stops the other from writing @postgres', async ({
  browser,
}) => {
  const a = await personIn(browser, 'Sender');
  const b = await personIn(browser, 'Receiver');

  // Counts the chimes B's pages play (each page makes one AudioContext, at its first chime).
  await b.page.addInitScript(() => {
    const counted = window as unknown as { chimes: number };
    counted.chimes = 0;
    window.AudioContext = class extends window.AudioContext {
      constructor(options?: AudioContextOptions) {
        super(options);
        counted.chimes++;
      }
    };
  });
  const chimes = () => b.page.evaluate(() => (window as unknown as { chimes: number }).chimes);

  // B is on another page, connected.
  await b.page.goto('/discover');
  await expect(b.page).toHaveTitle('Discover | Huddle');

  // A starts the conversation from B's public profile.
  await a.page.goto(`/profile/${b.id}`);
  await a.page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(a.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(a.page.getByRole('heading', { level: 2, name: b.person.name })).toBeVisible();
  await composer(a.page).fill('Pickup tonight at 7? Details: https://example.com/court');
  await composer(a.page).press('Enter');
  await expect(thread(a.page).getByText('Pickup tonight at 7?')).toBeVisible();
  await expect(thread(a.page).getByRole('link', { name: 'https://example.com/court' })).toBeVisible();
  await expect(a.page.getByText('Sending…')).toHaveCount(0);

  // B's title counts it without a reload, with a chime.
  await expect(b.page).toHaveTitle('(1) Discover | Huddle');
  await expect.poll(chimes).toBe(1);
  // What was unread on arrival stays silent: a page that loads with one unread does not chime.
  await b.page.reload();
  await expect(b.page).toHaveTitle('(1) Discover | Huddle');
  await expect(b.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  expect(await chimes()).toBe(0);
  await b.page.getByRole('link', { name: 'Messages, 1 unread' }).click();
  const conversation = b.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Sender/ });
  await expect(conversation.getByLabel('1 unread')).toBeVisible();
  await conversation.click();
  await expect(thread(b.page).getByText('Pickup tonight at 7?')).toBeVisible();
  await expect(thread(b.page).getByRole('separator', { name: 'Today' })).toBeVisible();
  // Opening it read it.
  await expect(b.page).toHaveTitle('Messages | Huddle');
  await expectAccessible(b.page);

  // B replies; A sees it arrive in the open thread.
  await composer(b.page).fill('Yes, count me in');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(thread(a.page).getByText('Yes, count me in')).toBeVisible();

  // A loses the connection: the message stays with Retry, and nothing is lost.
  await a.context.setOffline(true);
  await composer(a.page).fill('Are you bringing a ball?');
  await composer(a.page).press('Enter');
  await expect(a.page.getByText('Not sent. We could not reach Huddle.', { exact: false })).toBeVisible();
  await expect(thread(a.page).getByText('Are you bringing a ball?')).toBeVisible();
  // B writes meanwhile; A gets it once back (live, or fetched after the last message on reconnect).
  await composer(b.page).fill('I will bring two');
  await composer(b.page).press('Enter');
  await a.context.setOffline(false);
  await thread(a.page).getByRole('button', { name: 'Retry' }).click();
  await expect(thread(b.page).getByText('Are you bringing a ball?')).toBeVisible();
  await expect(a.page.getByText('Not sent.', { exact: false })).toHaveCount(0);
  await expect(thread(a.page).getByText('Are you bringing a ball?')).toHaveCount(1);
  await expect(thread(a.page).getByText('I will bring two')).toBeVisible();

  // A blocks B from the conversation.
  await a.page.getByRole('button', { name: 'Options' }).click();
  await a.page.getByRole('menuitem', { name: `Block ${b.person.name}` }).click();
  await expect(a.page.getByText('You blocked this person. Unblock them to send a message.')).toBeVisible();
  await expect(composer(a.page)).toBeDisabled();

  // B's open thread says so at once, and B can no longer write.
  await expect(b.page.getByRole('status').filter({ hasText: 'You can no longer message this person.' })).toBeVisible();
  await expect(composer(b.page)).toBeDisabled();
  const refused = await b.page.request.post(`/api/conversations/${b.page.url().split('/').pop()}/messages`, {
    data: { clientId: crypto.randomUUID(), text: 'Hello?' },
  });
  expect(refused.status()).toBe(403);

  // And A's list no longer shows the conversation.
  await a.page.goto('/messages');
  await expect(a.page.getByText('No conversations yet.')).toBeVisible();

  await a.context.close();
  await b.context.close();
});

test('a team organizer posts in the team chat and a member sees it live; the thread works at 375 px @mobile', async ({
  browser,
}) => {
  const organizer = await personIn(browser, 'Captain');
  const member = await personIn(browser, 'Teammate');
  const created = await organizer.page.request.post('/api/teams', {
    data: { kind: 'team', name: `Chat Kickers ${uniqueWord('t')}`, joinPolicy: 'open' },
  });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as { id: string; name: string };
  expect((await member.page.request.post(`/api/teams/${team.id}/join`)).status()).toBe(200);

  // The member opens the team chat from the team page.
  await member.page.goto(`/team/${team.id}`);
  await member.page.getByRole('button', { name: 'Team chat' }).click();
  await expect(member.page.getByRole('heading', { level: 2, name: team.name })).toBeVisible();
  await expect(member.page.getByText('No messages yet. Say hello!')).toBeVisible();

  await organizer.page.goto(`/team/${team.id}`);
  await organizer.page.getByRole('button', { name: 'Team chat' }).click();
  await composer(organizer.page).fill('Practice moves to 7 pm on Thursday');
  await composer(organizer.page).press('Enter');

  const posted = thread(member.page).getByText('Practice moves to 7 pm on Thursday');
  await expect(posted).toBeVisible();
  await expect(thread(member.page).getByText(organizer.person.name)).toBeVisible();
  // The post is a notification too: the member's bell counts it, and the mail went out.
  await expect(member.page.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
    'Notifications, 1 unread',
  );
  const mail = await latestMailTo(member.person.email, `${organizer.person.name} in ${team.name}`);
  expect(firstLinkIn(mail)).toMatch(/\/messages\/[0-9a-f-]{36}$/);

  // Usable on a phone: the message, the box and Send are on screen, nothing runs off the side.
  await expect(posted).toBeInViewport();
  await expect(composer(member.page)).toBeInViewport();
  await expect(member.page.getByRole('button', { name: 'Send' })).toBeInViewport();
  const overflow = await member.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await composer(member.page).fill('On it');
  await member.page.getByRole('button', { name: 'Send' }).click();
  await expect(thread(organizer.page).getByText('On it')).toBeVisible();
  await expectAccessible(member.page);

  await organizer.context.close();
  await member.context.close();
});

test('a player messages the organizer from the game; the organizer messages everyone from the manage page', async ({
  browser,
}) => {
  const organizer = await personIn(browser, 'Host');
  const player = await personIn(browser, 'Joiner');
  const title = `Chat Run ${uniqueWord('g')}`;
  const { eventId } = await createPlaceAndGame(organizer.page, { placeName: uniqueWord('Court'), title });
  const view = (await (await player.page.request.get(`/api/events/${eventId}`)).json()) as {
    occurrence: { startsAt: string };
  };
  const joined = await player.page.request.post(`/api/events/${eventId}/parties`, {
    data: { occurrenceStartsAt: view.occurrence.startsAt },
  });
  expect(joined.status()).toBe(201);

  await player.page.goto(`/discover/events/${eventId}`);
  await player.page.getByRole('button', { name: 'Message the organizer' }).click();
  await expect(player.page.getByRole('heading', { level: 2, name: organizer.person.name })).toBeVisible();
  await composer(player.page).fill('Is there parking?');
  await composer(player.page).press('Enter');
  await expect(thread(player.page).getByText('Is there parking?')).toBeVisible();
  await expect(player.page.getByText('Sending…')).toHaveCount(0);

  await organizer.page.goto(`/discover/events/${eventId}/manage`);
  await organizer.page.getByRole('button', { name: 'Message everyone' }).click();
  await expect(organizer.page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(organizer.page.getByText('Everyone in this game')).toBeVisible();
  await composer(organizer.page).fill('Parking is behind the gym');
  // A photo of the lot goes with it.
  await organizer.page.locator('input[type="file"]').setInputFiles({
    name: 'lot.png',
    mimeType: 'image/png',
    buffer: Buffer.from(onePixelPng, 'base64'),
  });
  await expect(organizer.page.getByRole('img', { name: 'Photo to send' })).toBeVisible();
  await composer(organizer.page).press('Enter');
  await expect(thread(organizer.page).getByRole('img', { name: 'Photo in the message' })).toBeVisible();
  await expectPhotoLoaded(thread(organizer.page).getByRole('img', { name: 'Photo in the message' }));

  // The player's list shows both conversations; the game's has the new message, unread.
  await player.page.goto('/messages');
  const gameChat = player.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(title) });
  await expect(gameChat).toContainText('Parking is behind the gym');
  await expect(gameChat.getByLabel('1 unread')).toBeVisible();
  await expect(player.page).toHaveTitle('(1) Messages | Huddle');
  await gameChat.click();
  await expect(thread(player.page).getByRole('img', { name: 'Photo in the message' })).toBeVisible();
  // Decision 061: the photo comes from the route only members may read; the player is one.
  await expectPhotoLoaded(thread(player.page).getByRole('img', { name: 'Photo in the message' }));
  await expect(player.page).toHaveTitle('Messages | Huddle');

  await organizer.context.close();
  await player.context.close();
});
