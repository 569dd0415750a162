import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { adminMoreJourneyEmail } from './support/admin.ts';
import { signUpWithProfile } from './support/people.ts';

/** datetime-local's value, in the browser's zone, `hours` from now. */
const localInput = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/**
 * Issues 16 and 17 (decision 051): an admin adds a partner with an offer, which a signed-out
 * visitor then reads at partner/preferred/{id}; runs a sale banner that home shows until it is
 * dismissed; and works through ambassador applications and feedback, each action audited.
 */
test('an admin manages partners, the sale banner, applications and feedback', async ({ page, browser }) => {
  // Three sections, three people: about a minute on a quiet machine, more beside other suites.
  test.slow();
  const stamp = Date.now().toString(36);
  await signUpWithProfile(page, { name: 'Ops Admin More', email: adminMoreJourneyEmail, password: 'pickup game 2026' });

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
  await page.getByRole('button', { name: 'Add an offer' }).click();
  const offerForm = page.getByRole('form', { name: 'Add an offer' });
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

  // Plans (read-only) and a promotion home shows.
  await page.getByRole('link', { name: 'Plans and promotions' }).click();
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

  await page.goto('/home');
  const banner = page.getByRole('complementary', { name: 'Community sale' });
  await expect(banner).toContainText(headline);
  await expect(banner.getByRole('link', { name: 'See the offer' })).toHaveAttribute('href', '/community/pricing');
  await expectAccessible(page);
  await banner.getByRole('button', { name: 'Dismiss the sale banner' }).click();
  await expect(banner).toHaveCount(0);
  // Remembered in this browser.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.waitForResponse((response) => response.url().endsWith('/api/config')).catch(() => undefined);
  await expect(banner).toHaveCount(0);

  // Ended (deleted): nobody's home shows a banner.
  await page.goto('/admin/promotions');
  await page.getByRole('button', { name: `Delete promotion ${headline}` }).click();
  await expect(promotion).toHaveCount(0);
  const player = newPerson('Feedback');
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signUpWithProfile(playerPage, player);
  const config = playerPage.waitForResponse((response) => response.url().endsWith('/api/config'));
  await playerPage.goto('/home');
  expect((await (await config).json()).promotion).toBeNull();
  await expect(playerPage.getByRole('complementary', { name: 'Community sale' })).toHaveCount(0);

  // Applications and feedback: what people sent, newest first; each marked handled.
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

  await page.getByRole('link', { name: 'Applications and feedback' }).click();
  const application = page.getByRole('article', { name: `Application from ${applicant}` });
  await expect(application).toContainText('I run three pickup groups');
  await expectAccessible(page);
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

  // Every one of those actions is in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const action of [
    'partner.create',
    'partner-offer.create',
    'promotion.create',
    'promotion.delete',
    'ambassador-application.handled',
    'feedback.handled',
  ]) {
    await expect(page.getByRole('row').filter({ hasText: action }).first()).toContainText(adminMoreJourneyEmail);
  }
});
