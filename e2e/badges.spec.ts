import { settingsSavedMessage } from '@huddle/shared/profiles';
import { findQuiz } from '@huddle/shared/quizzes';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

/** Turns "Show my badges" on or off in Settings > Privacy, as the player would, and saves. */
async function setShowMyBadges(page: Page, on: boolean) {
  await page.goto('/settings?tab=privacy');
  const showBadges = page.getByRole('switch', { name: 'Show my badges' });
  // Mantine draws the switch over a visually hidden checkbox input; the click lands on the drawn track.
  if (on) await showBadges.check({ force: true });
  else await showBadges.uncheck({ force: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(settingsSavedMessage)).toBeVisible();
}

test('badges earned from play show on the public profile while "Show my badges" is on, and go when it is off @mobile', async ({
  page,
  browser,
}) => {
  const player = newPerson('Badger');
  await signUpWithProfile(page, player);
  const playerId = ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  // Earned from play: the pickleball quiz, every answer the third option, is level 4.0 (Skill quiz, Gold).
  const quiz = findQuiz('pickleball')!;
  const saved = await page.request.put('/api/me/quiz-results/pickleball', {
    data: { answers: Object.fromEntries(quiz.questions.map((question) => [question.id, question.options[2]!.id])) },
  });
  expect(saved.status()).toBe(200);

  // The player's own profile lists every badge, earned or not, with the progress to the next tier.
  await page.goto('/profile');
  const mine = page.getByRole('list', { name: 'Badges' });
  await expect(mine.locator('[data-badge="quiz-level"]')).toContainText('Skill quiz · Gold');
  await expect(mine.locator('[data-badge="quiz-level"]')).toContainText(
    'Next: Platinum at Level 5.0 on a skill quiz · now 4.0',
  );
  await expect(mine.locator('[data-badge="games-played"]')).toContainText('Game on · not earned yet');
  await expect(page.getByRole('progressbar', { name: 'Skill quiz: progress to Platinum' })).toHaveAttribute(
    'aria-valuenow',
    '80',
  );
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Someone signed out looks at the public profile: the badge by name and tier, in words.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/profile/${playerId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: player.name })).toBeVisible();
  const shown = visitor.getByRole('list', { name: 'Badges' }).getByRole('listitem');
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText('Skill quiz · Gold');
  await expect(shown).toContainText(/Level 4\.0 on a skill quiz · Earned \w+/);
  await expectAccessible(visitor);
  await expectNoSidewaysScroll(visitor);

  // "Show my badges" off: gone from the public profile; the owner still sees theirs.
  await setShowMyBadges(page, false);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: player.name })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Badges' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText('Only you see your badges: they are hidden from your public profile.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Badges' }).locator('[data-badge="quiz-level"]')).toContainText(
    'Skill quiz · Gold',
  );

  // On again: back on the public profile.
  await setShowMyBadges(page, true);
  await visitor.reload();
  await expect(visitor.getByRole('list', { name: 'Badges' }).getByRole('listitem')).toContainText('Skill quiz · Gold');

  await visitorContext.close();
});
