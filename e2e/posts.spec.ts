import { postMessages } from '@huddle/shared/posts';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { appStarted } from './support/hydration.ts';
import { signUpWithProfile } from './support/people.ts';

/** Issue 16: the post board: written, read signed out (with a link preview), replied to and reported. */

test('a player writes a post, a visitor reads it signed out, another player replies and reports it @mobile @postgres', async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  const word = uniqueWord('Post');
  const title = `${word} keeper needed Saturday`;
  const text = `Our keeper is out for the ${word} game. Bring gloves, details at https://example.com/${word} and more words so the card cuts this text after one hundred characters.`;
  await signUpWithProfile(page, newPerson('Writer'));

  // The board is in the main navigation: 'Community Posts' and the fixed categories (spec §3).
  await page.goto('/home');
  if (isMobile) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community Posts' }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(page.getByRole('heading', { name: 'Community Posts', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Test subcategories' }).getByRole('link')).toHaveText([
    'Tester',
    'Volunteer Opportunities',
    'Miscellaneous',
  ]);
  await expectAccessible(page);
  await page
    .getByRole('list', { name: 'Play & Competition subcategories' })
    .getByRole('link', { name: 'Sub Needed' })
    .click();
  await expect(page.getByRole('heading', { name: 'Posts in Play & Competition - Sub Needed', level: 1 })).toBeVisible();

  // The dialog starts in the list it is opened from, also after moving to another subcategory.
  const subcategories = page.getByRole('radiogroup', { name: 'Subcategories' });
  const dialog = page.getByRole('dialog', { name: 'Write a post' });
  await subcategories.getByText('Find a Game', { exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Posts in Play & Competition - Find a Game', level: 1 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Write a post' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Subcategory' })).toHaveValue('Find a Game');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await subcategories.getByText('Sub Needed', { exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/play-competition\/sub-needed$/);

  // Writing: the fields' errors beside them, then the post.
  await page.getByRole('button', { name: 'Write a post' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Subcategory' })).toHaveValue('Sub Needed');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByText('Give the post a title.')).toBeVisible();
  await expect(dialog.getByText('Write the post.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).fill(text);
  await dialog.getByRole('textbox', { name: 'Place' }).fill('Zilker Park field 3');
  await dialog.getByLabel('Date').fill('2031-05-03');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/play-competition\/sub-needed\/[0-9a-f-]{36}$/);
  const postUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `https://example.com/${word}` })).toHaveAttribute(
    'href',
    `https://example.com/${word}`,
  );

  // Editing keeps the rest.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit post' });
  await edit.getByRole('textbox', { name: 'Title' }).fill(`${title} (9am)`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: `${title} (9am)`, level: 1 })).toBeVisible();
  await expect(page.getByText('Zilker Park field 3')).toBeVisible();

  // A link shared in a chat app: the server's HTML names the post, without JavaScript.
  const html = await (await request.get(postUrl)).text();
  expect(html).toContain(`<title>${title} (9am) | Play &amp; Competition - Sub Needed</title>`);
  expect(html).toContain(`<meta name="description" content="${text.slice(0, 100)}...">`);

  // A signed-out visitor finds it by search, reads the card and opens it.
  const visitorContext = await browser.newContext(
    isMobile ? { viewport: { width: 375, height: 740 }, isMobile: true } : {},
  );
  const visitor = await visitorContext.newPage();
  await visitor.goto('/posts/play-competition/sub-needed');
  await visitor.getByRole('searchbox', { name: 'Search in Play & Competition' }).fill(word);
  const card = visitor.getByRole('article', { name: `${title} (9am)` });
  await expect(card.getByText(`${text.slice(0, 100)}...`)).toBeVisible();
  // When it was written, as on any board.
  await expect(card.getByText(/· Posted \w{3} \d{1,2}, \d{4}/)).toBeVisible();
  await expectAccessible(visitor);
  await card.getByRole('link', { name: 'View More' }).click();
  await expect(visitor).toHaveURL(new RegExp(`${postUrl}$`));
  await expect(visitor.getByRole('heading', { name: `${title} (9am)`, level: 1 })).toBeVisible();
  await expect(visitor.getByText(/^Posted \w{3} \d{1,2}, \d{4}.* · Edited$/)).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Sign in to reply' })).toBeVisible();
  await expectAccessible(visitor);
  await visitorContext.close();

  // Another player replies, and the writer answers in that thread.
  const replierContext = await browser.newContext(
    isMobile ? { viewport: { width: 375, height: 740 }, isMobile: true } : {},
  );
  const replier = await replierContext.newPage();
  const replierPerson = newPerson('Replier');
  await signUpWithProfile(replier, replierPerson);
  await replier.goto(postUrl);
  await replier.getByRole('textbox', { name: 'Your reply' }).fill('I can play in goal.');
  await replier.getByRole('button', { name: 'Send reply' }).click();
  await expect(replier.getByRole('article', { name: `Reply by ${replierPerson.name}` })).toContainText(
    'I can play in goal.',
  );
  await expect(replier.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');

  await page.reload();
  // Not a tap made before app-start.js has arrived (decision 084's "Left": the page can paint before).
  await expect(page.locator(appStarted)).toHaveCount(1);
  await page.getByRole('button', { name: `Reply to ${replierPerson.name}` }).click();
  await page.getByRole('textbox', { name: `Reply to ${replierPerson.name}` }).fill('Great, see you at 9.');
  await page.getByRole('button', { name: 'Send reply' }).first().click();
  await expect(page.getByText('Great, see you at 9.')).toBeVisible();

  // The replier reports the post once: the dialog asks why, then the button says it is done.
  await replier.getByRole('button', { name: 'Report' }).click();
  const report = replier.getByRole('dialog', { name: 'Report this post' });
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(report.getByText('Choose a reason.')).toBeVisible();
  await report.getByRole('radio', { name: 'Spam or advertising' }).check();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(replier.getByText('Thanks. Huddle’s team will look at this post.')).toBeVisible();
  await expect(replier.getByRole('button', { name: 'Reported' })).toBeDisabled();
  await replierContext.close();

  // The writer deletes it, after confirming; it leaves the board.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
  await expect(page).toHaveURL(/\/posts\/play-competition\/sub-needed$/);
  await page.getByRole('searchbox', { name: 'Search in Play & Competition' }).fill(word);
  await expect(page.getByText('No posts found in this category.')).toBeVisible();
});

test('a list addressed by category names lands on its slug address; an unknown one is only "not found" @mobile', async ({
  page,
}) => {
  await page.goto('/posts/Play%20%26%20Competition/Sub%20Needed?q=keeper');
  await expect(page).toHaveURL(/\/posts\/play-competition\/sub-needed\?q=keeper$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    postMessages.listHeading('Play & Competition', 'Sub Needed'),
  );
  await page.goto('/posts/gear%20%26%20EQUIPMENT');
  await expect(page).toHaveURL(/\/posts\/gear-equipment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts in Gear & Equipment');

  // An address that names nothing is the not-found page, without a list's empty message.
  await page.goto('/posts/Knitting/Sub%20Needed');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('having a hard time finding the page');
  await expect(page).toHaveTitle('Page not found | Huddle');
  await expect(page.getByText(postMessages.empty)).toHaveCount(0);
  await page.goto('/posts/play-competition/lost-found');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('having a hard time finding the page');
  await expect(page.getByText(postMessages.empty)).toHaveCount(0);
});
