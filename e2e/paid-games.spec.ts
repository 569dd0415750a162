import { slotsBelowTakenMessage } from '@huddle/shared/events';
import { paymentSuccessMessage, priceNeedsStripeMessage } from '@huddle/shared/paid-games';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { connectStripeAccount } from './support/stripe.ts';

/**
 * Issue 13, paid games on the built-in local Stripe (decisions 029 and 033): an organizer
 * connects Stripe and sets a price; a player pays through the local Checkout page, lands on
 * payment-success with the message and the receipt, and the game shows them as going; the
 * payment is the player's invoice and the organizer's transaction.
 */

async function expectNoSidewaysScroll(page: Page) {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(viewport!);
}

test('a player pays for a game through Checkout and is in @mobile @postgres', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const word = uniqueWord('Paid');
  await signUpWithProfile(page, newPerson('Organizer'));

  // Before Stripe is connected, the form says why a price cannot be set, with the way there.
  await page.goto('/events/new');
  await expect(page.getByText(priceNeedsStripeMessage)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Settings › Payments' })).toBeVisible();
  await expectAccessible(page);

  // Connect Stripe (the steps of stripe-connect.spec.ts): a new account, details submitted.
  await connectStripeAccount(page);

  // Now the price is taken: a $12 game (through the API, as the form sends it).
  await page.goto('/events/new');
  await expect(page.getByText('Players pay through Stripe when they join.')).toBeVisible();
  const title = `${word} futsal`;
  const { eventId } = await createPlaceAndGame(page, { placeName: `${word} courts`, title, priceCents: 1200 });

  // The player, in a browser of their own.
  const context = await browser.newContext({
    baseURL,
    ...(phone && { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }),
    reducedMotion: 'reduce',
  });
  const player = await context.newPage();
  const payer = newPerson('Payer');
  await signUpWithProfile(player, payer);
  await player.goto(`/discover/events/${eventId}`);
  await expect(player.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const pay = player.getByRole('button', { name: 'Pay $12 to join' });
  await expect(pay).toBeVisible();
  if (phone) await expectNoSidewaysScroll(player);
  await expectAccessible(player);
  await pay.click();

  // Stripe Checkout, served locally: the game for $12.
  await player.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await expect(player.getByText('Test payments — no card is charged')).toBeVisible();
  await expect(player.getByText(title)).toBeVisible();
  await player.getByRole('button', { name: 'Pay $12.00' }).click();

  // payment-success: the message, the address cleared, the receipt once the webhook confirmed it.
  await player.waitForURL(/\/payment-success/);
  await expect(player.getByText(paymentSuccessMessage)).toBeVisible();
  await expect.poll(() => new URL(player.url()).search).toBe('');
  await expect(player.getByText('Your spot is confirmed.')).toBeVisible({ timeout: 30_000 });
  await expect(player.getByText(/Receipt number: HDL-\d{6}/)).toBeVisible();
  await expect(player.getByText('Amount: $12')).toBeVisible();
  if (phone) await expectNoSidewaysScroll(player);
  await expectAccessible(player);

  // Back to the game: going, paid.
  await player.getByRole('link', { name: 'Back to the game' }).click();
  await expect(player.getByText('You’re in. Paid.')).toBeVisible();
  await expect(player.getByText('Paid', { exact: true })).toBeVisible();
  await expect(player.getByRole('link', { name: payer.name }).first()).toBeVisible();
  // The Paid badge is readable (it was green on green: axe's contrast check).
  await expectAccessible(player);

  // The organizer sees the payment on the manage page.
  await page.goto(`/discover/events/${eventId}/manage`);
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('cell', { name: payer.name, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /HDL-\d{6}/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Refund ${payer.name}` })).toBeVisible();
  const receiptNumber = (await page.getByRole('cell', { name: /HDL-\d{6}/ }).textContent())?.match(/HDL-\d{6}/)?.[0];

  // The player's invoice, with the same receipt number and the organizer as who was paid.
  await player.goto('/invoices');
  const invoice = player.getByTestId('invoice-row').filter({ hasText: title });
  await expect(invoice.getByText('$12.00')).toBeVisible();
  await expect(invoice.getByRole('link', { name: `View receipt ${receiptNumber}` })).toBeVisible();

  // The organizer's transaction: the payer and the game, counted in the totals.
  await page.goto('/transactions');
  const transaction = page.getByTestId('transaction-row').filter({ hasText: payer.name });
  await expect(transaction.filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByTestId('total-gross')).toHaveText('$12.00');
  await context.close();
});

test('spots held by players paying in Checkout cannot be lowered away; the reason shows beside Spots @mobile', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const word = uniqueWord('Held');
  await signUpWithProfile(page, newPerson('Organizer'));
  await connectStripeAccount(page);
  const { eventId } = await createPlaceAndGame(page, {
    placeName: `${word} courts`,
    title: `${word} futsal`,
    priceCents: 1200,
    slots: 2,
  });
  const view = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
    event: { next: { startsAt: string } };
  };

  // Two players open Checkout (decision 059): each holds a spot while paying.
  for (const label of ['Payer', 'Latecomer']) {
    const context = await browser.newContext({ baseURL });
    const player = await context.newPage();
    await signUpWithProfile(player, newPerson(label));
    const checkout = await player.request.post(`/api/events/${eventId}/checkout`, {
      data: { occurrenceStartsAt: view.event.next.startsAt, friends: 0 },
    });
    expect(((await checkout.json()) as { outcome: string }).outcome).toBe('checkout');
    await context.close();
  }

  // The organizer lowers the spots to 1: refused, with the reason beside the field.
  await page.goto(`/discover/events/${eventId}/edit`);
  const spots = page.getByLabel('Spots');
  await expect(spots).toHaveValue('2');
  await spots.fill('1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const message = slotsBelowTakenMessage({ joined: 0, paying: 2 });
  await expect(spots).toHaveAttribute('aria-invalid', 'true');
  await expect(spots).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page).toHaveURL(new RegExp(`/discover/events/${eventId}/edit$`));
  if (phone) await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
