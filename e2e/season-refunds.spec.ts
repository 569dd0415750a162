import { paymentSuccessMessage } from '@huddle/shared/paid-games';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { latestMailTo } from './support/outbox.ts';
import { austin, signUpWithProfile } from './support/people.ts';
import { connectStripeAccount } from './support/stripe.ts';

/**
 * Issue 13, decision 043 on the built-in local Stripe: a player pays a season's fee through the
 * local Checkout; the team's owner refunds that registration from the season's registrations list
 * after a confirmation, the registration ends and the player is mailed.
 */

test('an organizer refunds a paid season registration from the registrations list', async ({
  page,
  browser,
  baseURL,
}) => {
  const word = uniqueWord('Refund');
  await signUpWithProfile(page, newPerson('Owner'));
  await connectStripeAccount(page);
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `${word} FC`,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
      timeZone: 'America/Chicago',
    },
  });
  const team = (await created.json()) as { id: string };
  const year = new Date().getFullYear() + 1;
  const label = `${word} League`;
  const season = await page.request.post(`/api/teams/${team.id}/seasons`, {
    data: {
      label,
      startsOn: `${year}-06-01`,
      endsOn: `${year}-08-31`,
      registrationOpensAt: new Date(Date.now() - 60_000).toISOString(),
      registrationClosesAt: `${year}-05-20T12:00:00Z`,
      capacity: null,
      feeCents: 2500,
      status: 'published',
    },
  });
  expect(season.status()).toBe(201);

  // The player pays the fee through the local Checkout.
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const player = await context.newPage();
  const person = newPerson('Keeper');
  await signUpWithProfile(player, person);
  await player.goto(`/team/${team.id}`);
  await player.getByRole('button', { name: `Pay $25 to register for ${label}` }).click();
  await player.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await player.getByRole('button', { name: 'Pay $25.00' }).click();
  await player.waitForURL(/\/payment-success/);
  await expect(player.getByText(paymentSuccessMessage)).toBeVisible();

  // The owner's registrations list offers Refund once the webhook confirmed the payment.
  const refundButton = page
    .getByRole('dialog', { name: `${label}: registrations` })
    .getByRole('button', { name: `Refund ${person.name} Player` });
  await expect(async () => {
    await page.goto(`/team/${team.id}`);
    await page.getByRole('button', { name: 'Registrations' }).click();
    await expect(refundButton).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await refundButton.click();
  const confirm = page.getByRole('dialog', { name: `Refund ${person.name} Player` });
  await expect(confirm.getByText(`Refund $25 to ${person.name} Player in full?`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Refund $25' }).click();
  await expect(page.getByText(`Refunded $25 to ${person.name} Player.`)).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: `${label}: registrations` }).getByText('No registrations yet.'),
  ).toBeVisible();

  // The player is told by mail.
  await latestMailTo(person.email, `Refunded: ${label}`);
  await context.close();
});

test('a player withdraws from a paid season before it starts and gets the fee back', async ({
  page,
  browser,
  baseURL,
}) => {
  const word = uniqueWord('Withdraw');
  await signUpWithProfile(page, newPerson('Owner'));
  await connectStripeAccount(page);
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `${word} FC`,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
      timeZone: 'America/Chicago',
    },
  });
  const team = (await created.json()) as { id: string };
  const year = new Date().getFullYear() + 1;
  const label = `${word} League`;
  const seasonCreated = await page.request.post(`/api/teams/${team.id}/seasons`, {
    data: {
      label,
      startsOn: `${year}-06-01`,
      endsOn: `${year}-08-31`,
      registrationOpensAt: new Date(Date.now() - 60_000).toISOString(),
      registrationClosesAt: `${year}-05-20T12:00:00Z`,
      capacity: null,
      feeCents: 2500,
      status: 'published',
    },
  });
  expect(seasonCreated.status()).toBe(201);
  const season = (await seasonCreated.json()) as { id: string };

  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const player = await context.newPage();
  await signUpWithProfile(player, newPerson('Leaver'));
  await player.goto(`/team/${team.id}`);
  await player.getByRole('button', { name: `Pay $25 to register for ${label}` }).click();
  await player.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await player.getByRole('button', { name: 'Pay $25.00' }).click();
  await player.waitForURL(/\/payment-success/);

  // Back on the team page the season says the player is in, and offers Withdraw instead of Pay.
  const withdrawButton = player.getByRole('button', { name: `Withdraw from ${label}` });
  // The webhook may land after the redirect: reload until it has. Each try gives the page time to
  // render on a loaded machine (2 s per try never passed once CI's journeys had both cores busy).
  await expect(async () => {
    await player.goto(`/team/${team.id}`);
    await expect(withdrawButton).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(player.getByText('You are registered')).toBeVisible();
  await expect(player.getByRole('button', { name: `Pay $25 to register for ${label}` })).toHaveCount(0);
  await withdrawButton.click();
  const confirm = player.getByRole('dialog', { name: `Withdraw from ${label}?` });
  await expect(confirm.getByText('your fee is refunded in full', { exact: false })).toBeVisible();
  await expectAccessible(player);
  await confirm.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(player.getByText(`You have withdrawn from ${label}.`)).toBeVisible();
  await expect(player.getByRole('button', { name: `Pay $25 to register for ${label}` })).toBeVisible();
  await expect(player.getByText('You are registered')).toHaveCount(0);

  // Before the first session: the whole fee goes back (decision 043), by the retried refund job.
  await expect(async () => {
    const payments = (await (await page.request.get(`/api/seasons/${season.id}/payments`)).json()) as {
      payments: { status: string; refundedCents: number }[];
    };
    expect(payments.payments).toEqual([expect.objectContaining({ status: 'refunded', refundedCents: 2500 })]);
  }).toPass({ timeout: 30_000 });
  await context.close();
});
