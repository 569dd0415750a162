import { paymentSuccessMessage } from '@huddle/shared/paid-games';
import { refundAfterDeadlineLabels } from '@huddle/shared/refund-policy';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, daysFromNow, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { connectStripeAccount } from './support/stripe.ts';

/**
 * Issue 13, refund rules and credit (decisions 035 and 039) on the built-in local Stripe: an
 * organizer sets a priced game's refund deadline and "Credit with this organizer" in the event
 * form; a player pays through the local Checkout, leaves after the deadline, finds the credit
 * under Invoices ("Your credit"), and the organizer's next game spends it first on the Pay button.
 */

test('a player who leaves after the deadline gets credit, spent first on the organizer’s next game', async ({
  page,
  browser,
  baseURL,
}) => {
  const word = uniqueWord('Credit');
  const organizer = newPerson('Organizer');
  await signUpWithProfile(page, organizer);
  await connectStripeAccount(page);

  // The organizer's form: a $10 game in three days, refunded in full until a week before, credit after.
  const title = `${word} futsal`;
  const day = daysFromNow(3);
  await page.goto('/events/new');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Game type' }).click();
  await page.getByRole('option', { name: 'Soccer', exact: true }).click();
  await page.getByRole('combobox', { name: 'Place' }).fill('Austin');
  await page.getByRole('option', { name: 'New place in Austin, TX' }).click();
  await page.getByLabel('Name of the place').fill(`${word} courts`);
  await page.getByRole('combobox', { name: 'Address' }).fill('2100 Barton Springs Rd, Austin, TX');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/Chicago');
  await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
  await page.getByLabel('Starts').fill(`${day}T18:00`);
  await page.getByLabel('Price per player (USD)').fill('10');
  // The refund policy appears with a price.
  await page.getByRole('combobox', { name: 'Full refund when leaving' }).click();
  await page.getByRole('option', { name: '1 week before' }).click();
  await page.getByRole('radio', { name: refundAfterDeadlineLabels.credit }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/discover\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const gameUrl = new URL(page.url()).pathname;

  // The player, in a browser of their own, reads the policy before paying.
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const player = await context.newPage();
  await signUpWithProfile(player, newPerson('Player'));
  await player.goto(gameUrl);
  await expect(player.getByText(/After that, what you paid becomes credit for your next game or season/)).toBeVisible();
  await player.getByRole('button', { name: 'Pay $10 to join' }).click();
  await player.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await player.getByRole('button', { name: 'Pay $10.00' }).click();
  await player.waitForURL(/\/payment-success/);
  await expect(player.getByText(paymentSuccessMessage)).toBeVisible();
  await expect(player.getByText('Your spot is confirmed.')).toBeVisible({ timeout: 30_000 });

  // Leaving three days before, past the week's deadline: the confirmation says it becomes credit.
  await player.getByRole('link', { name: 'Back to the game' }).click();
  await expect(player.getByText('You’re in. Paid.')).toBeVisible();
  await player.getByRole('button', { name: 'Leave', exact: true }).click();
  const confirm = player.getByRole('dialog', { name: 'Leave this game?' });
  await expect(confirm.getByText(/It is past the refund deadline, so what you paid becomes credit/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(player.getByText('You are off the list for this date.')).toBeVisible();

  // The credit, under Invoices (the refund job runs in the background: read again until it has).
  await expect(async () => {
    await player.goto('/invoices');
    await expect(player.getByRole('heading', { name: 'Your credit' })).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(player.getByTestId('credit-balance')).toHaveText(
    `$10.00 with ${organizer.name}, spent first on your next game or season with them.`,
  );
  await expectAccessible(player);

  // The organizer's next game, $15: the Pay button spends the credit first, and Checkout asks for the rest.
  const next = await createPlaceAndGame(page, {
    placeName: `${word} hall`,
    title: `${word} evening`,
    priceCents: 1500,
  });
  await player.goto(`/discover/events/${next.eventId}`);
  const pay = player.getByRole('button', { name: 'Pay $5 ($10 credit applied)' });
  await expect(pay).toBeVisible();
  await expectAccessible(player);
  await pay.click();
  await player.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await player.getByRole('button', { name: 'Pay $5.00' }).click();
  await expect(player.getByText('Your spot is confirmed.')).toBeVisible({ timeout: 30_000 });

  // Spent: the invoice says how much credit paid, and no credit is left.
  await player.goto('/invoices');
  await expect(
    player
      .getByTestId('invoice-row')
      .filter({ hasText: `${word} evening` })
      .getByText('$10.00 credit applied'),
  ).toBeVisible();
  await expect(player.getByRole('heading', { name: 'Your credit' })).toHaveCount(0);
  await context.close();
});
