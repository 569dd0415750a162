import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';

/** Issue 34 part 2, fair teams on the day: the organizer makes, adjusts and publishes; a player sees their team. */

const shots = '/tmp/fair-teams-shots';

async function newSignedInPage(browser: Browser, label: string, level: number | null = null) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(label);
  // The level a player gives themselves on their profile (Settings › Profile).
  await signUpWithProfile(page, person, level === null ? {} : { selfRatedLevel: level });
  return { context, page, person };
}

async function join(page: Page, eventId: string, occurrenceStartsAt: string) {
  const joined = await page.request.post(`/api/events/${eventId}/parties`, { data: { occurrenceStartsAt } });
  expect(joined.status()).toBe(201);
}

/** The team section (by its name) a player's row is in, on the organizer's page. */
async function teamOf(page: Page, name: string, teamNames: string[]): Promise<string> {
  for (const team of teamNames) {
    const section = page.getByRole('region', { name: team, exact: true });
    if ((await section.getByText(name, { exact: true }).count()) > 0) return team;
  }
  throw new Error(`${name} is on no team`);
}

test('the organizer makes even teams, moves a player, publishes; a player sees their team live', async ({
  browser,
}, testInfo) => {
  const organizer = await newSignedInPage(browser, 'Organizer');
  const title = `Fair teams ${uniqueWord('ft')}`;
  const { eventId } = await createPlaceAndGame(organizer.page, { placeName: `Court ${uniqueWord('c')}`, title });
  const view = await organizer.page.request.get(`/api/events/${eventId}`);
  const occurrence = ((await view.json()) as { occurrence: { startsAt: string } }).occurrence.startsAt;

  // Six players of all levels join; the watched one keeps the event page open.
  const watcher = await newSignedInPage(browser, 'Watcher', 4);
  const others = [];
  for (const level of [5, 1, 2, 3, 5]) others.push(await newSignedInPage(browser, 'Player', level));
  for (const person of [watcher, ...others]) await join(person.page, eventId, occurrence);
  await watcher.page.goto(`/discover/events/${eventId}`);
  await expect(watcher.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(watcher.page.getByRole('heading', { name: 'Teams', exact: true })).toHaveCount(0);

  // The organizer makes two teams on the manage page.
  const { page } = organizer;
  await page.goto(`/discover/events/${eventId}/manage`);
  const teams = page.getByRole('region', { name: 'Teams', exact: true });
  await expect(teams.getByRole('radio', { name: 'Everyone joined (6)' })).toBeChecked();
  await teams.getByRole('button', { name: 'Make teams' }).click();
  const red = page.getByRole('region', { name: 'Red team', exact: true });
  const blue = page.getByRole('region', { name: 'Blue team', exact: true });
  await expect(red.getByTestId('team-member')).toHaveCount(3);
  await expect(blue.getByTestId('team-member')).toHaveCount(3);
  await expect(teams.getByText(/^(Even|Close): /)).toBeVisible();
  await expect(teams.getByRole('button', { name: 'Reshuffle' })).toBeVisible();

  // "Move to" from the keyboard: the watcher goes to the other team.
  const names = ['Red team', 'Blue team'];
  const from = await teamOf(page, watcher.person.name, names);
  const to = from === 'Red team' ? 'Blue team' : 'Red team';
  const moveSelect = page.getByRole('combobox', { name: `Move ${watcher.person.name} to` });
  await moveSelect.focus();
  await moveSelect.selectOption({ label: to });
  const target = page.getByRole('region', { name: to, exact: true });
  await expect(target.getByText(watcher.person.name, { exact: true })).toBeVisible();
  await expect(target.getByTestId('team-member')).toHaveCount(4);

  // Drag and drop: one of the target team's others back, so the sides are even again.
  const back = target.getByTestId('team-member').filter({ hasNotText: watcher.person.name }).first();
  const draggedName = (await back.locator('p').first().textContent()) ?? '';
  await back.dragTo(page.getByRole('region', { name: from, exact: true }));
  await expect(
    page.getByRole('region', { name: from, exact: true }).getByText(draggedName, { exact: true }),
  ).toBeVisible();
  await expect(target.getByTestId('team-member')).toHaveCount(3);

  // Lock the watcher, so a reshuffle leaves them where they are.
  await page.getByRole('button', { name: `Lock ${watcher.person.name} on this team` }).click();
  await expect(page.getByRole('button', { name: `Unlock ${watcher.person.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await expectAccessible(page);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/manage-1280.png`, fullPage: true });

  await teams.getByRole('button', { name: 'Publish teams' }).click();
  await expect(page.getByText('Teams published. Players can see their team now.')).toBeVisible();
  await expect(teams.getByText('Published: players see these teams on the event page.')).toBeVisible();

  // The watcher's open page shows their team without a reload, and the bell has it.
  const colour = to === 'Red team' ? 'red' : 'blue';
  await expect(watcher.page.getByText(`You play on ${to}: ${colour} bibs.`)).toBeVisible({ timeout: 15_000 });
  const published = watcher.page.getByRole('region', { name: 'Teams', exact: true });
  await expect(
    published.getByRole('region', { name: to, exact: true }).getByText('You', { exact: true }),
  ).toBeVisible();
  const list = await watcher.page.request.get('/api/me/notifications');
  expect(JSON.stringify(await list.json())).toContain(`Teams are out for ${title}`);
  await expectAccessible(watcher.page);
  await watcher.page.screenshot({ path: `${shots}/event-1280.png`, fullPage: true });

  // Both screens at 375 px: nothing scrolls sideways.
  if (testInfo.project.name === 'desktop') {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Red team', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${shots}/manage-375.png`, fullPage: true });
    await watcher.page.setViewportSize({ width: 375, height: 740 });
    await watcher.page.reload();
    await expect(watcher.page.getByText(`You play on ${to}: ${colour} bibs.`)).toBeVisible();
    await expectNoSidewaysScroll(watcher.page);
    await watcher.page.screenshot({ path: `${shots}/event-375.png`, fullPage: true });
  }

  for (const person of [organizer, watcher, ...others]) await person.context.close();
});
