import { seasonFeeNeedsStripeMessage } from '@huddle/shared/paid-games';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

test('a community is created from its kind and name alone, called a community, and its events start with its game type @mobile', async ({
  page,
}) => {
  const organizer = newPerson('Coach');
  await signUpWithProfile(page, organizer);
  const name = `East Austin Hoopers ${Date.now().toString(36)}`;

  await page.goto('/teams/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Start a team or community' })).toBeVisible();
  // The stepper stays on one row at this width: every step icon at the same height.
  const stepTops = await page
    .locator('.mantine-Stepper-step')
    .evaluateAll((steps) => steps.map((step) => Math.round(step.getBoundingClientRect().top)));
  expect(stepTops).toHaveLength(3);
  expect(new Set(stepTops).size).toBe(1);
  await expectAccessible(page);

  await page.getByLabel('Community').check();
  await page.getByRole('button', { name: 'Create community' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name of your community' }).fill(name);
  // Kind and name are enough: no other step is needed to create it.
  await page.getByRole('button', { name: 'Create community' }).click();

  await expect(page).toHaveURL(/\/team\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Your community is ready')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Owner', { exact: true }).first()).toBeVisible();
  // A community is never called a team on its page.
  await expect(page.getByRole('main').getByText(/\bteam\b/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Delete this community' })).toBeVisible();
  await expectAccessible(page);

  // What was skipped is set later, on the community's page.
  await page.getByRole('button', { name: 'Edit details' }).click();
  const details = page.getByRole('dialog', { name: 'Edit the community’s details' });
  await details.getByRole('combobox', { name: 'Game type' }).click();
  await page.getByRole('option', { name: 'Basketball', exact: true }).click();
  await details.getByRole('combobox', { name: 'City' }).fill('Austin');
  await page.getByRole('option', { name: 'Austin, TX' }).click();
  await details.getByLabel('People ask to join; organizers approve').check();
  // The zone the browser gave at creation is corrected here.
  await details.getByRole('combobox', { name: 'Time zone' }).fill('America/Denv');
  await page.getByRole('option', { name: 'America/Denver', exact: true }).click();
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details).toBeHidden();
  await expect(page.getByText('Basketball', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Austin, TX · 1 member · People ask to join/)).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();
  await expect(details.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Denver');
  await details.getByRole('button', { name: 'Cancel' }).click();

  // An event created from the community starts with its game type, and reads "An East Austin Hoopers event".
  await page.getByRole('link', { name: 'New event' }).click();
  await expect(page.getByText(`An ${name} event`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Game type' })).toHaveValue('Basketball');
  await expect(page.getByLabel(`Community only: members of ${name}`)).toBeVisible();

  await page.goto('/my-communities');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
});

test("the optional steps set a team's details at creation", async ({ page }) => {
  await signUpWithProfile(page, newPerson('Coach'));
  const name = `Riverside Futsal ${Date.now().toString(36)}`;
  await page.goto('/teams/create');
  await page.getByRole('textbox', { name: 'Name of your team' }).fill(name);
  await page.getByRole('button', { name: 'Add details' }).click();
  await expect(page.getByText('Step 2 of 3: Details (optional, you can change it later)')).toBeVisible();
  await page.getByRole('combobox', { name: 'Game type' }).click();
  await page.getByRole('option', { name: 'Soccer', exact: true }).click();
  await page.getByLabel('Description').fill('Futsal by the river, every Thursday.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('By invitation only').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('Your team is ready')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Futsal by the river, every Thursday.')).toBeVisible();
  await expect(page.getByText('By invitation only')).toBeVisible();

  await page.goto('/teams-v3');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
});

test('a second person joins through an invitation link and appears in the roster', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpWithProfile(owner, newPerson('Owner'));
  const created = await owner.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Invite Only ${Date.now().toString(36)}`,
      gameType: 'Volleyball',
      description: null,
      city: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      joinPolicy: 'invite',
      visibility: 'private',
    },
  });
  const team = (await created.json()) as { id: string; name: string };

  await owner.goto(`/team/${team.id}`);
  await owner.getByLabel('Invite as').selectOption('Organizer');
  await owner.getByRole('button', { name: 'Create an invitation link' }).click();
  const copy = owner.getByRole('button', { name: /Copy invitation link/ });
  await expect(copy).toBeVisible();
  await expect(owner.getByText('Link · Organizer · joined 0')).toBeVisible();
  const invitations = (await (await owner.request.get(`/api/teams/${team.id}/invitations`)).json()) as {
    invitations: { url: string }[];
  };
  const link = invitations.invitations[0]?.url ?? '';
  expect(link).toContain('/invite/');

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const friendPerson = newPerson('Friend');
  // Signed out first: the private team does not exist for them.
  await friend.goto(new URL(link).pathname);
  await expect(friend.getByRole('heading', { name: `Join ${team.name}` })).toBeVisible();
  await expectAccessible(friend);
  await signUpWithProfile(friend, friendPerson);
  await friend.reload();
  await friend.getByRole('button', { name: `Join ${team.name}` }).click();
  await expect(friend).toHaveURL(new RegExp(`/team/${team.id}$`));
  // Invited as an organizer, in as one: the roster's badge (not the role picker's option they now see).
  await expect(friend.locator('#main-content span').getByText('Organizer', { exact: true })).toBeVisible();

  await owner.reload();
  await expect(owner.getByText(friendPerson.name)).toBeVisible();
  // The owner's member menu loads once the page has hydrated (decision 082's addendum) and changes the role.
  await owner.getByRole('button', { name: `Manage ${friendPerson.name}` }).click();
  await owner.getByRole('menuitem', { name: 'Make substitute' }).click();
  // The roster's badge (the invitations card's role picker has a "Substitute" option too).
  const substituteBadge = owner.locator('#main-content span').getByText('Substitute', { exact: true });
  await expect(substituteBadge).toBeVisible();
  await owner.reload();
  await expect(substituteBadge).toBeVisible();

  // The new team's notification topics appear in the friend's settings.
  await friend.goto('/settings?tab=notification');
  const teamEmail = friend.getByRole('switch', { name: `Email: ${team.name}` });
  await expect(teamEmail).toBeChecked();
  await teamEmail.click();
  await expect(teamEmail).not.toBeChecked();
  await friend.reload();
  await expect(friend.getByRole('switch', { name: `Email: ${team.name}` })).not.toBeChecked();
  await expectAccessible(friend);
  await ownerContext.close();
  await friendContext.close();
});

test('an organizer opens a season; a member registers and finds it on the player card @postgres', async ({
  browser,
}) => {
  // The captain's browser is in New York; the team plays in Austin, on Austin's clock.
  const ownerContext = await browser.newContext({ timezoneId: 'America/New_York' });
  const owner = await ownerContext.newPage();
  await signUpWithProfile(owner, newPerson('Captain'));
  const created = await owner.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Season FC ${Date.now().toString(36)}`,
      gameType: 'Soccer',
      description: null,
      city: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      joinPolicy: 'open',
      visibility: 'public',
      timeZone: 'America/Chicago',
    },
  });
  const team = (await created.json()) as { id: string; name: string };
  const year = new Date().getFullYear() + 1;

  await owner.goto(`/team/${team.id}`);
  await owner.getByRole('button', { name: 'Add season' }).click();
  const form = owner.getByRole('dialog', { name: 'New season' });
  await form.getByLabel('Season name').fill('Summer Cup');
  // Capacity, not "Places" (places are venues); empty date fields say "Pick a date".
  await expect(form.getByText('Places', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Ends', { exact: true })).toHaveAttribute('placeholder', 'Pick a date');
  await expect(form.getByLabel('Registration closes')).toHaveAttribute('placeholder', 'Pick a date');
  await form.getByLabel('Starts').fill(`${year}-06-01`);
  await form.getByLabel('Ends', { exact: true }).fill(`${year}-05-01`);
  await form.getByLabel('Registration closes').fill(`${year}-05-20`);
  await form.getByLabel('Registration closes').press('Escape');
  await form.getByRole('button', { name: 'Create season' }).click();
  await expect(form.getByText('The season must end after it starts.')).toBeVisible();
  await form.getByLabel('Ends', { exact: true }).fill(`${year}-08-31`);
  await form.getByLabel('Ends', { exact: true }).press('Escape');
  await form.getByLabel('Capacity').fill('12');
  // A fee is paid to the owner, who has no Stripe account yet: said beside the fee, with the way there.
  await form.getByLabel('Fee (USD)').fill('45');
  await form.getByRole('button', { name: 'Create season' }).click();
  await expect(form.getByText(seasonFeeNeedsStripeMessage)).toBeVisible();
  await expect(form.getByRole('link', { name: 'Go to Settings › Payments' })).toHaveAttribute(
    'href',
    '/settings?tab=payments',
  );
  // Nothing typed is lost; a free season goes through.
  await expect(form.getByLabel('Season name')).toHaveValue('Summer Cup');
  await expectAccessible(owner);
  await form.getByLabel('Fee (USD)').fill('');
  await form.getByRole('button', { name: 'Create season' }).click();
  await expect(owner.getByText('Summer Cup', { exact: true })).toBeVisible();
  await expect(owner.getByText('0/12 spots taken', { exact: false })).toBeVisible();
  await owner.getByRole('button', { name: 'Add sessions' }).click();
  await owner.getByLabel('Session title').fill('Cup night');
  await expect(owner.getByText('Time in America/Chicago')).toBeVisible();
  await owner.getByLabel('First session starts').fill(`${year}-06-02T18:30`);
  await owner.getByLabel('Repeat weekly until (optional)').fill(`${year}-06-23`);
  await owner.getByRole('button', { name: 'Save sessions' }).click();
  // In the team's zone, and the captain's own time beside it (issue 11: one zone rule).
  await expect(
    owner.getByText(/Next sessions: Cup night, \w{3}, Jun 2, 6:30 PM CDT \(your time \w{3}, Jun 2, 7:30 PM EDT\)/),
  ).toBeVisible();
  await expect(owner.getByText(/and 1 more/)).toBeVisible();
  await expectAccessible(owner);

  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  const person = newPerson('Striker');
  await signUpWithProfile(player, person);
  await player.goto(`/team/${team.id}`);
  await player.getByRole('button', { name: 'Join' }).click();
  await player.getByRole('button', { name: 'Register for Summer Cup' }).click();
  await expect(player.getByText('You are registered for Summer Cup.')).toBeVisible();
  // The season now says so, and offers Withdraw instead of Register.
  await expect(player.getByText('Your registration awaits approval')).toBeVisible();
  await expect(player.getByRole('button', { name: 'Withdraw from Summer Cup' })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Register for Summer Cup' })).toHaveCount(0);

  await player.goto('/home');
  await player.getByRole('button', { name: 'Player Card' }).click();
  const card = player.getByRole('dialog', { name: 'Player Card' });
  await expect(card.getByText(team.name)).toBeVisible();
  await expect(card.getByText('Summer Cup')).toBeVisible();

  await owner.reload();
  await owner.getByRole('button', { name: 'Registrations' }).click();
  const registrations = owner.getByRole('dialog', { name: 'Summer Cup: registrations' });
  await expect(registrations.getByText(person.email)).toBeVisible();
  await registrations.getByRole('button', { name: `Approve ${person.name} Player` }).click();
  await expect(registrations.getByText('Approved')).toBeVisible();
  await ownerContext.close();
  await playerContext.close();
});

test('a player finds teams and players, follows a team, and applies as an ambassador @mobile', async ({ page }) => {
  await signUpWithProfile(page, newPerson('Scout'));

  await page.goto('/teams');
  await expect(page).toHaveTitle('Teams | Huddle');
  await page.getByLabel('Search teams by name').fill('Austin Pickup');
  await page.getByRole('link', { name: /Austin Pickup Soccer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Austin Pickup Soccer' })).toBeVisible();
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/external-teams');
  await expect(page.getByRole('link', { name: /Austin Pickup Soccer/ })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/user-list');
  await page.getByLabel('Search players by name').fill('Maya');
  await expect(page.getByRole('link', { name: /Maya A\./ })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/start/ambassador');
  await page.getByLabel('Why do you want to be an ambassador?').fill('Too short');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Tell us a little more (at least 20 characters).')).toBeVisible();
  await page
    .getByLabel('Why do you want to be an ambassador?')
    .fill('I run weekly pickup games and want to grow them on Huddle.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Thanks! We read every application')).toBeVisible();
  await expectAccessible(page);
});

test('a team that cannot be found sends a visitor to the root and a signed-in person to team-not-found @mobile', async ({
  page,
  browser,
  baseURL,
}) => {
  const missing = '00000000-0000-4000-8000-000000000000';
  // Spec §8: a failed team lookup redirects to root, which sends a visitor on to sign-up (not to
  // sign in on the way to the guarded team-not-found page).
  await page.goto(`/team/${missing}`);
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();

  // A private team is not found for a visitor either.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signUpWithProfile(owner, newPerson('Hidden'));
  const created = await owner.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: `Hidden Team ${Date.now().toString(36)}`,
      gameType: 'Volleyball',
      description: null,
      city: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      joinPolicy: 'invite',
      visibility: 'private',
    },
  });
  const team = (await created.json()) as { id: string };
  await ownerContext.close();
  await page.goto(`/team/${team.id}`);
  await expect(page).toHaveURL(/\/auth\/sign-up$/);

  // Signed in, the guarded page says what happened.
  await signUpWithProfile(page, newPerson('Seeker'));
  await page.goto(`/team/${missing}`);
  await expect(page).toHaveURL(/\/team-not-found$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team not found' })).toBeVisible();
});
