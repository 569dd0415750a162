import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { createTeam } from './support/team-site.ts';

/** Opens the score dialog of a match, types both scores and saves. */
async function enterScore(page: Page, match: string, home: number, away: number) {
  await page.getByRole('button', { name: `Enter score: ${match}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter score' });
  const [homeName, awayName] = match.split(' v ') as [string, string];
  await dialog.getByRole('textbox', { name: homeName, exact: true }).fill(String(home));
  await dialog.getByRole('textbox', { name: awayName, exact: true }).fill(String(away));
  await dialog.getByRole('button', { name: 'Save score' }).click();
  await expect(dialog).toBeHidden();
}

test('an organizer runs a five-team single elimination to its champion while a teammate and a signed-out spectator watch live @mobile @postgres', async ({
  page,
  browser,
}) => {
  // Three browsers (organizer, teammate, spectator) from entry to champion, with an edit between.
  test.slow();
  // The organizer (this test's page: 375 px in the mobile project) runs a team.
  const organizer = newPerson('Olga');
  await signUpWithProfile(page, organizer);
  const teamName = uniqueWord('Smashers');
  const teamId = await createTeam(page, teamName);

  // From the create hub: a tournament for that team.
  await page.goto('/create');
  await page.getByRole('link', { name: /Tournament/ }).click();
  await expect(page).toHaveURL(/\/create\/tournament$/);
  await page.getByRole('textbox', { name: 'Tournament name' }).fill('Spring Smash');
  await page.getByLabel('Starts').fill('2030-04-05T09:00');
  await page.getByLabel('Ends').fill('2030-04-05T18:00');
  await page.getByRole('textbox', { name: 'Place' }).fill('Zilker Park courts');
  await page.getByRole('textbox', { name: 'Courts' }).fill('Court 1, Court 2');
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await expect(page).toHaveURL(/\/tournament\/[0-9a-f-]{36}$/);
  const url = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Spring Smash', level: 1 })).toBeVisible();

  // Five teams, best seed first, then the schedule: the top three seeds get byes.
  await page
    .getByRole('textbox', { name: 'Teams or players' })
    .fill(['Aces', 'Bandits', 'Comets', 'Dingos', 'Eagles'].join('\n'));
  await page.getByRole('button', { name: 'Make the schedule' }).click();
  await expect(page.getByRole('button', { name: 'Enter score: Dingos v Eagles' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter score: Bandits v Comets' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Match W2-1: Aces v Winner of W1-2' })).toBeVisible();
  await expectAccessible(page);

  // A teammate opens the tournament in another browser and keeps watching.
  const context = await browser.newContext();
  const fan = await context.newPage();
  await signUpWithProfile(fan, newPerson('Finn'));
  expect((await fan.request.post(`/api/teams/${teamId}/join`)).status()).toBeLessThan(300);
  await fan.goto(url);
  await expect(fan.getByRole('article', { name: 'Match W1-2: Dingos v Eagles' })).toBeVisible();
  await expect(fan.getByRole('button', { name: /Enter score/ })).toHaveCount(0);
  await expect(fan.getByRole('button', { name: 'Edit details' })).toHaveCount(0);

  // A spectator without an account watches too (decision 055: the tournament's public topic).
  const spectatorContext = await browser.newContext();
  const spectator = await spectatorContext.newPage();
  await spectator.goto(url);
  await expect(spectator.getByRole('article', { name: 'Match W1-2: Dingos v Eagles' })).toBeVisible();

  // The organizer corrects the details; a mistake is shown beside its field and nothing typed is lost.
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit details' });
  await edit.getByRole('textbox', { name: 'Place' }).fill('Zilker Park, courts 3 and 4');
  await edit.getByRole('textbox', { name: 'Tournament name' }).fill('S');
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expect(edit.getByText('At least 2 characters.')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Place' })).toHaveValue('Zilker Park, courts 3 and 4');
  await edit.getByRole('textbox', { name: 'Tournament name' }).fill('Spring Smash Open');
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Spring Smash Open', level: 1 })).toBeVisible();
  await expect(page.getByText('Zilker Park, courts 3 and 4')).toBeVisible();
  await expect(spectator.getByRole('heading', { name: 'Spring Smash Open', level: 1 })).toBeVisible({
    timeout: 10_000,
  });

  // Scores: each winner moves on by itself, and the teammate's page follows without a reload.
  await enterScore(page, 'Dingos v Eagles', 11, 7);
  await expect(fan.getByRole('article', { name: 'Match W1-2: Dingos v Eagles' })).toContainText('11');
  await expect(spectator.getByRole('article', { name: 'Match W1-2: Dingos v Eagles' })).toContainText('11', {
    timeout: 10_000,
  });
  await expect(fan.getByRole('article', { name: 'Match W2-1: Aces v Dingos' })).toBeVisible();
  await enterScore(page, 'Aces v Dingos', 9, 11);
  await enterScore(page, 'Bandits v Comets', 11, 4);
  await enterScore(page, 'Dingos v Bandits', 11, 8);

  const champion = page.getByRole('status').filter({ hasText: 'Champion' });
  await expect(champion).toContainText('Dingos');
  await expect(fan.getByRole('status').filter({ hasText: 'Champion' })).toContainText('Dingos');
  await expect(spectator.getByRole('status').filter({ hasText: 'Champion' })).toContainText('Dingos', {
    timeout: 10_000,
  });
  await spectatorContext.close();
  await expectAccessible(page);

  // The team page lists it with its champion.
  await fan.goto(`/team/${teamId}`);
  await expect(fan.getByRole('link', { name: /Spring Smash Open/ })).toContainText('Champion: Dingos');
  await context.close();
});
