import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, daysFromNow, uniqueWord } from './support/games.ts';
import { holdScripts, settledAfterHydration, watchHydration } from './support/hydration.ts';
import { austin, signUpWithProfile } from './support/people.ts';

/**
 * Server rendering of the content pages (issue 33, decision 075's addendum): a team's and a place's
 * link arrive painted and readable without JavaScript, and the app takes the markup over without a
 * mismatch and without asking the API again for what the page was rendered from.
 */

/** A public team with a season, an upcoming team game and a tournament, made by the page's signed-in person. */
async function teamWithEverything(page: Page) {
  const word = uniqueWord('ssrteam');
  const names = {
    team: `Rendered FC ${word}`,
    season: `Autumn ${word}`,
    game: `Team game ${word}`,
    cup: `Cup ${word}`,
  };
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name: names.team,
      gameType: 'Soccer',
      description: 'Sunday morning pickup.',
      city: { name: 'Austin, TX', lat: austin.lat, lng: austin.lng },
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  const { placeId } = await createPlaceAndGame(page, { placeName: `Pitch ${word}`, title: `Open ${word}` });
  const day = daysFromNow(4);
  const game = await page.request.post('/api/events', {
    data: {
      title: names.game,
      gameType: 'Soccer',
      timeZone: 'America/Chicago',
      startLocal: `${day}T18:00`,
      endLocal: `${day}T20:00`,
      placeId,
      teamId,
      slots: 10,
    },
  });
  expect(game.status()).toBe(201);
  const season = await page.request.post(`/api/teams/${teamId}/seasons`, {
    data: {
      label: names.season,
      startsOn: daysFromNow(30),
      endsOn: daysFromNow(120),
      registrationOpensAt: new Date(Date.now() - 3_600_000).toISOString(),
      registrationClosesAt: `${daysFromNow(29)}T23:00:00Z`,
      capacity: 20,
      feeCents: null,
      status: 'published',
    },
  });
  expect(season.status()).toBe(201);
  const { id: seasonId } = (await season.json()) as { id: string };
  const session = await page.request.post(`/api/seasons/${seasonId}/sessions`, {
    data: {
      title: `Kick-off ${word}`,
      startsAt: `${daysFromNow(31)}T23:00:00Z`,
      durationMinutes: 90,
      repeatWeeklyUntil: null,
    },
  });
  expect(session.status()).toBe(201);
  const cupStartsAt = `${daysFromNow(10)}T15:00:00Z`;
  const cup = await page.request.post(`/api/teams/${teamId}/tournaments`, {
    data: {
      name: names.cup,
      format: 'single_elimination',
      startsAt: cupStartsAt,
      endsAt: `${daysFromNow(10)}T23:00:00Z`,
      placeName: null,
      courts: ['Court 1'],
      matchMinutes: 30,
    },
  });
  expect(cup.status()).toBe(201);
  const { id: cupId } = (await cup.json()) as { id: string };
  // Four entrants and the draw: the bracket the tournament page shows.
  const entrants = await page.request.put(`/api/tournaments/${cupId}/entrants`, {
    data: { entrants: ['Aces', 'Bandits', 'Comets', 'Dingos'].map((name) => ({ name: `${name} ${word}` })) },
  });
  expect(entrants.status()).toBe(200);
  expect((await page.request.post(`/api/tournaments/${cupId}/schedule`)).status()).toBe(200);
  const apiPaths = ['', '/seasons', '/events', '/tournaments'].map((tail) => `/api/teams/${teamId}${tail}`);
  return { teamId, placeId, cupId, cupStartsAt, word, names, apiPaths };
}

/** Who the page's session is (the session route, as the app reads it). */
async function signedInUser(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  return session.user;
}

/** A new context for a visitor, at the page's screen size; JavaScript on or off; in a time zone if given. */
async function visitorPage(browser: Browser, page: Page, javaScriptEnabled: boolean, timezoneId?: string) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    javaScriptEnabled,
    ...(timezoneId && { timezoneId }),
  });
  return { context, visitor: await context.newPage() };
}

