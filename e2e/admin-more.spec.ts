import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test } from './support/fixtures.ts';
import { adminEmail, type adminJourneys } from './support/admin.ts';
import { signUpWithProfile } from './support/people.ts';
import { createTeam } from './support/team-site.ts';

/** datetime-local's value, in the browser's zone, `hours` from now. */
const localInput = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/** This journey's admin (one per journey and project, see support/admin.ts), signed up and in. */
async function signInAdmin(page: Page, journey: (typeof adminJourneys)[number], testInfo: TestInfo) {
  const email = adminEmail(journey, testInfo.project.name);
  await signUpWithProfile(page, { name: 'Ops Admin More', email, password: 'pickup game 2026' });
  return email;
}

/**
 * Every one of the journey's actions is in the audit log, by its admin. The desktop and phone runs
 * of a journey act at the same time: a row is looked for by action and admin, not as the newest.
 */
async function expectAudited(page: Page, email: string, actions: string[]) {
  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const action of actions) {
    await expect(page.getByRole('row').filter({ hasText: action }).filter({ hasText: email }).first()).toBeVisible();
  }
}

/** Where the focused element's middle is, whether something else is drawn there, and its name. */
const focusedControl = () => {
  const focused = document.activeElement as HTMLElement | null;
  if (!focused || focused === document.body) return { state: 'none' as const };
  if (focused.closest('aside[aria-label="Community sale"]')) return { state: 'banner' as const };
  const box = focused.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {
    state: 'page' as const,
    label: focused.getAttribute('aria-label') ?? (focused.textContent ?? '').trim().slice(0, 40),
    belowTheFold: window.scrollY > 0,
    covered: !hit || !(focused.contains(hit) || hit.contains(focused)),
  };
};

/**
 * Issues 16 and 17 (decision 051): an admin adds a partner with an offer, which a signed-out
 * visitor then reads at partner/preferred/{id}, and links a league to a team found by its name.
 */
test('an admin manages partners and their offers, and links a league to a team by name @mobile', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const email = await signInAdmin(page, 'admin-partners', testInfo);
  const teamName = `Barton Creek Ballers ${stamp}`;
  await createTeam(page, teamName);

  // Partners: add one, then an offer.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Partners' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Partners' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a partner' }).click();
  const partnerName = `Journey Gear ${stamp}`;
  await page.getByLabel('Kind').selectOption('shop');
  await page.getByLabel('Name').fill(partnerName);
  await page.getByLabel('Description').fill('Cleats, balls and bibs for Austin teams.');
  await page.getByLabel('Website').fill('ftp://journey-gear.example');
  await page.getByRole('button', { name: 'Add partner' }).click();
  // Refused beside the field before anything is sent.
  await expect(page.getByText('Enter a web address starting with https://.')).toBeVisible();
  await page.getByLabel('Website').fill('https://journey-gear.example');
  await page.getByRole('button', { name: 'Add partner' }).click();
  await expect(page).toHaveURL(/\/admin\/partners\/[0-9a-f-]{36}$/);
  const partnerId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 2, name: partnerName })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Add an offer' }).click();
  const offerForm = page.getByRole('form', { name: 'Add an offer' });
  await expect(offerForm).toBeVisible();
  // The dialog fits the window, phone or desktop.
  const dialog = (await page.getByRole('dialog', { name: 'Add an offer' }).boundingBox())!;
  expect(dialog.x).toBeGreaterThanOrEqual(0);
  expect(dialog.x + dialog.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await offerForm.getByLabel('Title').fill('10% off cleats');
  await offerForm.getByLabel('Code').fill('JOURNEY10');
  await offerForm.getByRole('button', { name: 'Add offer' }).click();
  const offer = page.getByRole('article', { name: '10% off cleats' });
  await expect(offer).toContainText('Current');
  await expectAccessible(page);

  // A signed-out visitor reads it on the public page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/partner/preferred/${partnerId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: partnerName })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: '10% off cleats' })).toBeVisible();
  await expect(visitor.getByText('JOURNEY10')).toBeVisible();
  await visitorContext.close();

  // A league's team is found by its name, not typed as an id; editing shows the team's name.
  await page.getByRole('link', { name: 'Back to partners' }).click();
  await expect(page.getByRole('region', { name: 'Partners' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'Add a partner' }).click();
  await page.getByLabel('Kind').selectOption('league');
  const leagueName = `Journey League ${stamp}`;
  await page.getByLabel('Name').fill(leagueName);
  const teamPicker = page.getByRole('combobox', { name: 'Linked team or community' });
  // Tapped, as on a phone (the field is below the fold there), then typed into.
  await teamPicker.click();
  await teamPicker.pressSequentially(`barton creek ballers ${stamp}`);
  // Picked with the keyboard once the server's answer is the one team: a click raced the list
  // moving as earlier answers arrived (CI, under load, found the option hidden mid-scroll).
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([`${teamName} (Austin, TX)`], {
    timeout: 20_000,
  });
  await teamPicker.press('ArrowDown');
  await teamPicker.press('Enter');
  await expect(teamPicker).toHaveValue(`${teamName} (Austin, TX)`);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Add partner' }).click();
  await expect(page.getByRole('heading', { level: 2, name: leagueName })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Linked team or community' })).toHaveValue(
    `${teamName} (Austin, TX)`,
  );

  await expectAudited(page, email, ['partner.create', 'partner-offer.create']);
});

