import { adminMessages } from '@huddle/shared/admin';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test } from './support/fixtures.ts';
import { adminEmail } from './support/admin.ts';
import { signUpWithProfile } from './support/people.ts';

test('an admin disables a user, who then cannot sign in; the audit log shows it; others see no admin area @mobile', async ({
  page,
  browser,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const adminJourneyEmail = adminEmail('admin', testInfo.project.name);
  const postTitle = `Keeper wanted Sunday ${Date.now().toString(36)}`;
  // The player, signed in in a browser of their own.
  const player = newPerson('Disabled');
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signUpWithProfile(playerPage, player);
  expect((await playerPage.request.get('/api/me')).status()).toBe(200);

  // Someone who is not an admin finds no admin area, as for an address that does not exist.
  await playerPage.goto('/admin');
  await expect(
    playerPage.getByRole('heading', { name: 'This dog is having a hard time finding the page' }),
  ).toBeVisible();
  await expect(playerPage.getByRole('heading', { name: 'Admin', exact: true })).toHaveCount(0);
  // Nor a way in: the account menu has no Admin item.
  await playerPage.goto('/home');
  await playerPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(playerPage.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(playerPage.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);

  // The admin (ADMIN_EMAILS, set by global setup) finds the player and disables the account.
  await signUpWithProfile(page, { name: 'Ops Admin', email: adminJourneyEmail, password: 'pickup game 2026' });
  // The player reports the admin's post; the admin dismisses the report from the queue.
  const post = await page.request.post('/api/posts', {
    data: { category: 'play-competition', subcategory: 'sub-needed', title: postTitle, text: 'Austin.' },
  });
  expect(post.status()).toBe(201);
  const { id: postId } = (await post.json()) as { id: string };
  expect((await playerPage.request.post(`/api/posts/${postId}/reports`, { data: { reason: 'spam' } })).status()).toBe(
    201,
  );
  // An admin finds the way in from the account menu.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.getByRole('link', { name: 'Post reports' }).click();
  const report = page.getByRole('article', { name: `Report of ${postTitle}` });
  await expect(report).toContainText(`Reported by ${player.name}`);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await report.getByRole('button', { name: 'Dismiss report' }).click();
  await expect(report).toHaveCount(0);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Search by name or email').fill(player.email);
  await expect(page.getByRole('region', { name: 'Users' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: player.name }).click();
  await expect(page.getByRole('heading', { level: 2, name: player.name })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText('Account disabled: it is signed out everywhere and cannot sign in.')).toBeVisible();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();

  // The player's session has ended, and signing in again is refused with the reason.
  expect((await playerPage.request.get('/api/me')).status()).toBe(401);
  await playerContext.clearCookies();
  await playerPage.goto('/auth/login');
  await playerPage.getByLabel('Email').fill(player.email);
  await playerPage.getByLabel('Password').fill(player.password);
  await playerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(playerPage.getByRole('alert')).toContainText(adminMessages.disabledSignIn);
  await playerContext.close();

  // The audit log shows who did it, to whom, and before and after.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  const row = page.getByRole('row').filter({ hasText: 'user.disable' }).first();
  await expect(row).toContainText(adminJourneyEmail);
  await expect(row).toContainText('{"disabledAt":null}');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  // The log is wider than a phone: it scrolls sideways inside its labelled region, says so, and
  // a keyboard scrolls it too. On a desktop it fits and says nothing.
  const log = page.getByRole('region', { name: 'Audit log' });
  const hint = page.getByText('Scroll sideways for more columns');
  if (phone) {
    await expect(hint).toBeVisible();
    await log.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => log.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  } else {
    await expect(log).toBeVisible();
    await expect(hint).toHaveCount(0);
  }
});