test('a team link and its tournament opened without JavaScript show the team, its seasons, games, tournaments and the bracket @mobile', async ({
  browser,
  page,
}) => {
  const owner = newPerson('Coach');
  await signUpWithProfile(page, owner);
  const { teamId, cupId, word, names } = await teamWithEverything(page);

  const { context, visitor } = await visitorPage(browser, page, false);
  await visitor.goto(`/team/${teamId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: names.team })).toBeVisible();
  await expect(visitor.getByText('Sunday morning pickup.')).toBeVisible();
  await expect(visitor.getByText(names.season, { exact: true })).toBeVisible();
  await expect(visitor.getByRole('link', { name: names.game })).toBeVisible();
  await expect(visitor.getByRole('link', { name: names.cup })).toBeVisible();
  await expect(visitor.getByText(owner.name, { exact: true })).toBeVisible();

  // The tournament's own link: its name and the drawn bracket (the first round's two matches).
  await visitor.goto(`/tournament/${cupId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: names.cup })).toBeVisible();
  await expect(visitor.getByRole('article', { name: `Match W1-1: Aces ${word} v Dingos ${word}` })).toBeVisible();
  await expect(visitor.getByRole('article', { name: `Match W1-2: Bandits ${word} v Comets ${word}` })).toBeVisible();
  await context.close();
});

test('a server-rendered team page and tournament page hydrate without a warning and ask nothing more of the API for what they show @mobile', async ({
  browser,
  page,
}) => {
  await signUpWithProfile(page, newPerson('Coach'));
  const { teamId, cupId, cupStartsAt, word, names, apiPaths } = await teamWithEverything(page);

  // A visitor in Chicago (the tournament's day is on their clock): the page's own markup, then the live page.
  const { context, visitor } = await visitorPage(browser, page, true, 'America/Chicago');
  const seen = watchHydration(visitor);
  const response = await visitor.goto(`/team/${teamId}`);
  const html = (await response?.text()) ?? '';
  expect(html.includes(`${names.team}</h1>`), 'the name in the HTML').toBe(true);
  expect(html.includes(names.cup), 'the tournament in the HTML').toBe(true);
  expect(html.includes('New event'), "an organizer's tools in a visitor's HTML").toBe(false);
  await expect(visitor.getByRole('heading', { level: 1, name: names.team })).toBeVisible();
  await expect(visitor.getByRole('link', { name: names.game })).toBeVisible();
  // Its seasons' sessions came with it too, and nothing a visitor sees is read again.
  await expect(visitor.getByText(new RegExp(`^Next sessions: Kick-off ${word}, `))).toBeVisible();
  await settledAfterHydration(visitor);
  expect(seen.readsAfterHydration()).toEqual([]);
  // Live: the tournament's link is the app's own (a client-side navigation, no new document).
  await visitor.getByRole('link', { name: names.cup }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: names.cup })).toBeVisible();
  expect(seen.problems).toEqual([]);
  expect(seen.getsOf(apiPaths)).toEqual([]);

  // The tournament's own link, a new document: its bracket in the HTML, its days on the visitor's clock.
  const cupPaths = [`/api/tournaments/${cupId}`];
  const cupSeen = watchHydration(visitor);
  const cupResponse = await visitor.goto(`/tournament/${cupId}`);
  const cupHtml = (await cupResponse?.text()) ?? '';
  expect(cupHtml.includes(`${names.cup}</h1>`), "the tournament's name in the HTML").toBe(true);
  expect(cupHtml.includes(`Aces ${word}`), 'the bracket in the HTML').toBe(true);
  await expect(visitor.getByRole('article', { name: `Match W1-1: Aces ${word} v Dingos ${word}` })).toBeVisible();
  // Hydrated: the start (15:00 UTC) and the first matches said on Chicago's clock, "UTC" gone.
  const chicagoStart = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(cupStartsAt));
  await expect(visitor.getByText(new RegExp(`${chicagoStart} –`)).first()).toBeVisible();
  await expect(visitor.getByText(/UTC/)).toHaveCount(0);
  expect(cupSeen.problems).toEqual([]);
  expect(cupSeen.getsOf(cupPaths)).toEqual([]);
  await context.close();

  // Its organizer, signed in: the app shell and their tools, hydrated as well.
  const organizerSeen = watchHydration(page);
  const own = await page.goto(`/team/${teamId}`);
  const ownHtml = (await own?.text()) ?? '';
  expect(ownHtml.includes(`href="/events/new?teamId=${teamId}"`), 'New event in the HTML').toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: names.team })).toBeVisible();
  await expectAccessible(page);
  // React handles the click: the new-season form opens (its module loads on demand).
  await page.getByRole('button', { name: 'Add season' }).click();
  await expect(page.getByRole('dialog', { name: 'New season' })).toBeVisible();
  expect(organizerSeen.problems).toEqual([]);
  expect(organizerSeen.getsOf(apiPaths)).toEqual([]);
});

