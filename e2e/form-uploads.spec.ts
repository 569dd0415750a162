import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

/** A one-page PDF's bytes: what a filler sends as an ID scan. */
const scanPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const fieldCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Fields' }).getByRole('listitem', { name, exact: true });

test('an organizer adds a file question, a visitor uploads a PDF and submits, the organizer downloads it; nobody else can @mobile', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const organizer = newPerson('Filer');
  await signUpWithProfile(page, organizer);
  const title = `ID check ${Date.now().toString(36)}`;

  // A new form is stored (and gets its address) on its first edit (decision 063).
  await page.goto('/form/build');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(page).toHaveURL(/\/form\/build\/[0-9a-f-]{36}$/);
  const formId = page.url().split('/').at(-1) ?? '';
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.getByRole('button', { name: 'Add a field' }).click();
  await page.getByRole('menuitem', { name: 'File upload', exact: true }).click();
  let card = fieldCard(page, 'File upload: Upload a document');
  await card.getByRole('textbox', { name: 'File upload label' }).fill('Photo ID');
  card = fieldCard(page, 'File upload: Photo ID');
  await card.getByRole('switch', { name: 'Required' }).check();
  // Only PDFs and JPEGs, one file.
  for (const kind of ['PNG', 'WebP', 'HEIC']) await card.getByRole('checkbox', { name: kind }).uncheck();
  await expect(card.getByRole('checkbox', { name: 'PDF' })).toBeChecked();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // A visitor, signed out, uploads the PDF and submits.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const guest = newPerson('Holder');
  await visitor.goto(`/form/${formId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Your name' }).fill(guest.name);
  await visitor.getByRole('textbox', { name: 'Your email' }).fill(guest.email);
  // Submitting without the file: the message shows beside the question.
  await visitor.getByRole('button', { name: 'Submit' }).click();
  const choose = visitor.getByRole('button', { name: 'Photo ID: Choose a file' });
  await expect(choose).toHaveAccessibleDescription(/This field is required\./);
  await expect(visitor.getByText('PDF or JPEG, up to 10 MB.')).toBeVisible();
  const chooser = visitor.waitForEvent('filechooser');
  await choose.click();
  await (await chooser).setFiles({ name: 'passport scan.pdf', mimeType: 'application/pdf', buffer: scanPdf });
  await expect(visitor.getByRole('link', { name: 'passport scan.pdf' })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByText('Thanks! Your answers were sent.')).toBeVisible();
  await visitorContext.close();

  // The organizer opens the submission and downloads the file.
  await page.goto(`/form/${formId}/submissions`);
  await page.getByRole('link', { name: guest.name }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: guest.name })).toBeVisible();
  const fileLink = page.getByRole('link', { name: /passport scan\.pdf/ });
  const download = page.waitForEvent('download');
  await fileLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('passport scan.pdf');
  expect((await readFile(await file.path())).equals(scanPdf)).toBe(true);
  await expectAccessible(page);

  // Another signed-in person following the same link gets not found.
  const href = (await fileLink.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/api/forms/${formId}/uploads/[0-9a-f-]{36}$`));
  const strangerContext = await browser.newContext({ baseURL });
  const stranger = await strangerContext.newPage();
  await signUpWithProfile(stranger, newPerson('Stranger'));
  const refused = await stranger.request.get(href);
  expect(refused.status()).toBe(404);
  expect((await refused.json()).error.code).toBe('NOT_FOUND');
  await strangerContext.close();
});
