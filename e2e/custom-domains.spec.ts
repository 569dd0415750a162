import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { createPublishedForm, createTeam, createTeamGame } from './support/team-site.ts';

/**
 * Issue 15, "Done when": an organizer's published site with its events and registration form is
 * connected to club.example.test; DNS answers come from the test server's records file (only `.test`
 * names, DNS_TEST_RECORDS_FILE); a visitor's Chromium resolves the name to 127.0.0.1
 * (--host-resolver-rules, a launch flag: a context cannot set it), sees the site and registers.
 */
const domain = 'club.example.test';

interface Draft {
  id: string;
  version: number;
  meta: object;
  document: { pages: { path: string; content: { type: string; props: Record<string, unknown> }[] }[] };
}

test('an organizer connects club.example.test and a visitor on that host reads the site and registers', async ({
  page,
  baseURL,
  launchOptions,
}) => {
  const word = uniqueWord('Domain');
  const teamName = `${word} FC`;
  const gameTitle = `${word} league night`;
  const formTitle = `${word} registration`;
  await signUpWithProfile(page, newPerson('Connector'));
  const teamId = await createTeam(page, teamName);
  await createTeamGame(page, teamId, gameTitle);
  const formId = await createPublishedForm(page, teamId, formTitle);

  // The team's site from the Club template, its Join page's form block set to the form, published.
  const created = await page.request.post('/api/websites', { data: { template: 'club', teamId } });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as Draft;
  const document = {
    ...draft.document,
    pages: draft.document.pages.map((sitePage) => ({
      ...sitePage,
      content: sitePage.content.map((block) =>
        block.type === 'Form' ? { ...block, props: { ...block.props, formId } } : block,
      ),
    })),
  };
  const saved = await page.request.put(`/api/websites/${draft.id}`, {
    data: { version: draft.version, meta: draft.meta, document },
  });
  expect(saved.status()).toBe(200);
  expect((await page.request.post(`/api/websites/${draft.id}/publish`, { data: { published: true } })).status()).toBe(
    200,
  );

  // custom-website, from the site list.
  await page.goto('/site');
  await page.getByRole('link', { name: 'Domain' }).click();
  await expect(page).toHaveURL(new RegExp(`/custom-website\\?site=${draft.id}$`));
  const domainField = page.getByRole('textbox', { name: 'Domain' });
  await domainField.fill('https://club.example.test');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(
    page.getByText('Enter a domain name such as club.example.com, without https:// or a path.'),
  ).toBeVisible();
  await expect(domainField).toHaveValue('https://club.example.test');
  await domainField.fill('Club.Example.Test');
  await page.getByRole('button', { name: 'Add domain' }).click();
  const card = page.getByRole('region', { name: domain });
  await expect(card.getByText('Pending')).toBeVisible();
  const records = card.getByRole('list', { name: `DNS records for ${domain}` });
  const host = new URL(baseURL ?? '').hostname;
  await expect(records.getByRole('listitem').filter({ hasText: 'CNAME' })).toHaveText(`CNAME ${domain} → ${host}`);
  const txt = (await records.getByRole('listitem').filter({ hasText: 'TXT' }).textContent()) ?? '';
  const token = /huddle-verify=[0-9a-f]{32}/.exec(txt)?.[0] ?? '';
  expect(token).not.toBe('');
  await expectAccessible(page);

  // Checked before the records exist: failed, with the missing record named.
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByText('Failed')).toBeVisible();
  await expect(card.getByText(`No TXT record _huddle.${domain} was found.`)).toBeVisible();

  // The organizer creates both records at "their DNS provider"; the next check verifies.
  writeFileSync(
    process.env.E2E_DNS_RECORDS_FILE ?? '',
    JSON.stringify({ [domain]: { CNAME: [`${host}.`] }, [`_huddle.${domain}`]: { TXT: [token] } }),
  );
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByText('Verified')).toBeVisible();
  await expect(card.getByText('see this website.')).toBeVisible();
  expect((await page.request.get(`/api/custom-domains/allowed?domain=${domain}`)).status()).toBe(200);

  // A visitor whose browser resolves club.example.test to this machine.
  const port = new URL(baseURL ?? '').port;
  const siteOrigin = `http://${domain}:${port}`;
  const visitorBrowser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
  });
  try {
    // A context of its own (axe needs one), on a phone.
    const context = await visitorBrowser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
    const visitor = await context.newPage();
    const home = await visitor.goto(`${siteOrigin}/`);
    expect(home?.status()).toBe(200);
    await expect(visitor).toHaveTitle(new RegExp(teamName));
    await expect(visitor.getByRole('heading', { name: teamName, level: 2 })).toBeVisible();
    await expect(visitor.getByRole('link', { name: gameTitle })).toBeVisible();
    await expectAccessible(visitor);

    await visitor.getByRole('navigation', { name: 'Website pages' }).getByRole('link', { name: 'Join' }).click();
    await expect(visitor).toHaveURL(`${siteOrigin}/join`);
    // The Join page's form block takes the registration where it stands (decision 049), through
    // the API on the custom domain.
    const form = visitor.getByRole('form', { name: formTitle });
    const guest = newPerson('Visitor');
    await form.getByRole('textbox', { name: 'Your name' }).fill(guest.name);
    await form.getByRole('textbox', { name: 'Your email' }).fill(guest.email);
    await form.getByRole('textbox', { name: 'Position' }).fill('Midfield');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(visitor.getByText('Thanks! Your answers were sent.')).toBeVisible();
    // The form's own page is served on the domain too (spec §2's route table).
    await visitor.goto(`${siteOrigin}/form/${formId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: formTitle })).toBeVisible();

    // Huddle's own pages are not served on the domain: sign-in goes to Huddle's origin.
    await visitor.goto(`${siteOrigin}/auth/login`);
    await expect(visitor).toHaveURL(new RegExp(`^${baseURL}/auth/login`));
  } finally {
    await visitorBrowser.close();
  }

  // The organizer reads the registration on Huddle.
  const submissions = await page.request.get(`/api/forms/${formId}/submissions`);
  expect(submissions.status()).toBe(200);
  expect(JSON.stringify(await submissions.json())).toContain('Midfield');

  // A name nobody connected is told so.
  const strangerBrowser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP stranger.example.test 127.0.0.1'],
  });
  try {
    const stranger = await strangerBrowser.newPage();
    const response = await stranger.goto(`http://stranger.example.test:${port}/`);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByRole('heading', { name: 'This domain is not connected to Huddle.' })).toBeVisible();
  } finally {
    await strangerBrowser.close();
  }
});