/**
 * Plans (read-only) and a sale banner that home shows until it is dismissed. There is one current
 * promotion for the whole server, so this runs once (desktop) and looks at home at 375 px in it.
 */
test('an admin runs a sale banner that home shows clear of focused controls, until dismissed', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const email = await signInAdmin(page, 'admin-promotions', testInfo);
  await page.goto('/admin/promotions');
  await expect(page.getByRole('table', { name: 'Team plans (monthly)' })).toBeVisible();
  await page.getByRole('button', { name: 'New promotion' }).click();
  const promotionForm = page.getByRole('form', { name: 'New promotion' });
  const headline = `Community sale ${stamp}`;
  await promotionForm.getByLabel('Headline').fill(headline);
  await promotionForm.getByLabel('Text', { exact: true }).fill('Team plans are 20% off this week.');
  await promotionForm.getByLabel('Link', { exact: true }).fill('/community/pricing');
  await promotionForm.getByLabel('Starts').fill(localInput(1));
  await promotionForm.getByLabel('Ends').fill(localInput(-1));
  await promotionForm.getByRole('button', { name: 'Add promotion' }).click();
  await expect(promotionForm.getByText('The promotion must end after it starts.')).toBeVisible();
  await promotionForm.getByLabel('Starts').fill(localInput(-1));
  await promotionForm.getByLabel('Ends').fill(localInput(24));
  await promotionForm.getByRole('button', { name: 'Add promotion' }).click();
  const promotion = page.getByRole('article', { name: headline });
  await expect(promotion).toContainText('Running');
  await expectAccessible(page);

  // On a phone (a new browser of the admin's: the public config is cached for 10 s, from before
  // the sale), the plans' tables scroll sideways inside the page, and say so.
  const phone = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const home = await phone.newPage();
  await home.goto('/admin/promotions');
  await expect(home.getByRole('article', { name: headline })).toBeVisible();
  await expect(home.getByText('Scroll sideways for more columns').first()).toBeVisible();
  await expectNoSidewaysScroll(home);

  await home.goto('/home');
  const banner = home.getByRole('complementary', { name: 'Community sale' });
  await expect(banner).toContainText(headline);
  await expect(banner.getByRole('link', { name: 'See the offer' })).toHaveAttribute('href', '/community/pricing');
  await expectAccessible(home);
  // The banner is stuck to the bottom of the window: every control Tab brings into view stops
  // above it, never behind it, down the page to the banner's own controls.
  let belowTheFold = 0;
  for (let step = 0; step < 200; step += 1) {
    await home.keyboard.press('Tab');
    const focus = await home.evaluate(focusedControl);
    if (focus.state === 'banner') break;
    if (focus.state !== 'page') continue;
    expect(focus.covered, `"${focus.label}" is hidden behind the sale banner`).toBe(false);
    if (focus.belowTheFold) belowTheFold += 1;
  }
  await expect(banner.getByRole('link', { name: 'See the offer' })).toBeFocused();
  // The walk went past controls that had to scroll into view from under the banner.
  expect(belowTheFold).toBeGreaterThan(2);

  await banner.getByRole('button', { name: 'Dismiss the sale banner' }).click();
  await expect(banner).toHaveCount(0);
  // Gone with the banner: the page's scroll padding is its own again.
  expect(await home.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe('');
  // Remembered in this browser: once the page has the config (which still names the sale), no banner.
  // (The wait is set before the reload: set after it, it waited out its whole timeout for a response
  // already received, and a `.catch` hid that: a minute of every run.)
  const configAfterReload = home.waitForResponse((response) => response.url().endsWith('/api/config'));
  await home.reload();
  expect((await (await configAfterReload).json()).promotion?.headline).toBe(headline);
  await expect(home.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(banner).toHaveCount(0);

  await phone.close();

  // Ended (deleted): nobody's home shows a banner.
  await page.goto('/admin/promotions');
  await page.getByRole('button', { name: `Delete promotion ${headline}` }).click();
  await expect(promotion).toHaveCount(0);
  const player = newPerson('Promotion');
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signUpWithProfile(playerPage, player);
  const config = playerPage.waitForResponse((response) => response.url().endsWith('/api/config'));
  await playerPage.goto('/home');
  expect((await (await config).json()).promotion).toBeNull();
  await expect(playerPage.getByRole('complementary', { name: 'Community sale' })).toHaveCount(0);
  await playerContext.close();

  await expectAudited(page, email, ['promotion.create', 'promotion.delete']);
});

/** Ambassador applications and feedback: what people sent, newest first; each marked handled. */
test('an admin works through ambassador applications and feedback @mobile', async ({ page, browser }, testInfo) => {
  const stamp = Date.now().toString(36);
  const email = await signInAdmin(page, 'admin-inbox', testInfo);
  const player = newPerson('Feedback');
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signUpWithProfile(playerPage, player);
  const applicant = `Applicant ${stamp}`;
  const sent = await playerPage.request.post('/api/ambassador-applications', {
    data: {
      fullName: applicant,
      email: 'applicant@example.com',
      city: 'Austin, TX',
      sports: 'Soccer',
      motivation: 'I run three pickup groups and want to bring them onto Huddle.',
    },
  });
  expect(sent.status()).toBe(201);
  const feedbackText = `Please add dark mode ${stamp}`;
  expect(
    (await playerPage.request.post('/api/me/feedback', { data: { message: feedbackText, rating: 4 } })).status(),
  ).toBe(201);
  await playerContext.close();

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Applications and feedback' }).click();
  const application = page.getByRole('article', { name: `Application from ${applicant}` });
  await expect(application).toContainText('I run three pickup groups');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await application.getByRole('button', { name: 'Mark handled' }).click();
  await expect(application).toHaveCount(0);
  await page.getByText('Handled', { exact: true }).click();
  await expect(application.getByRole('button', { name: 'Mark not handled' })).toBeVisible();

  await page.getByText('To handle', { exact: true }).first().click();
  await page.getByRole('tab', { name: 'Feedback' }).click();
  const feedback = page
    .getByRole('article', { name: `Feedback from ${player.name}` })
    .filter({ hasText: feedbackText });
  await expect(feedback).toContainText('rated 4 of 5');
  await feedback.getByRole('button', { name: 'Mark handled' }).click();
  await expect(feedback).toHaveCount(0);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  await expectAudited(page, email, ['ambassador-application.handled', 'feedback.handled']);
});
