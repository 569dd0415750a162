import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { createTeam } from './support/team-site.ts';

/**
 * Issue 15 with decision 049: a website's form block draws the published form inline, with the
 * site's own controls, and sends it to the same API as form/{id}; a form that needs its own page
 * (here: a signature) links there instead.
 */

interface Draft {
  id: string;
  version: number;
  meta: object;
  document: {
    pages: { path: string; content: { type: string; props: Record<string, unknown> }[] }[];
  };
}

const tryoutFields = [
  { type: 'heading', id: 'about', label: 'About you' },
  { type: 'short_text', id: 'position', label: 'Position', required: true, help: 'Where you like to play.' },
  {
    type: 'single_choice',
    id: 'level',
    label: 'Level',
    required: true,
    options: [
      { id: 'new', label: 'New to the game' },
      { id: 'club', label: 'Played in a club' },
    ],
  },
  {
    type: 'multiple_choice',
    id: 'days',
    label: 'Days you can play',
    options: [
      { id: 'sat', label: 'Saturday' },
      { id: 'sun', label: 'Sunday' },
    ],
  },
  {
    type: 'dropdown',
    id: 'shirt',
    label: 'Shirt size',
    options: [
      { id: 'm', label: 'M' },
      { id: 'l', label: 'L' },
    ],
  },
  { type: 'number', id: 'age', label: 'Age', min: 5, max: 99, wholeNumber: true },
  { type: 'date', id: 'since', label: 'Playing since' },
  { type: 'phone', id: 'phone', label: 'Phone' },
  { type: 'long_text', id: 'notes', label: 'Anything else?' },
  { type: 'checkbox', id: 'rules', label: 'I follow the rules of play', required: true },
];