test('a place link opened without JavaScript shows the place, who is there and its games @mobile', async ({
  browser,
  page,
}) => {
  const host = newPerson('Host');
  await signUpWithProfile(page, host);
  const word = uniqueWord('ssrplace');
  const { placeId } = await createPlaceAndGame(page, { placeName: `Court ${word}`, title: `Game ${word}` });
  expect((await page.request.post(`/api/places/${placeId}/check-ins`, { data: { hours: 2 } })).status()).toBe(201);

  const { context, visitor } = await visitorPage(browser, page, false);
  await visitor.goto(`/places/view/${placeId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `Court ${word}` })).toBeVisible();
  await expect(visitor.getByText('301 W 2nd St, Austin, TX')).toBeVisible();
  await expect(visitor.getByRole('link', { name: `Game ${word}` })).toBeVisible();
  await expect(visitor.getByRole('link', { name: host.name })).toBeVisible();
  // The server does not know the visitor's zone: the time is said in UTC.
  await expect(visitor.getByText(/^Here since \d{1,2}:\d\d [AP]M UTC$/)).toBeVisible();
  await context.close();
});

test('a server-rendered place page hydrates without a warning, asks nothing more for the place, and checks in @mobile', async ({
  browser,
  page,
}) => {
  const host = newPerson('Host');
  await signUpWithProfile(page, host);
  const word = uniqueWord('ssrplace');
  const placeName = `Court ${word}`;
  const { placeId } = await createPlaceAndGame(page, { placeName, title: `Game ${word}` });
  const apiPaths = [`/api/places/${placeId}`, `/api/places/${placeId}/events`];

  // Someone is there: their time has no zone of its own (the server says it in UTC).
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  await signUpWithProfile(playerPage, newPerson('Player'));
  expect((await playerPage.request.post(`/api/places/${placeId}/check-ins`, { data: { hours: 2 } })).status()).toBe(
    201,
  );
  await player.close();

  // A visitor in Chicago: the markup, then the map once the app runs (its placeholder kept the place)
  // and the check-in on their own clock, without a mismatch.
  const { context, visitor } = await visitorPage(browser, page, true, 'America/Chicago');
  const seen = watchHydration(visitor);
  const response = await visitor.goto(`/places/view/${placeId}`);
  const html = (await response?.text()) ?? '';
  expect(html.includes(`${placeName}</h1>`), 'the name in the HTML').toBe(true);
  expect(/Here since <!-- -->\d{1,2}:\d\d [AP]M UTC/.test(html), 'the time in UTC in the HTML').toBe(true);
  await expect(visitor.getByRole('region', { name: `Map of ${placeName}` })).toBeVisible();
  await expect(visitor.getByRole('link', { name: `Game ${word}` })).toBeVisible();
  await expect(visitor.getByText(/^Here since \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await settledAfterHydration(visitor);
  expect(seen.problems).toEqual([]);
  expect(seen.readsAfterHydration()).toEqual([]);
  await context.close();

  // Signed in: "I'm here now" is React's; the check-in shows on the viewer's clock (no "UTC").
  const hostSeen = watchHydration(page);
  await page.goto(`/places/view/${placeId}`);
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expectAccessible(page);
  expect(hostSeen.problems).toEqual([]);
  expect(hostSeen.getsOf(apiPaths)).toEqual([]);
  await page.getByRole('button', { name: "I'm here now" }).click();
  await expect(page.getByText(/^You are checked in until \d{1,2}:\d\d [AP]M\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `${host.name} (you)` })).toBeVisible();
  expect(hostSeen.problems).toEqual([]);
});

test('a player profile opened without JavaScript shows the player and their upcoming games @mobile', async ({
  browser,
  page,
}) => {
  const player = newPerson('Player');
  await signUpWithProfile(page, player);
  const user = await signedInUser(page);
  const word = uniqueWord('ssrprofile');
  const { eventId } = await createPlaceAndGame(page, { placeName: `Field ${word}`, title: `Game ${word}` });
  const view = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
    occurrence: { startsAt: string };
  };
  const join = await page.request.post(`/api/events/${eventId}/parties`, {
    data: { occurrenceStartsAt: view.occurrence.startsAt, friends: 0, guest: null },
  });
  expect(join.status()).toBe(201);

  const { context, visitor } = await visitorPage(browser, page, false);
  await visitor.goto(`/profile/${user.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: player.name })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Upcoming games' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: `Game ${word}` })).toBeVisible();
  await context.close();
});

