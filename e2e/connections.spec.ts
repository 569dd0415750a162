import { connectionMessages } from '@huddle/shared/connections';
import { messagesMessages } from '@huddle/shared/messages';
import { defaultPrivacySettings } from '@huddle/shared/users';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

const userIdOf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;

test('one person asks to connect, the other accepts, and then the first may write to them @mobile @postgres', async ({
  page,
  browser,
}) => {
  // Bea (this test's page: 375 px in the mobile project) takes messages only from people she knows.
  const bea = newPerson('Bea');
  await signUpWithProfile(page, bea);
  const beaId = await userIdOf(page);
  const privacy = await page.request.put('/api/me/privacy', {
    data: { privacy: { ...defaultPrivacySettings, messagesFromAnyone: false } },
  });
  expect(privacy.status()).toBe(200);

  const context = await browser.newContext();
  const al = await context.newPage();
  const alPerson = newPerson('Al');
  await signUpWithProfile(al, alPerson);

  // Before connecting, Al cannot start a conversation with Bea.
  await al.goto(`/profile/${beaId}`);
  await al.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(al.getByText(messagesMessages.onlyPeopleTheyKnow)).toBeVisible();

  // Al asks from Bea's profile.
  await al.goto(`/profile/${beaId}`);
  await al.getByRole('button', { name: `Connect with ${bea.name}` }).click();
  await expect(al.getByRole('button', { name: connectionMessages.requested })).toBeVisible();

  // Bea hears of it, and accepts on the connect page (reached from home's quick links).
  await page.goto('/notifications');
  await expect(page.getByText(`${alPerson.name} wants to connect`)).toBeVisible();
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/connect$/);
  await expect(page).toHaveTitle('Connect | Huddle');
  const requests = page.getByRole('region', { name: connectionMessages.requests });
  await expect(requests.getByRole('link', { name: alPerson.name })).toBeVisible();
  await expectAccessible(page);
  await requests.getByRole('button', { name: `Accept ${alPerson.name}’s request` }).click();
  await expect(requests.getByText(connectionMessages.noIncoming)).toBeVisible();
  const connections = page.getByRole('region', { name: connectionMessages.connections });
  await expect(connections.getByRole('link', { name: alPerson.name })).toBeVisible();

  // Al is told, sees Connected on Bea's profile, and may now write first.
  await al.goto('/notifications');
  await expect(al.getByText(`${bea.name} accepted your connection request`)).toBeVisible();
  await al.goto(`/profile/${beaId}`);
  await expect(al.getByRole('button', { name: connectionMessages.connected })).toBeVisible();
  await al.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(al).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const composer = al.getByRole('textbox', { name: 'Message', exact: true });
  await expect(composer).toBeEnabled();
  await composer.fill('Good game on Sunday!');
  await composer.press('Enter');
  await expect(al.getByRole('log', { name: 'Messages' }).getByText('Good game on Sunday!')).toBeVisible();
  await expect(al.getByText('Sending…')).toHaveCount(0);
  await expect(al.getByText(/Not sent/)).toHaveCount(0);

  // Bea removes the connection from her page; Al's profile view offers Connect again.
  await connections.getByRole('button', { name: `Remove ${alPerson.name} from your connections` }).click();
  await expect(connections.getByText(connectionMessages.noConnections)).toBeVisible();
  await al.goto(`/profile/${beaId}`);
  await expect(al.getByRole('button', { name: `Connect with ${bea.name}` })).toBeVisible();
  await context.close();
});
