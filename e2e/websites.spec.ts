import type { Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { createPublishedForm, createTeam, createTeamGame } from './support/team-site.ts';

/** Issue 15: team websites built with the page editor, published, and read by visitors. */

/** A 160 × 120 px green picture: a real PNG the server accepts (not square, so its stored size shows). */
const picturePng = await sharp({
  create: { width: 160, height: 120, channels: 3, background: '#2f9e44' },
})
  .png()
  .toBuffer();

/** The file input of an Upload button (Mantine's FileButton puts it right before the button). */
const fileInputOf = (page: Page, buttonName: string) =>
  page
    .getByRole('button', { name: buttonName, exact: true })
    .locator('xpath=preceding-sibling::input[@type="file"][1]');

test('an organizer builds a team site from a template and a visitor on a phone reads it', async ({
  page,
  browser,
  isMobile,
}) => {
  const word = uniqueWord('Site');
  const teamName = `${word} FC`;
  const gameTitle = `${word} league night`;
  const formTitle = `${word} tryouts`;
  await signUpWithProfile(page, newPerson('Builder'));
  const teamId = await createTeam(page, teamName);
  await createTeamGame(page, teamId, gameTitle);
  const formId = await createPublishedForm(page, teamId, formTitle);

  // site: a new website from the Club template, for the team; Websites is in the main navigation.
  await page.goto('/home');
  if (isMobile) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Websites' }).click();
  await expect(page).toHaveURL(/\/site$/);
  await page.getByRole('combobox', { name: 'For' }).click();
  await page.getByRole('option', { name: teamName }).click();
  await page.getByRole('button', { name: 'Create website' }).click();
  await expect(page).toHaveURL(/\/site\/build\/[0-9a-f-]{36}$/);
  const websiteId = /\/site\/build\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';

  // The template's hero carries the team's name: select it on the canvas and change its text.
  await page.getByRole('heading', { name: teamName, level: 2 }).click();
  const heroText = page.getByRole('textbox', { name: 'Text' });
  await heroText.fill(`Welcome to ${teamName}, everyone plays.`);
  await expect(page.getByText(`Welcome to ${teamName}, everyone plays.`).last()).toBeVisible();

  // Two live blocks: the team's upcoming events and its form.
  await page.getByRole('combobox', { name: 'Block' }).selectOption('UpcomingEvents');
  await page.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByText(gameTitle).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Block' }).selectOption('Form');
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('combobox', { name: 'Form', exact: true }).selectOption(formId);
  // The canvas draws the form inline as visitors get it (decision 049); only visitors send it.
  await expect(page.getByRole('form', { name: formTitle }).getByRole('textbox', { name: 'Position' })).toBeVisible();
  // And a map of where the team plays, drawn on the canvas inside the app's theme.
  await page.getByRole('combobox', { name: 'Block' }).selectOption('Map');
  await page.getByRole('button', { name: 'Add block' }).click();
  const mapOf = (on: Page) => on.getByRole('region', { name: 'Map of Where we play' });
  await expect(mapOf(page).getByRole('button', { name: `${gameTitle} Park` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // Leaving with unsaved changes asks first; staying keeps them, and they save.
  await page.getByLabel('Site title').fill(`${teamName} official`);
  await page.goBack();
  await expect(page.getByText('You have unsaved changes. Leave without saving?')).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/build/${websiteId}$`));
  await expect(page.getByLabel('Site title')).toHaveValue(`${teamName} official`);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // A signed-out visitor on a phone.
  const visitorContext = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/organization/${teamId}`);
  await expect(visitor.getByRole('heading', { name: teamName, level: 2 })).toBeVisible();
  await expect(visitor.getByText(`Welcome to ${teamName}, everyone plays.`)).toBeVisible();
  // The template's events block and the one added both list it.
  await expect(visitor.getByRole('link', { name: gameTitle, exact: true })).toHaveCount(2);
  await expect(visitor.getByRole('form', { name: formTitle }).getByRole('textbox', { name: 'Position' })).toBeVisible();
  // The map brings its own light theme to a site page, which has no app around it.
  await mapOf(visitor)
    .getByRole('button', { name: `${gameTitle} Park` })
    .click();
  await expect(mapOf(visitor).getByRole('link', { name: `${gameTitle} Park` })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(`${teamName} official`));
  await expectAccessible(visitor);
  await visitor.getByRole('navigation', { name: 'Website pages' }).getByRole('link', { name: 'Join' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/organization/${teamId}/join$`));
  await expect(visitor.getByRole('heading', { name: 'Join', level: 1 })).toBeVisible();
  await visitorContext.close();
});

/**
 * A new person with a new site from `template`, in the builder with one block of `block` added:
 * where the upload and rich-text journeys start.
 */
async function builderWithNewBlock(page: Page, personLabel: string, block: string): Promise<string> {
  await signUpWithProfile(page, newPerson(personLabel));
  const created = await page.request.post('/api/websites', { data: { template: 'club' } });
  expect(created.status()).toBe(201);
  const { id: websiteId } = (await created.json()) as { id: string };
  await page.goto(`/site/build/${websiteId}`);
  await page.getByRole('combobox', { name: 'Block' }).selectOption(block);
  await page.getByRole('button', { name: 'Add block' }).click();
  return websiteId;
}

test('a published personal site: its pages by path, its own not-found page, and previews in the HTML @mobile', async ({
  page,
  request,
}) => {
  const word = uniqueWord('Page');
  await signUpWithProfile(page, newPerson('Pages'));
  const created = await page.request.post('/api/websites', { data: { template: 'league' } });
  expect(created.status()).toBe(201);
  const site = (await created.json()) as { id: string; version: number; document: object };
  const meta = { title: `${word} League`, description: `Weekly games of ${word}`, logoUrl: '' };
  expect(
    (
      await page.request.put(`/api/websites/${site.id}`, {
        data: { version: site.version, meta, document: site.document },
      })
    ).status(),
  ).toBe(200);
  expect((await page.request.post(`/api/websites/${site.id}/publish`, { data: { published: true } })).status()).toBe(
    200,
  );

  // The HTML itself carries the preview tags (no JavaScript).
  const html = await (await request.get(`/site/view/${site.id}/schedule`)).text();
  expect(html).toContain(`<meta property="og:title" content="Schedule | ${word} League">`);
  expect(html).toContain(`<meta property="og:description" content="Weekly games of ${word}">`);

  // A light page (decision 041): the site is in the HTML (no request for it) and the scripts carry
  // no Mantine, React Router or zod; a few of Huddle's API reads for the live blocks at most.
  const scripts: Promise<string>[] = [];
  const apiCalls: string[] = [];
  const listen = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
    if (new URL(response.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(response.url()).pathname);
  };
  page.on('response', listen);
  await page.goto(`/site/view/${site.id}/schedule`);
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', listen);
  const code = (await Promise.all(scripts)).join('\n');
  expect(scripts.length).toBeGreaterThan(0);
  expect(code).not.toContain('mantine-color-scheme');
  expect(code).not.toContain('You should call navigate');
  expect(code).not.toContain('ZodError');
  expect(apiCalls.filter((call) => call.startsWith('/api/websites'))).toEqual([]);
  await expectAccessible(page);
  await page.goto(`/site/view/${site.id}/no-such-page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/view/${site.id}$`));
  await expect(page.getByRole('heading', { name: `${word} League`, level: 1 })).toBeAttached();

  // Spec §2 guard: no id, or a team without a website, goes to the root (home, signed in).
  await page.goto('/organization');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/organization/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/home$/);

  // A link to the site inside Huddle's app loads the site's own page.
  await page.goto('/site');
  await page.getByRole('link', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/site/view/${site.id}$`));
  await expect(page.getByRole('navigation', { name: 'Website pages' })).toBeVisible();
});

test('an organizer uploads pictures for the image blocks, sees them in the builder, and visitors see them published', async ({
  page,
  browser,
}) => {
  const word = uniqueWord('Pics');
  const websiteId = await builderWithNewBlock(page, 'Pictures', 'Image');

  // A file that only claims to be a picture is refused beside the field, and nothing is set.
  const imageField = page.getByRole('textbox', { name: 'Image (https://… or upload)', exact: true });
  await expect(imageField).toHaveValue('');
  await fileInputOf(page, 'Upload image (https://… or upload)').setInputFiles({
    name: 'not-a-picture.png',
    mimeType: 'image/png',
    buffer: Buffer.from('plain text, not a PNG'),
  });
  await expect(page.getByText('Upload a JPEG, PNG or WebP image.')).toBeVisible();
  await expect(imageField).toHaveValue('');

  // A real picture: stored by Huddle, its address filled in, drawn on the canvas at once.
  await fileInputOf(page, 'Upload image (https://… or upload)').setInputFiles({
    name: 'team.png',
    mimeType: 'image/png',
    buffer: picturePng,
  });
  await expect(imageField).toHaveValue(/^\/uploads\/\S+$/);
  const imageUrl = await imageField.inputValue();
  await page.getByRole('textbox', { name: 'Description for screen readers' }).fill(`${word} team photo`);
  const preview = page.getByRole('img', { name: `${word} team photo` });
  await expect(preview).toHaveAttribute('src', imageUrl);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
  // Its size is measured and kept with the block (decision 044): the page reserves its space.
  await expect(preview).toHaveAttribute('width', '160');
  await expect(preview).toHaveAttribute('height', '120');

  // The hero's background, uploaded the same way.
  await page.getByRole('heading', { name: 'My website', level: 2 }).click();
  const heroField = page.getByRole('textbox', { name: 'Background image (https://… or upload)', exact: true });
  await fileInputOf(page, 'Upload background image (https://… or upload)').setInputFiles({
    name: 'hero.png',
    mimeType: 'image/png',
    buffer: picturePng,
  });
  await expect(heroField).toHaveValue(/^\/uploads\/\S+$/);
  const heroUrl = await heroField.inputValue();
  expect(heroUrl).not.toBe(imageUrl);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // A visitor reads both pictures on the published site.
  const visitorContext = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/site/view/${websiteId}`);
  const published = visitor.getByRole('img', { name: `${word} team photo` });
  await published.scrollIntoViewIfNeeded();
  await expect(published).toHaveAttribute('src', imageUrl);
  await expect.poll(() => published.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
  await expect(published).toHaveAttribute('width', '160');
  await expect(published).toHaveAttribute('height', '120');
  await expect(
    visitor.locator('section', { has: visitor.getByRole('heading', { name: 'My website', level: 2 }) }),
  ).toHaveAttribute('style', new RegExp(heroUrl.replaceAll('.', '\\.')));
  expect((await visitor.request.get(heroUrl)).headers()['content-type']).toMatch(/^image\//);
  await visitorContext.close();
});

test('an organizer formats text in the rich-text block; visitors read it formatted, and markup stays text', async ({
  page,
  browser,
}) => {
  const word = uniqueWord('Rich');
  const websiteId = await builderWithNewBlock(page, 'Writer', 'RichText');

  // Puck's rich text field: a heading, bold and italic by keyboard, a bulleted list, and typed markup.
  const editor = page.locator('[contenteditable="true"].ProseMirror').filter({ visible: true }).first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(`### ${word} tryouts`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bring ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('boots');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' and ');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.type('water');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- Saturday');
  await page.keyboard.press('Enter');
  await page.keyboard.type('<script>window.hacked = 1</script>');
  await expect(page.getByRole('heading', { name: `${word} tryouts`, level: 3 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // Saved (autosave) as the structure, not HTML.
  const savedContent = async () => {
    const draft = (await (await page.request.get(`/api/websites/${websiteId}/draft`)).json()) as {
      document: { pages: { content: { type: string; props: { content?: unknown } }[] }[] };
    };
    return draft.document.pages[0]?.content.find((each) => each.type === 'RichText')?.props.content;
  };
  await expect.poll(savedContent, { timeout: 15_000 }).toEqual([
    { type: 'heading3', runs: [{ text: `${word} tryouts` }] },
    {
      type: 'paragraph',
      runs: [{ text: 'Bring ' }, { text: 'boots', bold: true }, { text: ' and ' }, { text: 'water', italic: true }],
    },
    { type: 'bulletList', items: [[{ text: 'Saturday' }], [{ text: '<script>window.hacked = 1</script>' }]] },
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  const visitorContext = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/site/view/${websiteId}`);
  await expect(visitor.getByRole('heading', { name: `${word} tryouts`, level: 3 })).toBeVisible();
  await expect(visitor.locator('strong', { hasText: 'boots' })).toBeVisible();
  await expect(visitor.locator('em', { hasText: 'water' })).toBeVisible();
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Saturday' })).toBeVisible();
  await expect(visitor.getByText('<script>window.hacked = 1</script>')).toBeVisible();
  expect(await visitor.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await expectAccessible(visitor);
  await visitorContext.close();
});

test('the demo community’s published site reads well: its season’s Register button keeps its text colour on the accent', async ({
  page,
}) => {
  await signUpWithProfile(page, newPerson('Reader'));
  await page.goto('/teams');
  await page.getByLabel('Search teams by name').fill('Austin Pickup');
  await page.getByRole('link', { name: /Austin Pickup Soccer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Austin Pickup Soccer' })).toBeVisible();
  const teamId = new URL(page.url()).pathname.split('/').pop()!;

  await page.goto(`/organization/${teamId}`);
  const register = page.getByRole('link', { name: /^Register for / }).first();
  await expect(register).toBeVisible();
  // The card's links take the primary colour; its button must not (green on orange was 1.7:1).
  const colours = await register.evaluate((element) => {
    const style = getComputedStyle(element);
    return { text: style.color, background: style.backgroundColor };
  });
  expect(colours.text).not.toBe(colours.background);
  expect(colours.text).toBe('rgb(0, 0, 0)');
  await expectAccessible(page);

  // The team's upcoming games come with the page: they show with the events API cut off, and their
  // block takes the room they need, no more (it keeps 160 px only while it waits for them).
  await page.route('**/api/teams/*/events', (route) => route.abort());
  await page.reload();
  const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming games' }) });
  await expect(upcoming.getByRole('link').first()).toBeVisible();
  expect(await upcoming.evaluate((element) => getComputedStyle(element).minHeight)).toBe('0px');
});