test('a server-rendered profile hydrates without a warning, asks nothing more for the player, and connects @mobile', async ({
  browser,
  page,
}) => {
  const player = newPerson('Player');
  await signUpWithProfile(page, player);
  const user = await signedInUser(page);
  const apiPaths = [`/api/users/${user.id}/profile`, `/api/connections/with/${user.id}`];

  // Someone else, signed in: their Connect button is in the HTML (no placeholder), and works.
  const { context, visitor: other } = await visitorPage(browser, page, true);
  await signUpWithProfile(other, newPerson('Other'));
  const seen = watchHydration(other);
  const response = await other.goto(`/profile/${user.id}`);
  const html = (await response?.text()) ?? '';
  expect(html.includes(`${player.name}</h1>`), 'the name in the HTML').toBe(true);
  expect(html.includes(`aria-label="Connect with ${player.name}"`), 'Connect in the HTML').toBe(true);
  await expect(other.getByRole('heading', { level: 1, name: player.name })).toBeVisible();
  await expectAccessible(other);
  expect(seen.problems).toEqual([]);
  expect(seen.getsOf(apiPaths)).toEqual([]);
  await other.getByRole('button', { name: `Connect with ${player.name}` }).click();
  await expect(other.getByRole('button', { name: /Requested|Cancel request/ }).first()).toBeVisible();
  expect(seen.problems).toEqual([]);
  await context.close();
});

