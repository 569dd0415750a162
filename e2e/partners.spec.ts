import { expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * Issue 16, "Partners" (spec §2 partners/{ptype}, partner/preferred/{id}, partner/events/{id};
 * §6 public): a visitor, signed out, finds the demo's Austin partners from Discover, reads a
 * venue's and a shop's current offers (ended and future ones hidden) and a league's upcoming
 * games; unknown kinds and partners are the not-found page.
 */
test('a visitor finds partners from Discover, reads their offers and a league’s events, signed out @mobile', async ({
  page,
  request,
}) => {
  await page.goto('/discover');
  await page.getByRole('link', { name: 'Partners', exact: true }).click();
  await expect(page).toHaveURL(/\/partners\/venues$/);
  await expect(page.getByRole('heading', { name: 'Preferred Venues', level: 1 })).toBeVisible();
  const kinds = page.getByRole('navigation', { name: 'Kinds of partner' });
  await expect(kinds.getByRole('link')).toHaveText(['Venues', 'Shops', 'Coaches', 'Leagues']);
  await expect(kinds.getByRole('link', { name: 'Venues' })).toHaveAttribute('aria-current', 'page');
  // No city known: by name.
  await expect(page.getByRole('list', { name: 'Preferred Venues' }).getByRole('heading', { level: 2 })).toHaveText([
    'Eastside Court House',
    'Round Rock Sportsplex',
  ]);
  await expectAccessible(page);

  // A venue: its current offer, not the summer special that has ended.
  await page.getByRole('link', { name: 'Eastside Court House' }).click();
  await expect(page).toHaveURL(/\/partner\/preferred\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Eastside Court House', level: 1 })).toBeVisible();
  await expect(page.getByText('Huddle partner · Venue · 1900 E 7th St, Austin, TX · Austin, TX')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First open play free' })).toBeVisible();
  await expect(page.getByText(/^Valid until /)).toBeVisible();
  await expect(page.getByText('Summer court special')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Visit the website' })).toHaveAttribute(
    'href',
    'https://eastside-court-house.example.com',
  );
  await expectAccessible(page);
  // A shared link names the partner before any script runs (spec §6: public).
  const html = await (await request.get(new URL(page.url()).pathname)).text();
  expect(html).toContain('<title>Eastside Court House | Venue | Huddle partner</title>');
  expect(html).toContain('<meta property="og:description" content="Six indoor pickleball courts');

  // A shop: the code to give, not the sale that has not begun.
  await page.getByRole('link', { name: 'Preferred Venues' }).click();
  await kinds.getByRole('link', { name: 'Shops' }).click();
  await expect(page.getByRole('heading', { name: 'Preferred Shops', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'South Congress Sports Supply' }).click();
  await expect(page.getByRole('heading', { name: '15% off team kits' })).toBeVisible();
  await expect(page.getByText('HUDDLE15')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get this offer' })).toHaveAttribute(
    'href',
    'https://socosports.example.com/team-kits',
  );
  await expect(page.getByText('Spring paddle sale')).toHaveCount(0);

  // A league with events: its team's upcoming games, each leading to the game.
  await page.getByRole('link', { name: 'Preferred Shops' }).click();
  await kinds.getByRole('link', { name: 'Leagues' }).click();
  // The demo's league (admin journeys add leagues of their own to the same database).
  await page
    .getByRole('article', { name: 'Austin Rec Soccer League' })
    .getByRole('link', { name: 'Upcoming events' })
    .click();
  await expect(page).toHaveURL(/\/partner\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Austin Rec Soccer League', level: 1 })).toBeVisible();
  const events = page.getByRole('list', { name: 'Upcoming events of Austin Rec Soccer League' });
  await expect(events.getByRole('link', { name: 'Tuesday Night Pickup Soccer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Austin Pickup Soccer' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '1 offer' }).click();
  await expect(page.getByRole('heading', { name: '$10 off the spring league' })).toBeVisible();
  await page.getByRole('link', { name: 'See upcoming events' }).click();
  await events.getByRole('link', { name: 'Tuesday Night Pickup Soccer' }).click();
  await expect(page).toHaveURL(/\/discover\/events\/[0-9a-f-]{36}$/);

  // Unknown kinds and partners, and a venue's address under events: the not-found page.
  const venueId = (await (await request.get('/api/partners?type=venue')).json()).partners[0].id as string;
  for (const path of [
    '/partners/gyms',
    '/partner/preferred/00000000-0000-4000-8000-000000000000',
    `/partner/events/${venueId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This dog is having a hard time finding the page' })).toBeVisible();
  }
});
