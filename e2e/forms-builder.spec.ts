import { readFile } from 'node:fs/promises';
import { formMessages } from '@huddle/shared/forms';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { austin, signUpWithProfile } from './support/people.ts';

/** The builder's card for a field, by its type and label (the list item's name). */
const fieldCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Fields' }).getByRole('listitem', { name, exact: true });

async function addField(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a field' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

/** Waits for the autosave to land. */
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

async function labelField(card: Locator, input: string, label: string): Promise<void> {
  await card.getByRole('textbox', { name: input }).fill(label);
}

test('an organizer builds a two-page form with a condition, a visitor fills it on a phone, the organizer reads, marks and exports it @mobile @postgres', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const organizer = newPerson('Former');
  await signUpWithProfile(page, organizer);
  const title = `Keeper tryouts ${Date.now().toString(36)}`;

  // Home's quick link leads to Your forms, empty for a new organizer.
  await page.goto('/home');
  await page.getByRole('link', { name: 'Your Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your forms' })).toBeVisible();
  await expect(page.getByText('No forms yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New form' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page).toHaveURL(/\/form\/build\/[0-9a-f-]{36}$/);
  const formId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Page 1: a required choice, and a question shown only to keepers.
  await addField(page, 'Single choice');
  let card = fieldCard(page, 'Single choice: Single choice');
  await labelField(card, 'Single choice label', 'Position');
  card = fieldCard(page, 'Single choice: Position');
  await card.getByRole('textbox', { name: 'Option 1' }).fill('Keeper');
  await card.getByRole('textbox', { name: 'Option 2' }).fill('Field player');
  await card.getByRole('switch', { name: 'Required' }).check();
  await card.getByRole('button', { name: 'Done' }).click();

  await addField(page, 'Short answer');
  card = fieldCard(page, 'Short answer: Short answer');
  await labelField(card, 'Short answer label', 'Glove size');
  card = fieldCard(page, 'Short answer: Glove size');
  await card.getByRole('switch', { name: 'Required' }).check();
  await card.getByRole('combobox', { name: 'Show this field only when' }).selectOption({ label: 'Position' });
  await card.getByRole('combobox', { name: 'Answer is' }).selectOption({ label: 'Keeper' });
  await card.getByRole('button', { name: 'Done' }).click();

  // Page 2: a nickname, then the required checkbox.
  await addField(page, 'Page break');
  await labelField(fieldCard(page, 'Page break: Next page'), 'Page title', 'Club rules');
  await addField(page, 'Checkbox');
  card = fieldCard(page, 'Checkbox: I agree');
  await labelField(card, 'Checkbox label', 'I agree to the club rules');
  card = fieldCard(page, 'Checkbox: I agree to the club rules');
  await card.getByRole('switch', { name: 'Required (must be ticked)' }).check();
  await card.getByRole('button', { name: 'Done' }).click();
  await addField(page, 'Short answer');
  await labelField(fieldCard(page, 'Short answer: Short answer'), 'Short answer label', 'Nickname');
  await fieldCard(page, 'Short answer: Nickname').getByRole('button', { name: 'Done' }).click();

  // Reorder with the keyboard: dnd-kit's keyboard sensor on the drag handle (Space, arrow, Space)…
  const fieldsInOrder = page.getByRole('list', { name: 'Fields' }).getByRole('listitem');
  await page.getByRole('button', { name: 'Drag Nickname' }).focus();
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    // The sensor moves on the next animation frames.
    await page.waitForTimeout(250);
  }
  await expect(fieldsInOrder.nth(3)).toHaveAccessibleName('Short answer: Nickname');
  // …and the Move down / Move up buttons.
  await page.getByRole('button', { name: 'Move Nickname down' }).focus();
  await page.keyboard.press('Enter');
  await expect(fieldsInOrder.nth(4)).toHaveAccessibleName('Short answer: Nickname');
  await page.getByRole('button', { name: 'Move Nickname up' }).focus();
  await page.keyboard.press('Enter');
  await expect(fieldsInOrder).toHaveText([
    /Position/,
    /Glove size/,
    /Club rules/,
    /Nickname/,
    /I agree to the club rules/,
  ]);

  // Settings: the confirmation message.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Confirmation message' }).fill('See you at tryouts!');
  await saved(page);
  await expectAccessible(page);

  // Leaving with an unsaved change asks first; staying keeps it, and it saves.
  await page.getByRole('textbox', { name: 'Description' }).fill('Saturday 9 am at the north field.');
  await page.getByRole('link', { name: '← Your forms' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave the builder?' });
  await expect(leave.getByText(formMessages.leaveUnsaved)).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/form/build/${formId}$`));
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Saturday 9 am at the north field.');
  await saved(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // A visitor, signed out, on a phone.
  const visitorContext = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const visitor = await visitorContext.newPage();
  const guest = newPerson('Keeper');
  await visitor.goto(`/form/${formId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Saturday 9 am at the north field.')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Your name' }).fill(guest.name);
  await visitor.getByRole('textbox', { name: 'Your email' }).fill(guest.email);
  await expect(visitor.getByRole('textbox', { name: 'Glove size' })).toHaveCount(0);
  await visitor.getByRole('radio', { name: 'Keeper' }).check();
  // The condition holds: the glove size shows, and is required.
  await visitor.getByRole('button', { name: 'Next' }).click();
  const gloves = visitor.getByRole('textbox', { name: 'Glove size' });
  await expect(gloves).toHaveAccessibleDescription(/This field is required\./);
  await expect(gloves).toBeFocused();
  await expectAccessible(visitor);
  await gloves.fill('M');
  await visitor.getByRole('button', { name: 'Next' }).click();
  await expect(visitor.getByRole('heading', { name: 'Club rules' })).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Nickname' }).fill('The Wall');
  // Back keeps the answers of the first page, and Next those of the second.
  await visitor.getByRole('button', { name: 'Back' }).click();
  await expect(visitor.getByRole('radio', { name: 'Keeper' })).toBeChecked();
  await expect(visitor.getByRole('textbox', { name: 'Glove size' })).toHaveValue('M');
  await expect(visitor.getByRole('textbox', { name: 'Your name' })).toHaveValue(guest.name);
  await visitor.getByRole('button', { name: 'Next' }).click();
  await expect(visitor.getByRole('textbox', { name: 'Nickname' })).toHaveValue('The Wall');
  await visitor.getByRole('button', { name: 'Submit' }).click();
  const agree = visitor.getByRole('checkbox', { name: 'I agree to the club rules' });
  await expect(agree).toHaveAccessibleDescription(/Tick the box to go on\./);
  await agree.check();
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByText('See you at tryouts!')).toBeVisible();
  await expectAccessible(visitor);
  await visitorContext.close();

  // The organizer finds it, searches, marks it and downloads the CSV.
  await page.getByRole('link', { name: '← Your forms' }).click();
  const row = page.getByRole('listitem', { name: title });
  await expect(row.getByText(/1 submission\b/)).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Submissions' }).click();
  await expect(page).toHaveURL(new RegExp(`/form/${formId}/submissions$`));
  await page.getByRole('textbox', { name: 'Search' }).fill('the wall');
  await expect(page.getByRole('status').filter({ hasText: /^1 submission$/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Search' }).fill('nobody-like-this');
  await expect(page.getByText('No submission matches.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(guest.email);
  await page.getByRole('link', { name: guest.name }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: guest.name })).toBeVisible();
  await expect(page.getByText('Keeper', { exact: true })).toBeVisible();
  await expect(page.getByText('The Wall', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Marked' }).check();
  await expect(page.getByRole('switch', { name: 'Marked' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Submissions of/ }).click();
  await page.getByRole('combobox', { name: 'Marked' }).selectOption({ label: 'Marked' });
  await expect(page.getByRole('status').filter({ hasText: /^1 submission$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: guest.name }).filter({ visible: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toContain(guest.email);
  expect(csv).toContain('Glove size');
  expect(csv).toContain('The Wall');
});

test('Your forms: duplicate, close (fillers read that it is closed), reopen and delete with confirmation', async ({
  page,
}) => {
  const organizer = newPerson('Lister');
  await signUpWithProfile(page, organizer);
  const title = `Season survey ${Date.now().toString(36)}`;

  // form/build opens a new form's builder; its first edit stores it, at its own address.
  await page.goto('/form/build');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('tab', { name: 'Fields' }).click();
  await addField(page, 'Paragraph');
  await saved(page);
  await expect(page).toHaveURL(/\/form\/build\/[0-9a-f-]{36}$/);
  const formId = page.url().split('/').at(-1) ?? '';
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: '← Your forms' }).click();

  const original = page.getByRole('listitem', { name: title, exact: true });
  await original.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/form\/build\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(formId);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: '← Your forms' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(2);

  await original.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Close' }).click();
  await expect(original.getByText('Closed', { exact: true })).toBeVisible();
  await page.goto(`/form/${formId}`);
  await expect(page.getByText(formMessages.closed)).toBeVisible();
  await page.goBack();

  await original.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Reopen' }).click();
  await expect(original.getByText('Published', { exact: true })).toBeVisible();

  await original.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(confirm.getByText(formMessages.deleteConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete form' }).click();
  await expect(original).toHaveCount(0);
  await page.goto(`/form/${formId}`);
  await expect(page.getByText(formMessages.notFound)).toBeVisible();
});

test('a team’s form belongs to the team: its seasons to register for, who reads submissions, and adding a filler to the roster', async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  const organizer = newPerson('Coach');
  await signUpWithProfile(page, organizer);
  const stamp = Date.now().toString(36);
  const team = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Form Kickers ${stamp}`,
      gameType: 'Soccer',
      description: 'Tuesday pickup.',
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  expect(team.status()).toBe(201);
  const { id: teamId, name: teamName } = (await team.json()) as { id: string; name: string };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const season = await page.request.post(`/api/teams/${teamId}/seasons`, {
    data: {
      label: 'Spring League',
      startsOn: day(30),
      endsOn: day(90),
      registrationOpensAt: new Date().toISOString(),
      registrationClosesAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      capacity: null,
      feeCents: null,
    },
  });
  expect(season.status()).toBe(201);

  // Your forms, from the main navigation.
  await page.goto('/home');
  if (isMobile) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page).toHaveURL(/\/form$/);
  await page.getByRole('button', { name: 'New form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New form' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Spring registration ${stamp}`);
  await dialog.getByRole('combobox', { name: 'Owner' }).selectOption({ label: teamName });
  await dialog.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page.getByText(`A form of ${teamName}`)).toBeVisible();
  await expect(page).toHaveURL(/\/form\/build\/[0-9a-f-]{36}$/);
  const formId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Season' }).selectOption({ label: 'Spring League' });
  await page.getByRole('radio', { name: 'Only the form’s owner' }).check();
  await saved(page);
  await expectAccessible(page);

  // What was saved is what the builder opens with next time.
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('combobox', { name: 'Season' })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByRole('radio', { name: 'Only the form’s owner' })).toBeChecked();
  await page.getByRole('link', { name: '← Your forms' }).click();
  await expect(page.getByRole('listitem', { name: `Spring registration ${stamp}` }).getByText(teamName)).toBeVisible();

  // A player fills it in (which registers them for the season); the organizer adds them to the
  // roster from their submission (spec §2, form/{formId}/team-form-add/{userId}).
  expect((await page.request.post(`/api/forms/${formId}/status`, { data: { status: 'published' } })).status()).toBe(
    200,
  );
  const playerContext = await browser.newContext({ baseURL });
  const playerPage = await playerContext.newPage();
  const player = newPerson('Striker');
  await signUpWithProfile(playerPage, player);
  await playerPage.goto(`/form/${formId}`);
  await playerPage.getByRole('button', { name: 'Submit' }).click();
  await expect(playerPage.getByText(formMessages.defaultConfirmation)).toBeVisible();
  await playerContext.close();
  const listed = await page.request.get(`/api/forms/${formId}/submissions`);
  const [sent] = ((await listed.json()) as { submissions: { id: string; name: string }[] }).submissions;
  // Their full name, as the form took it from their profile.
  const filler = sent?.name ?? '';
  expect(filler).toContain(player.name);
  const submissionId = sent?.id;
  await page.goto(`/form/${formId}/${submissionId}`);
  await page.getByRole('link', { name: `Add ${filler} to the team` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Add ${filler} to ${teamName}` })).toBeVisible();
  await expect(page.getByText(`Not on the ${teamName} roster yet.`)).toBeVisible();
  await expect(page.getByText('Registered for Spring League.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Add to ${teamName}` }).click();
  await expect(page.getByText(`${filler} is on the team and registered for Spring League.`)).toBeVisible();
  await expect(page.getByText(`On the ${teamName} roster.`)).toBeVisible();
});

test('opening the builder makes no form; the first edit makes one, with everything typed while it was being made @mobile', async ({
  page,
}) => {
  await signUpWithProfile(page, newPerson('Drafter'));
  const title = `Carpool survey ${Date.now().toString(36)}`;
  const myForms = async () => ((await (await page.request.get('/api/forms')).json()) as { forms: unknown[] }).forms;

  // Spec §2, form/build: opened three times and left, it leaves no "Untitled form" behind.
  for (let visit = 0; visit < 3; visit += 1) {
    await page.goto('/form/build');
    await expect(page.getByText('Not saved yet: your first change saves the form.')).toBeVisible();
    await page.goto('/form');
    await expect(page.getByText('No forms yet')).toBeVisible();
  }
  expect(await myForms()).toEqual([]);

  // The first edit creates the form; what is typed while the server makes it is kept and saved.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let creates = 0;
  await page.route('**/api/forms', async (route) => {
    if (route.request().method() === 'POST') {
      creates += 1;
      await released;
    }
    await route.continue();
  });
  await page.goto('/form/build');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(page.getByRole('status').filter({ hasText: /^Saving…$/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Fields' }).click();
  await addField(page, 'Short answer');
  release();
  await saved(page);
  await expect(page).toHaveURL(/\/form\/build\/[0-9a-f-]{36}$/);
  expect(creates).toBe(1);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(fieldCard(page, 'Short answer: Short answer')).toBeVisible();
  expect(await myForms()).toHaveLength(1);
});
