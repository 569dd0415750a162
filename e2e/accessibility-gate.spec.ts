import { expect, expectAccessible, test } from './support/fixtures.ts';

/**
 * The accessibility gate every journey calls (`expectAccessible`) must fail on a serious violation
 * and pass a clean page: it runs axe-core in the page itself (decision 083), so a gate that quietly
 * found nothing would pass every journey.
 */
test('the accessibility gate fails a page with a nameless button and passes it once named', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Gate</title></head><body><main><h1>Gate</h1><button id="nameless"></button></main></body></html>',
  );
  const failure = await expectAccessible(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('#nameless');

  await page.setContent(
    '<html lang="en"><head><title>Gate</title></head><body><main><h1>Gate</h1><button>Join</button></main></body></html>',
  );
  await expectAccessible(page);
});
