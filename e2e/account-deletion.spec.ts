import { accountDeletedMessage } from '@huddle/shared/accounts';
import { signInErrorMessages } from '@huddle/shared/account-messages';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { austin, signUpWithProfile } from './support/people.ts';

test('an owner cannot delete the account while owning a team; after deleting the team, they can', async ({ page }) => {
  const person = newPerson('Founder');
  await signUpWithProfile(page, person);
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Last Stand FC ${Date.now().toString(36)}`,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as { id: string; name: string };

  // Blocked: the dialog says why and what to do, and the account stays.
  await page.goto('/settings?tab=0');
  await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  const reason = confirm.getByRole('alert');
  await expect(reason).toContainText('Your account cannot be deleted yet');
  await expect(reason).toContainText('You own 1 team. Hand it to another member or delete it first.');
  await expectAccessible(page);
  await expect(page.getByText(accountDeletedMessage)).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page).toHaveURL(/\/settings\?tab=0$/);
  await expect(page.getByRole('button', { name: 'Delete account' })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // The owner deletes the team from its danger zone.
  await page.goto(`/team/${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Delete team' }).click();
  const teamConfirm = page.getByRole('dialog', { name: `Delete ${team.name}?` });
  const deleteTeam = teamConfirm.getByRole('button', { name: 'Delete for good' });
  await expect(deleteTeam).toBeDisabled();
  await teamConfirm.getByLabel(`Type the team name (${team.name}) to confirm`).fill(team.name);
  await deleteTeam.click();
  await expect(page).toHaveURL(/\/my-communities$/);
  await expect(page.getByRole('link', { name: new RegExp(team.name) })).toHaveCount(0);
  await expectAccessible(page);

  // Now the account goes.
  await page.goto('/settings?tab=0');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(confirm.getByRole('alert')).toHaveCount(0);
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(accountDeletedMessage)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
  await expectAccessible(page);

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: signInErrorMessages.EmailNotFound })).toBeVisible();
});

test('a member of a team cannot delete the account until leaving it; the dialog says so and links to the teams', async ({
  page,
  browser,
}) => {
  const owner = await browser.newPage();
  await signUpWithProfile(owner, newPerson('Captain'));
  const created = await owner.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Stay Awhile FC ${Date.now().toString(36)}`,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  const team = (await created.json()) as { id: string; name: string };
  await owner.close();

  await signUpWithProfile(page, newPerson('Member'));
  expect((await page.request.post(`/api/teams/${team.id}/join`)).status()).toBe(200);
  await page.goto('/settings?tab=general');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  const reason = confirm.getByRole('alert');
  await expect(reason).toContainText('Your account cannot be deleted yet');
  await expect(reason).toContainText('You are a member of 1 team. Leave it first.');
  await expectAccessible(page);
  await reason.getByRole('link', { name: 'Go to Your Communities' }).click();
  await expect(page).toHaveURL(/\/my-communities$/);
  expect((await page.request.get('/api/me')).status()).toBe(200);

  expect((await page.request.post(`/api/teams/${team.id}/leave`)).status()).toBe(200);
  await page.goto('/settings?tab=general');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(accountDeletedMessage)).toBeVisible();
});
