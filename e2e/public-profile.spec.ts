import { findQuiz } from '@huddle/shared/quizzes';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';

/** Joins the next date of a game through the API, as the app's Join button does. */
async function joinNextDate(page: Page, eventId: string) {
  const view = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
    occurrence: { startsAt: string };
  };
  const joined = await page.request.post(`/api/events/${eventId}/parties`, {
    data: { occurrenceStartsAt: view.occurrence.startsAt },
  });
  expect(joined.status()).toBe(201);
}

async function setUpcomingGamesPublic(page: Page, publicUpcomingGames: boolean) {
  const saved = await page.request.put('/api/me/privacy', {
    data: { privacy: { messagesFromAnyone: true, publicBadges: true, publicOnlineStatus: true, publicUpcomingGames } },
  });
  expect(saved.status()).toBe(200);
}

test('a public profile shows upcoming games while the player allows it, teams and games played; a long name never wraps a letter a line @mobile', async ({
  browser,
}) => {
  // One 25-letter word, the longest display name there is.
  const player = { ...newPerson('Player'), name: 'Wolfeschlegelsteinhausenb' };
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signUpWithProfile(playerPage, player);
  const playerId = ((await (await playerPage.request.get('/api/auth/session')).json()) as { user: { id: string } }).user
    .id;

  const organizerContext = await browser.newContext();
  const organizer = await organizerContext.newPage();
  await signUpWithProfile(organizer, newPerson('Host'));
  const title = `Sunset Hoops ${uniqueWord('g')}`;
  const { eventId } = await createPlaceAndGame(organizer, {
    placeName: uniqueWord('Court'),
    title,
    gameType: 'Basketball',
  });
  await joinNextDate(playerPage, eventId);
  // The player's pickleball quiz (every answer the third option): level 4.0, shown on the profile.
  const quiz = findQuiz('pickleball')!;
  const quizSaved = await playerPage.request.put('/api/me/quiz-results/pickleball', {
    data: { answers: Object.fromEntries(quiz.questions.map((question) => [question.id, question.options[2]!.id])) },
  });
  expect(quizSaved.status()).toBe(200);
  const publicTeam = await playerPage.request.post('/api/teams', {
    data: { kind: 'community', name: `Open Runners ${uniqueWord('t')}` },
  });
  const privateTeam = await playerPage.request.post('/api/teams', {
    data: { kind: 'team', name: `Hidden Squad ${uniqueWord('t')}`, visibility: 'private' },
  });
  const publicName = ((await publicTeam.json()) as { name: string }).name;
  const privateName = ((await privateTeam.json()) as { name: string }).name;

  // Another signed-in person looks at the profile.
  await organizer.goto(`/profile/${playerId}`);
  const heading = organizer.getByRole('heading', { level: 1, name: player.name });
  await expect(heading).toBeVisible();
  // The name wraps in at most two lines, each many letters wide, never one letter a line.
  const box = await heading.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return { width: rect.width, height: rect.height, lineHeight, fitsPage: rect.right <= window.innerWidth };
  });
  expect(box.height).toBeLessThanOrEqual(box.lineHeight * 2 + 2);
  expect(box.width).toBeGreaterThan(120);
  expect(box.fitsPage).toBe(true);

  await expect(organizer.getByRole('heading', { level: 2, name: 'Upcoming games' })).toBeVisible();
  await expect(organizer.getByRole('link', { name: title })).toBeVisible();
  await expect(organizer.getByRole('link', { name: publicName })).toBeVisible();
  await expect(organizer.getByRole('link', { name: privateName })).toHaveCount(0);
  await expect(organizer.getByTestId('games-played')).toHaveText('0 games on Huddle');
  await expect(organizer.getByRole('list', { name: 'Skill levels' }).getByRole('listitem')).toHaveText([
    'Pickleball level 4.0 (quiz)',
  ]);
  await expectAccessible(organizer);

  // The player hides upcoming games: others no longer see them, the player still does.
  await setUpcomingGamesPublic(playerPage, false);
  await organizer.reload();
  await expect(organizer.getByText(`${player.name} keeps their upcoming games private.`)).toBeVisible();
  await expect(organizer.getByRole('link', { name: title })).toHaveCount(0);
  await playerPage.goto(`/profile/${playerId}`);
  await expect(playerPage.getByRole('link', { name: title })).toBeVisible();
  await expect(playerPage.getByRole('link', { name: privateName })).toBeVisible();

  await playerContext.close();
  await organizerContext.close();
});