async function publishForm(page: Page, teamId: string, title: string, fields: object[]): Promise<string> {
  const created = await page.request.post('/api/forms', { data: { title, teamId } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const saved = await page.request.put(`/api/forms/${id}`, {
    data: { version: 1, title, fields, settings: { confirmationMessage: 'See you at the tryouts!' } },
  });
  expect(saved.status()).toBe(200);
  expect((await page.request.post(`/api/forms/${id}/status`, { data: { status: 'published' } })).status()).toBe(200);
  return id;
}

test('a visitor on a phone fills a site’s form inline, and the server’s error shows beside its field', async ({
  page,
  browser,
}) => {
  const word = uniqueWord('Inline');
  const teamName = `${word} FC`;
  const formTitle = `${word} tryouts`;
  await signUpWithProfile(page, newPerson('Inliner'));
  const teamId = await createTeam(page, teamName);
  const formId = await publishForm(page, teamId, formTitle, tryoutFields);
  const waiverId = await publishForm(page, teamId, `${word} waiver`, [
    { type: 'signature', id: 'waiver', label: 'Waiver', waiverText: 'I play at my own risk.' },
  ]);

  // The Club template's Join page with its form block set to the tryouts, and a second block with the waiver.
  const created = await page.request.post('/api/websites', { data: { template: 'club', teamId } });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as Draft;
  const document = {
    ...draft.document,
    pages: draft.document.pages.map((sitePage) => ({
      ...sitePage,
      content: sitePage.content.flatMap((block) =>
        block.type === 'Form'
          ? [
              { ...block, props: { ...block.props, formId } },
              { type: 'Form', props: { id: 'form-2', heading: 'Waiver', formId: waiverId, buttonLabel: '' } },
            ]
          : [block],
      ),
    })),
  };
  const saved = await page.request.put(`/api/websites/${draft.id}`, {
    data: { version: draft.version, meta: draft.meta, document },
  });
  expect(saved.status()).toBe(200);
  const published = await page.request.post(`/api/websites/${draft.id}/publish`, { data: { published: true } });
  expect(published.status()).toBe(200);

  // A signed-out visitor on a phone opens the Join page.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const visitor = await context.newPage();
  await visitor.goto(`/organization/${teamId}/join`);
  const form = visitor.getByRole('form', { name: formTitle });
  await expect(form).toBeVisible();
  await expect(form.getByRole('heading', { name: 'About you', level: 4 })).toBeVisible();

  // Sent empty: the shared checker's messages beside the fields, focus on the first.
  await form.getByRole('button', { name: 'Register' }).click();
  const name = form.getByRole('textbox', { name: 'Your name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('At least 2 characters.');
  const position = form.getByRole('textbox', { name: 'Position' });
  await expect(position).toHaveAttribute('aria-invalid', 'true');
  await expect(position).toHaveAccessibleDescription('Where you like to play. This field is required.');
  await expect(form.getByRole('group', { name: 'Level' })).toHaveAccessibleDescription('This field is required.');
  await expect(form.getByRole('checkbox', { name: 'I follow the rules of play' })).toHaveAccessibleDescription(
    'Tick the box to go on.',
  );
  await expectAccessible(visitor);

  // Filled in, partly by keyboard.
  const guest = newPerson('Visitor');
  await name.fill(guest.name);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Your email' }).fill(guest.email);
  await position.fill('Winger');
  await form.getByRole('radio', { name: 'New to the game' }).focus();
  await visitor.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Played in a club' })).toBeChecked();
  await form.getByRole('checkbox', { name: 'Sunday' }).check();
  await form.getByRole('combobox', { name: 'Shirt size' }).selectOption('L');
  await form.getByRole('textbox', { name: 'Age' }).fill('4');
  await form.getByLabel('Playing since').fill('2019-09-01');
  await form.getByRole('textbox', { name: 'Phone' }).fill('+1 512 555 0142');
  await form.getByRole('textbox', { name: 'Anything else?' }).fill('Left-footed.');
  await form.getByRole('checkbox', { name: 'I follow the rules of play' }).focus();
  await visitor.keyboard.press('Space');

  // A reload (or a phone dropping the tab) keeps what was typed: the tab's storage, per form.
  await visitor.reload();
  await expect(name).toHaveValue(guest.name);
  await expect(form.getByRole('textbox', { name: 'Your email' })).toHaveValue(guest.email);
  await expect(position).toHaveValue('Winger');
  await expect(form.getByRole('radio', { name: 'Played in a club' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Shirt size' })).toHaveValue('l');
  await expect(form.getByRole('textbox', { name: 'Age' })).toHaveValue('4');
  await expect(form.getByLabel('Playing since')).toHaveValue('2019-09-01');
  await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 512 555 0142');
  await expect(form.getByRole('textbox', { name: 'Anything else?' })).toHaveValue('Left-footed.');
  await expect(form.getByRole('checkbox', { name: 'I follow the rules of play' })).toBeChecked();

  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByRole('textbox', { name: 'Age' })).toHaveAccessibleDescription('At least 5.');
  await form.getByRole('textbox', { name: 'Age' }).fill('24');

  // Meanwhile the organizer narrows the position to four answers: this page still has the old
  // form, so only the server knows, and its message shows beside the field.
  const current = await page.request.get(`/api/forms/${formId}/draft`);
  const { version } = (await current.json()) as { version: number };
  const narrowed = await page.request.put(`/api/forms/${formId}`, {
    data: {
      version,
      title: formTitle,
      fields: tryoutFields.map((field) =>
        field.id === 'position'
          ? {
              ...field,
              pattern: {
                regex: '^(?:keeper|defender|midfield|attack)$',
                message: 'Write keeper, defender, midfield or attack.',
              },
            }
          : field,
      ),
      settings: { confirmationMessage: 'See you at the tryouts!' },
    },
  });
  expect(narrowed.status()).toBe(200);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByRole('alert')).toHaveText('Some answers need another look.');
  await expect(position).toHaveAccessibleDescription(
    'Where you like to play. Write keeper, defender, midfield or attack.',
  );
  await expect(position).toBeFocused();
  await position.fill('midfield');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'See you at the tryouts!' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Sent', level: 3 })).toBeVisible();

  // The waiver needs a signature: its block links to the form's own page.
  await expect(visitor.getByText('This form opens on its own page because it asks for a signature.')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Fill in this form' })).toHaveAttribute('href', `/form/${waiverId}`);
  await expectAccessible(visitor);
  // Sent: the kept answers are gone, a reload shows the form empty again.
  await visitor.reload();
  await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Position' })).toHaveValue('');
  await context.close();

  // The organizer reads the visitor's answers, as sent from the site.
  const submissions = await page.request.get(`/api/forms/${formId}/submissions`);
  expect(submissions.status()).toBe(200);
  const list = JSON.stringify(await submissions.json());
  for (const expected of [guest.email, 'midfield', 'club', 'sun', '2019-09-01', 'Left-footed.']) {
    expect(list).toContain(expected);
  }
});