test('a post link arrives painted without JavaScript, under its category name is sent to its slugs, and hydrates for a visitor in Chicago and its author', async ({
  browser,
  page,
}) => {
  const author = newPerson('Poster');
  await signUpWithProfile(page, author);
  const word = uniqueWord('ssrpost');
  const title = `Sub needed ${word}`;
  const created = await page.request.post('/api/posts', {
    data: {
      category: 'play-competition',
      subcategory: 'sub-needed',
      title,
      text: `Need one more for Thursday ${word}.`,
      place: 'Zilker Park',
      date: daysFromNow(3),
    },
  });
  expect(created.status()).toBe(201);
  const { id: postId } = (await created.json()) as { id: string };
  const postPath = `/posts/play-competition/sub-needed/${postId}`;
  const apiPaths = [`/api/posts/${postId}`];

  // Without JavaScript: the post, its text, when it was written (in UTC: the server knows no zone).
  const { context: plain, visitor: reader } = await visitorPage(browser, page, false);
  await reader.goto(postPath);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByText(`Need one more for Thursday ${word}.`)).toBeVisible();
  await expect(reader.getByText(/^Posted \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/)).toBeVisible();
  await plain.close();

  // A visitor in Chicago follows a link naming the category by its names: the server sends them to
  // the slugs' address (as the app's router would), and the page hydrates there.
  const { context, visitor } = await visitorPage(browser, page, true, 'America/Chicago');
  const seen = watchHydration(visitor);
  await visitor.goto(
    `/posts/${encodeURIComponent('Play & Competition')}/${encodeURIComponent('Sub Needed')}/${postId}`,
  );
  await expect(visitor).toHaveURL(new RegExp(`${postPath}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Hydrated: when it was written, on the visitor's clock.
  await expect(visitor.getByText(/^Posted \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in to reply' })).toBeVisible();
  expect(seen.problems).toEqual([]);
  expect(seen.getsOf(apiPaths)).toEqual([]);
  await context.close();

  // Its author, signed in: the app shell and their Edit, which React handles.
  const authorSeen = watchHydration(page);
  const own = await page.goto(postPath);
  expect(((await own?.text()) ?? '').includes(`${title}</h1>`), 'the title in the HTML').toBe(true);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit post' })).toBeVisible();
  expect(authorSeen.problems).toEqual([]);
  expect(authorSeen.getsOf(apiPaths)).toEqual([]);

  // A reply typed and sent before the app has started (its scripts held back) is sent once the app
  // has taken the page over, once, with its text: the form has no action (natively, Send reloaded
  // the page with ?text=, the reply lost), and React's state never had the text typed.
  const early = await page.context().newPage();
  const release = await holdScripts(early);
  await early.goto(postPath, { waitUntil: 'domcontentloaded' });
  const reply = `Count me in ${word}`;
  await early.getByLabel('Your reply').fill(reply);
  await early.getByRole('button', { name: 'Send reply' }).click();
  expect(early.url()).toMatch(new RegExp(`${postPath}$`));
  release();
  await expect(early.getByText(reply, { exact: true })).toBeVisible();
  await expect(early.getByLabel('Your reply')).toHaveValue('');
  await early.reload();
  await expect(early.getByText(reply, { exact: true })).toHaveCount(1);
});

test("the demo's partner pages arrive painted without JavaScript and hydrate for a visitor in Chicago without asking again", async ({
  browser,
  page,
}) => {
  const idOf = async (type: string, name: string) => {
    const { partners } = (await (await page.request.get(`/api/partners?type=${type}`)).json()) as {
      partners: { id: string; name: string }[];
    };
    const partner = partners.find((candidate) => candidate.name === name);
    expect(partner, name).toBeDefined();
    return partner?.id ?? '';
  };
  const venueId = await idOf('venue', 'Eastside Court House');
  const leagueId = await idOf('league', 'Austin Rec Soccer League');

  const { context: plain, visitor: reader } = await visitorPage(browser, page, false);
  await reader.goto(`/partner/preferred/${venueId}`);
  await expect(reader.getByRole('heading', { level: 1, name: 'Eastside Court House' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'First open play free' })).toBeVisible();
  await expect(reader.getByText(/^Valid until \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await reader.goto(`/partner/events/${leagueId}`);
  await expect(reader.getByRole('heading', { level: 1, name: 'Austin Rec Soccer League' })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Tuesday Night Pickup Soccer' })).toBeVisible();
  await plain.close();

  const { context, visitor } = await visitorPage(browser, page, true, 'America/Chicago');
  const seen = watchHydration(visitor);
  await visitor.goto(`/partner/events/${leagueId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Austin Rec Soccer League' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Tuesday Night Pickup Soccer' })).toBeVisible();
  await visitor.goto(`/partner/preferred/${venueId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Eastside Court House' })).toBeVisible();
  await expectAccessible(visitor);
  expect(seen.problems).toEqual([]);
  expect(seen.getsOf([`/api/partners/${leagueId}/events`, `/api/partners/${venueId}`])).toEqual([]);
  await context.close();
});
