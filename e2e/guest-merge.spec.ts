import { emailVerifiedMessage } from '@huddle/shared/account-messages';
import { welcomeMessage } from '@huddle/shared/profiles';
import { noRegistrationsMessage } from '@huddle/shared/seasons';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { firstLinkIn, latestMailTo } from './support/outbox.ts';
import { austin, signUpWithProfile } from './support/people.ts';

test('a guest registers for a season, signs up with the same email, verifies it, and finds the registration on the player card', async ({
  page,
  browser,
}) => {
  // An organizer with a public team and a season open for registration (through the API: set-up, not the subject).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpWithProfile(owner, newPerson('Organizer'));
  const created = await owner.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Guest Cup FC ${Date.now().toString(36)}`,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as { id: string; name: string };
  const year = new Date().getFullYear() + 1;
  const season = { label: 'Autumn League' };
  const opened = await owner.request.post(`/api/teams/${team.id}/seasons`, {
    data: {
      label: season.label,
      startsOn: `${year}-09-01`,
      endsOn: `${year}-11-30`,
      registrationOpensAt: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString(),
      registrationClosesAt: new Date(`${year}-08-25T23:59:00Z`).toISOString(),
      capacity: 20,
      feeCents: null,
    },
  });
  expect(opened.status()).toBe(201);

  // Signed out, the visitor registers as a guest with a name and an email.
  const person = newPerson('Visitor');
  await page.goto(`/team/${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await expect(page.getByText('0/20 spots taken', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Register as a guest for ${season.label}` }).click();
  const guestForm = page.getByRole('dialog', { name: `Register for ${season.label}` });
  await expect(guestForm.getByText('No account needed.', { exact: false })).toBeVisible();
  await guestForm.getByLabel('Your name').fill(person.name);
  await guestForm.getByLabel('Email').fill(person.email);
  await expectAccessible(page);
  await guestForm.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(`Thanks, ${person.name}. We’ve sent the details to ${person.email}.`)).toBeVisible();
  await latestMailTo(person.email, `Registered: ${season.label}`);
  await expect(guestForm).toBeHidden();
  await expect(page.getByText('1/20 spots taken', { exact: false })).toBeVisible();

  // The organizer sees a guest's registration: no account behind it yet.
  await owner.goto(`/team/${team.id}`);
  await owner.getByRole('button', { name: 'Registrations' }).click();
  const registrations = owner.getByRole('dialog', { name: `${season.label}: registrations` });
  await expect(registrations.getByText(`${person.email} · guest`)).toBeVisible();

  // The same person signs up with the same email and goes through first-time setup.
  await page.goto('/auth/sign-up');
  await expectAccessible(page);
  await page.getByLabel('Display name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/more-info$/);
  await expectAccessible(page);
  await page.getByLabel('Full name').fill(`${person.name} Fullname`);
  await page.getByRole('combobox', { name: 'City' }).fill('Aust');
  await page.getByRole('option', { name: 'Austin, TX' }).click();
  await page.getByText('Soccer', { exact: true }).click();
  await page.getByRole('button', { name: 'Setup Account' }).click();
  await expect(page.getByText(welcomeMessage)).toBeVisible();

  // Until the email is verified, anyone could be behind the address: the guest keeps the
  // registration and the new account's player card does not show it.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name);
  await page.getByRole('button', { name: 'Player Card' }).click();
  const unverifiedCard = page.getByRole('dialog', { name: 'Player Card' });
  await expect(unverifiedCard.getByText(noRegistrationsMessage)).toBeVisible();
  await owner.reload();
  await owner.getByRole('button', { name: 'Registrations' }).click();
  await expect(registrations.getByText(`${person.email} · guest`)).toBeVisible();

  // The link in the verification mail proves the address; then the guest's registration moves.
  const mail = await latestMailTo(person.email, 'Confirm your email for Huddle');
  await page.goto(firstLinkIn(mail));
  await expect(page.getByRole('alert')).toContainText(emailVerifiedMessage);

  // Home: the player card lists the registration the guest made.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Player Card' }).click();
  const card = page.getByRole('dialog', { name: 'Player Card' });
  const registration = card.getByRole('listitem').filter({ hasText: team.name });
  await expect(registration).toBeVisible();
  await expect(registration).toContainText(season.label);
  await expectAccessible(page);

  // The registration now belongs to the account, not to a guest (the merge, not only a match by email).
  await owner.reload();
  await owner.getByRole('button', { name: 'Registrations' }).click();
  await expect(registrations.getByText(person.email, { exact: true })).toBeVisible();
  await expect(registrations.getByText(`${person.email} · guest`)).toHaveCount(0);
  await ownerContext.close();
});
