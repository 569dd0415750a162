// The soak mix (bench:soak, issue 30): simulated people sign in, read home and discover, join
// and leave games, pay for paid games on the local Checkout page, search and check in at places.
// bench/soak.mjs runs it against one server; bench/cluster-faults.mjs (npm run test:cluster)
// runs it through Caddy in front of a cluster while breaking pieces of it. Each request is
// reported to onResult; `expected` keeps every acknowledged write, which verify() reads back.

export const demoUser = { email: 'demo@huddle.test', password: 'huddle-demo-2026' };
const gameCount = 6;
const paidGameCount = 2;
export const slotsPerGame = 4;
/** Paid games have more room, so more people reach Checkout and press Pay. */
export const slotsPerPaidGame = 10;
const priceCents = 1500;
export const austin = { lat: 30.2672, lng: -97.7431 };

/**
 * A write answered 5xx, or not at all, may or may not have been done (the database committed, the
 * answer was lost): what was acknowledged before it no longer says what the database must hold.
 */
const outcomeUnknown = (status) => typeof status !== 'number' || status >= 500;

export const pick = (list) => list[Math.floor(Math.random() * list.length)];
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * The mix for `people` people. onResult({ action, method, status, ms, retryAfter }) hears every
 * request: status is the HTTP status, 'hang' (no answer in requestTimeoutMs) or 'network' (the
 * connection failed or was reset).
 */
