import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { austin, signUpWithProfile } from './support/people.ts';

/**
 * Issue 13, plans and subscriptions: a team owner opens community/pricing, subscribes through
 * the local Checkout, sees 'Current Period: …', changes plan, then cancels back to Rookie with
 * the confirmation (spec §2, §4, §8, §9).
 */

async function newTeam(page: Page): Promise<{ id: string; name: string }> {
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Plans ${uniqueWord('t')}`,
      gameType: 'Volleyball',
      description: null,
      city: austin,
      joinPolicy: 'invite',
      visibility: 'private',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; name: string };
}

/** Usable at 375 px: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(viewport!);
}

const monthDay = /Current Period: [A-Z][a-z]{2} \d{1,2} to [A-Z][a-z]{2} \d{1,2}/;

test('a team owner subscribes through Checkout, changes plan, and cancels back to Rookie @mobile @postgres', async ({
  page,
}) => {
  await signUpWithProfile(page, newPerson('PlanOwner'));
  const team = await newTeam(page);

  // The pricing page: the team plans for the owner's team, on Rookie with nothing billed.
  await page.goto(`/community/pricing?team=${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Current plan: Rookie');
  await expect(page.getByText('No active subscription')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Plans' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Varsity' })).toBeVisible();
  await expect(page.getByText('$9.99 / month')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Subscribe to Varsity: the local Checkout, clearly marked as test payments.
  await page.getByRole('button', { name: 'Choose Varsity' }).click();
  await expect(page).toHaveURL(/\/local-stripe\/checkout\//);
  await expect(page.getByText(/Test payments/i).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: /^Pay/ }).click();

  // Back on the pricing page; the plan shows once the webhook has landed (not the redirect).
  await expect(page).toHaveURL(/\/community\/pricing\?.*checkout=success/);
  await expect(page.getByTestId('current-plan')).toHaveText('Current plan: Varsity');
  await expect(page.getByText(monthDay)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();

  // The team page shows the same plan, with Change Plan for the owner.
  await page.goto(`/team/${team.id}`);
  await expect(page.getByTestId('team-plan-label')).toHaveText('Varsity');
  await expect(page.getByText(monthDay)).toBeVisible();

  // Manage Subscription opens the billing portal in a new tab.
  const [portal] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Manage Subscription' }).click(),
  ]);
  await expect(portal).toHaveURL(/\/local-stripe\/portal\//);
  await expect(portal.getByText('Varsity').first()).toBeVisible();
  await portal.close();

  // Paid to paid: a change request (spec §4), and its message.
  await page.getByRole('button', { name: 'Change Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Plan' });
  await expect(dialog.getByRole('heading', { level: 3, name: 'All-Star' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Choose All-Star' }).click();
  await expect(page.getByText('Successfully changed subscription!')).toBeVisible();
  await expect(page.getByTestId('team-plan-label')).toHaveText('All-Star');

  // A free plan cancels, after a confirmation that says changes take a couple of minutes.
  await page.getByRole('button', { name: 'Change Plan' }).click();
  await page.getByRole('dialog', { name: 'Change Plan' }).getByRole('button', { name: 'Choose Rookie' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel subscription?' });
  await expect(confirm.getByText('Changes can take a couple of minutes to propagate.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Successfully cancelled subscription!')).toBeVisible();
  await expect(page.getByTestId('team-plan-label')).toHaveText('Rookie');
  await expect(page.getByText('No active subscription')).toBeVisible();
});

test('a player sees their own plan in Settings › Payments and the player plans of this variant', async ({ page }) => {
  await signUpWithProfile(page, newPerson('PlanPlayer'));
  await page.goto('/settings?tab=payments');
  await expect(page.getByRole('heading', { name: 'Your plan' })).toBeVisible();
  await expect(page.getByTestId('my-plan-label')).toHaveText('Free');
  await expect(page.getByText('No active subscription')).toBeVisible();
  await page.getByRole('button', { name: 'View Plans' }).click();
  await expect(page).toHaveURL(/\/community\/pricing\?for=me/);
  await expect(page.getByRole('heading', { level: 3, name: 'Player Plus' })).toBeVisible();
  await expect(page.getByText('$29.99 / year')).toBeVisible();
  await expectAccessible(page);
});

test('with subscriptions off, community/pricing is the not-found page, titled so @mobile', async ({ page }) => {
  // The flag is the server's, shared by journeys running at once: this page alone reads it as off.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { flags: Record<string, boolean> };
    await route.fulfill({ response, json: { ...config, flags: { ...config.flags, subscriptions: false } } });
  });
  await page.goto('/community/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('having a hard time finding the page');
  await expect(page).toHaveTitle('Page not found | Huddle');
});
