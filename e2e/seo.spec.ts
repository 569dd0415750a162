import { expect, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';

/**
 * Issue 33: a game's link, opened as a chat app's preview fetcher opens it (no JavaScript, no
 * session), names the game, its date on its own clock, its place and its spots left, and shows
 * a preview image; search engines find it in the sitemap with its SportsEvent.
 */
test('a shared game link previews its date, place and spots left with JavaScript off @mobile', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const word = uniqueWord('seo');
  await signUpWithProfile(page, newPerson('Sharer'));
  const { eventId } = await createPlaceAndGame(page, {
    placeName: `Court ${word}`,
    title: `Preview ${word}`,
    slots: 8,
  });

  const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const link = await visitor.newPage();
  await link.goto(`/evt/${eventId}`);
  const meta = (property: string) => link.locator(`meta[property="${property}"]`).getAttribute('content');
  const title = await meta('og:title');
  const description = await meta('og:description');
  expect(title).toMatch(new RegExp(`^Preview ${word} · \\w{3}, \\w{3} \\d{1,2}, \\d{4}, 6:00 PM C[SD]T \\| Huddle$`));
  expect(description).toContain(`at Court ${word}, 301 W 2nd St, Austin, TX.`);
  expect(description).toMatch(/6:00 PM C[SD]T/);
  expect(description).toMatch(/8 spots left of 8\.$/);
  await expect(link).toHaveTitle(title ?? '');
  expect(await link.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');

  // Its search-engine description, in the first HTML.
  const structured = JSON.parse(
    (await link.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(structured).toMatchObject({ '@type': 'SportsEvent', name: `Preview ${word}`, remainingAttendeeCapacity: 8 });

  // The preview image the tags name: a PNG of the card, looked at in both sizes of screen.
  const imageUrl = new URL((await meta('og:image')) ?? '');
  const image = await visitor.request.get(imageUrl.pathname + imageUrl.search);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  await link.goto(imageUrl.pathname + imageUrl.search);
  await link.screenshot({ path: `/tmp/seo-shots/og-image-${testInfo.project.name}.png` });

  // Found by search engines: the sitemap lists it, robots.txt names the sitemap.
  const sitemap = await (await visitor.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/discover/events/${eventId}</loc>`);
  expect(await (await visitor.request.get('/robots.txt')).text()).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
  await visitor.close();
});