export function createSoakMix({ people, requestTimeoutMs = 10_000, onResult = () => undefined }) {
  /** Payment ids whose Pay press was answered 303 (paid). */
  const paidPresses = new Set();

  function cookieOf(response) {
    return response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
  }

  /** One timed request; a time-out counts as a hang (status 'hang'). */
  async function call(baseUrl, action, method, url, { cookie = '', body, form } = {}) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          ...(cookie && { cookie }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(form !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        redirect: 'manual',
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await response.text();
      onResult({
        action,
        method,
        status: response.status,
        ms: performance.now() - started,
        retryAfter: response.headers.get('retry-after'),
      });
      const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null;
      return { status: response.status, response, json };
    } catch (error) {
      const status = error?.name === 'TimeoutError' ? 'hang' : 'network';
      onResult({ action, method, status, ms: performance.now() - started, retryAfter: null });
      return { status, response: null, json: null };
    }
  }

  async function setUp(baseUrl, confirmEmails) {
    const organizer = await call(baseUrl, 'sign in', 'POST', '/api/auth/sign-in', { body: demoUser });
    const organizerCookie = cookieOf(organizer.response);
    const demoGames = await call(
      baseUrl,
      'discover',
      'GET',
      `/api/events?lat=${austin.lat}&lng=${austin.lng}&limit=20`,
    );
    const placeIds = [...new Set(demoGames.json.events.map((event) => event.place.id))];
    const games = [];
    const paidGames = [];
    for (let index = 0; index < gameCount + paidGameCount; index++) {
      const paid = index >= gameCount;
      const created = await call(baseUrl, 'create game', 'POST', '/api/events', {
        cookie: organizerCookie,
        body: {
          title: paid ? `Soak paid game ${index + 1 - gameCount}` : `Soak game ${index + 1}`,
          gameType: 'Soccer',
          description: null,
          timeZone: 'America/Chicago',
          startLocal: '2030-06-04T18:00',
          endLocal: '2030-06-04T20:00',
          repeat: null,
          placeId: placeIds[index % placeIds.length],
          teamId: null,
          slots: paid ? slotsPerPaidGame : slotsPerGame,
          skillLevel: 'all',
          visibility: 'public',
          // The demo organizer is paid through a local test Stripe account (the seed gives it one).
          priceCents: paid ? priceCents : null,
          autoPromote: index % 2 === 0,
        },
      });
      if (created.status !== 201) throw new Error(`could not create a game: ${created.status}`);
      (paid ? paidGames : games).push({ id: created.json.id, occurrence: created.json.next.startsAt });
    }
    const cast = [];
    for (let index = 0; index < people; index++) {
      const credentials = {
        name: `Soak Player ${index + 1}`,
        email: `soak-${index + 1}-${Date.now()}@example.com`,
        password: `soak-player-pass-${index + 1}-x`,
      };
      const signedUp = await call(baseUrl, 'sign up', 'POST', '/api/auth/sign-up', { body: credentials });
      if (signedUp.status !== 201) throw new Error(`sign-up failed: ${signedUp.status}`);
      cast.push({ credentials, id: signedUp.json.user.id, cookie: cookieOf(signedUp.response) });
    }
    // Their sign-ins after a sign-out wait for a verified email (decision 062).
    await confirmEmails(cast.map((person) => person.credentials.email));
    return { games, paidGames, placeIds, cast, organizerCookie };
  }

  /**
   * One person's loop, as long as keepGoing() says. `expected` keeps the outcome of each acknowledged write: the last 2xx
   * join or leave per game, the last 2xx check-in or check-out.
   */
  async function signIn(baseUrl, person) {
    const { email, password } = person.credentials;
    const signedIn = await call(baseUrl, 'sign in', 'POST', '/api/auth/sign-in', { body: { email, password } });
    if (signedIn.status === 200) person.cookie = cookieOf(signedIn.response);
    return signedIn.status === 200;
  }

  async function live(baseUrl, person, world, keepGoing, expected) {
    while (keepGoing()) {
      const roll = Math.random();
      if (person.signedOut || roll < 0.05) {
        if (!person.signedOut) {
          await call(baseUrl, 'sign out', 'POST', '/api/auth/sign-out', { cookie: person.cookie, body: {} });
        }
        // Signed out until a sign-in succeeds: under faults it may fail, and the next turn tries again.
        person.signedOut = !(await signIn(baseUrl, person));
      } else if (roll < 0.3) {
        await Promise.all([
          call(baseUrl, 'home: me', 'GET', '/api/me', { cookie: person.cookie }),
          call(baseUrl, 'home: my events', 'GET', '/api/me/events', { cookie: person.cookie }),
          call(
            baseUrl,
            'home: nearby events',
            'GET',
            `/api/events/nearby?lat=${austin.lat}&lng=${austin.lng}&limit=7`,
            {
              cookie: person.cookie,
            },
          ),
          call(
            baseUrl,
            'home: nearby players',
            'GET',
            `/api/users/nearby?lat=${austin.lat}&lng=${austin.lng}&limit=7`,
            {
              cookie: person.cookie,
            },
          ),
        ]);
      } else if (roll < 0.45) {
        await call(baseUrl, 'discover', 'GET', `/api/events?lat=${austin.lat}&lng=${austin.lng}&limit=20`, {
          cookie: person.cookie,
        });
      } else if (roll < 0.55) {
        // A paid game: Checkout, then Pay on the local Checkout page (issue 30: ten presses at once
        // wedged the server). The spot becomes a joined one when the payment's webhook is applied.
        const game = pick(world.paidGames);
        const checkout = await call(baseUrl, 'paid: checkout', 'POST', `/api/events/${game.id}/checkout`, {
          cookie: person.cookie,
          body: { occurrenceStartsAt: game.occurrence, friends: 0 },
        });
        if (checkout.status === 200 && checkout.json.outcome === 'checkout') {
          const page = new URL(checkout.json.url).pathname;
          const paid = await call(baseUrl, 'paid: pay', 'POST', page, { form: 'action=pay' });
          if (paid.status === 303) paidPresses.add(checkout.json.paymentId);
        }
      } else if (roll < 0.7) {
        const game = pick(world.games);
        const joined = await call(baseUrl, 'join', 'POST', `/api/events/${game.id}/parties`, {
          cookie: person.cookie,
          body: { occurrenceStartsAt: game.occurrence, friends: Math.random() < 0.2 ? 1 : 0 },
        });
        if (joined.status === 201) expected.games.set(`${person.id} ${game.id}`, 'in');
        else if (outcomeUnknown(joined.status)) expected.games.delete(`${person.id} ${game.id}`);
      } else if (roll < 0.85) {
        // Paid games too (their leave refunds), so their spots free up for the next payers.
        const game = pick(Math.random() < 0.5 ? world.paidGames : world.games);
        const left = await call(
          baseUrl,
          'leave',
          'DELETE',
          `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`,
          { cookie: person.cookie },
        );
        if (left.status === 200 && !world.paidGames.includes(game))
          expected.games.set(`${person.id} ${game.id}`, 'out');
        else if (outcomeUnknown(left.status)) expected.games.delete(`${person.id} ${game.id}`);
      } else if (roll < 0.92) {
        await call(
          baseUrl,
          'search',
          'GET',
          `/api/search?q=${encodeURIComponent(pick(['soak', 'park', 'soccer', 'zilker']))}`,
          {
            cookie: person.cookie,
          },
        );
      } else {
        const placeId = pick(world.placeIds);
        if (Math.random() < 0.7) {
          const checkedIn = await call(baseUrl, 'check in', 'POST', `/api/places/${placeId}/check-ins`, {
            cookie: person.cookie,
            body: { hours: 2 },
          });
          if (checkedIn.status === 201) expected.checkins.set(person.id, placeId);
          else if (outcomeUnknown(checkedIn.status)) expected.checkins.delete(person.id);
        } else {
          const out = await call(baseUrl, 'check out', 'DELETE', '/api/me/check-in', { cookie: person.cookie });
          if (out.status === 200) expected.checkins.set(person.id, null);
          else if (outcomeUnknown(out.status)) expected.checkins.delete(person.id);
        }
      }
      await pause(Math.random() * 150);
    }
  }

  /** What must hold after the run, read back through the API. */
  async function verify(baseUrl, world, expected) {
    const failures = [];
    for (const person of world.cast) {
      if (person.signedOut && !(await signIn(baseUrl, person))) failures.push(`${person.id}: cannot sign in again`);
    }
    for (const game of world.games) {
      const view = await call(baseUrl, 'verify', 'GET', `/api/events/${game.id}`, { cookie: world.organizerCookie });
      const joinedPeople = view.json.joiners.reduce((sum, party) => sum + party.partySize, 0);
      if (joinedPeople > slotsPerGame)
        failures.push(`${game.id}: ${joinedPeople} people joined on ${slotsPerGame} spots`);
      // Positions are an order key (decision 010): within the offered and within the waiting,
      // strictly increasing and never repeated. An offer can pass over a bigger party in front
      // that does not fit the freed spots, so the two groups are checked apart.
      for (const status of ['offered', 'waitlisted']) {
        const positions = view.json.waitlist.filter((party) => party.status === status).map((party) => party.position);
        if (positions.some((position, index) => index > 0 && position <= positions[index - 1])) {
          failures.push(`${game.id}: ${status} positions ${positions.join(',')}`);
        }
      }
      for (const person of world.cast) {
        const state = expected.games.get(`${person.id} ${game.id}`);
        const mine = await call(baseUrl, 'verify', 'GET', `/api/events/${game.id}`, { cookie: person.cookie });
        const hasParty = mine.json.myParty !== null;
        if (state === 'in' && !hasParty) failures.push(`${person.id}: a 201 join of ${game.id} is not in the database`);
        if (state === 'out' && hasParty)
          failures.push(`${person.id}: a 200 leave of ${game.id} did not remove the party`);
      }
    }
    // Paid games: within their spots, and every payment settled once the queued webhooks are applied
    // (paid with a joined spot, or refunded in full), none left pending after its Pay.
    for (const game of world.paidGames) {
      let payments = [];
      for (let waited = 0; waited < 30_000; waited += 500) {
        const listed = await call(baseUrl, 'verify', 'GET', `/api/events/${game.id}/payments`, {
          cookie: world.organizerCookie,
        });
        payments = listed.json.payments;
        if (!payments.some((payment) => payment.status === 'pending' && paidPresses.has(payment.id))) break;
        await pause(500);
      }
      const view = await call(baseUrl, 'verify', 'GET', `/api/events/${game.id}`, { cookie: world.organizerCookie });
      const joinedPeople = view.json.joiners.reduce((sum, party) => sum + party.partySize, 0);
      if (joinedPeople > slotsPerPaidGame)
        failures.push(`${game.id}: ${joinedPeople} people joined a paid game on ${slotsPerPaidGame} spots`);
      const stuck = payments.filter((payment) => payment.status === 'pending' && paidPresses.has(payment.id));
      if (stuck.length > 0) failures.push(`${game.id}: ${stuck.length} paid Checkouts still pending after 30 s`);
      const paid = payments.filter((payment) => payment.status === 'paid').reduce((sum, p) => sum + p.quantity, 0);
      if (paid > slotsPerPaidGame)
        failures.push(`${game.id}: ${paid} spots paid and kept on ${slotsPerPaidGame} spots`);
    }
    for (const [personId, placeId] of expected.checkins) {
      const person = world.cast.find((candidate) => candidate.id === personId);
      for (const candidate of world.placeIds) {
        const view = await call(baseUrl, 'verify', 'GET', `/api/places/${candidate}`, { cookie: person.cookie });
        const here = view.json.myCheckin !== null;
        if (candidate === placeId && !here) failures.push(`${personId}: a 201 check-in at ${candidate} is missing`);
        if (candidate !== placeId && here) failures.push(`${personId}: still checked in at ${candidate}`);
      }
    }
    return failures;
  }

  return { call, cookieOf, setUp, live, verify, paidPresses };
}
