import { randomUUID } from 'node:crypto';
import { errorReply } from '@huddle/shared/error-reply';
import { geohashOf } from '@huddle/shared/places';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '../features/partners/partners.schema.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { connectLocalStripeAccount, createEventAs, createTeamAs, signUpUser } from './factories.ts';
import { createGenerator, type KnownValues } from './hostile-values.ts';
import {
  edgeRequests,
  operationsOf,
  requestArbitrary,
  urlOf,
  type HostileRequest,
  type OpenApiDocument,
  type Operation,
} from './hostile-requests.ts';

/**
 * The app the hostile-input tests send to (hostile-input*.test.ts): a signed-in user who owns one
 * of everything a route can name (team, event, season, form, site, tournament, conversation...),
 * so requests get past "not found" to the code that reads their input. Each test file gets its own
 * app and database: the route checks are split over files so that Vitest's workers share them.
 */
export interface HostileInputApp {
  readonly app: TestApp['app'];
  readonly known: KnownValues;
  document(): OpenApiDocument;
  send(
    operation: Operation,
    request: HostileRequest,
  ): Promise<{ url: string; response: Awaited<ReturnType<TestApp['app']['inject']>> }>;
}

/** Registers the file's beforeAll/afterAll; the returned object is usable inside its tests. */
export function useHostileInputApp(): HostileInputApp {
  let t: TestApp;
  let cookie: string;
  let known: KnownValues;

  beforeAll(async () => {
    t = await createTestApp();
    const me = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    cookie = me.cookie;
    const inject = async (options: InjectOptions, status: number) => {
      const response = await t.app.inject({ ...options, headers: { cookie } });
      if (response.statusCode !== status) throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const place = await inject(
      {
        method: 'POST',
        url: '/api/places',
        payload: {
          name: 'Zilker Park',
          address: '2100 Barton Springs Rd',
          lat: 30.2669,
          lng: -97.7729,
          geohash: geohashOf(30.2669, -97.7729),
        },
      },
      201,
    );
    const team = await createTeamAs(t.app, cookie);
    await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/join`, headers: { cookie: other.cookie } });
    const event = await createEventAs(t.app, cookie, place.id, { teamId: team.id });
    const party = await inject(
      { method: 'POST', url: `/api/events/${event.id}/parties`, payload: { occurrenceStartsAt: event.next?.startsAt } },
      201,
    );
    const season = await inject(
      {
        method: 'POST',
        url: `/api/teams/${team.id}/seasons`,
        payload: {
          label: 'Spring 2031',
          startsOn: '2031-03-01',
          endsOn: '2031-05-31',
          registrationOpensAt: new Date(Date.now() - 60_000).toISOString(),
          registrationClosesAt: '2031-02-28T23:00:00Z',
          capacity: null,
          feeCents: null,
          status: 'published',
        },
      },
      201,
    );
    const withGroup = await inject(
      { method: 'POST', url: `/api/seasons/${season.id}/groups`, payload: { name: 'Division A' } },
      201,
    );
    const registration = await inject(
      { method: 'POST', url: `/api/seasons/${season.id}/registrations`, payload: {} },
      201,
    );
    const invitation = await inject({ method: 'POST', url: `/api/teams/${team.id}/invitations`, payload: {} }, 201);
    const feed = await inject({ method: 'POST', url: '/api/me/calendar-feeds', payload: { teamId: team.id } }, 201);
    const conversation = await inject({ method: 'POST', url: `/api/teams/${team.id}/conversation` }, 200);
    const message = await inject(
      {
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        payload: { clientId: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f', text: 'Hello team' },
      },
      201,
    );
    const post = await inject(
      {
        method: 'POST',
        url: '/api/posts',
        payload: { category: 'play-competition', subcategory: 'sub-needed', title: 'Keeper', text: 'Need one.' },
      },
      201,
    );
    const [partner] = await t.db
      .insert(partners)
      .values({ type: 'league', name: 'Hostile League', teamId: team.id })
      .returning({ id: partners.id });
    const tournament = await inject(
      {
        method: 'POST',
        url: `/api/teams/${team.id}/tournaments`,
        payload: {
          name: 'Hostile Cup',
          format: 'double_elimination',
          startsAt: '2031-04-05T09:00:00Z',
          endsAt: '2031-04-05T18:00:00Z',
          placeName: null,
          courts: ['Court 1', 'Court 2'],
          matchMinutes: 30,
        },
      },
      201,
    );
    const entered = { entrants: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { registrationId: registration.id }] };
    await inject({ method: 'PUT', url: `/api/tournaments/${tournament.id}/entrants`, payload: entered }, 200);
    const scheduled = await inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/schedule` }, 200);
    // Paid, with a form that has a submission and a site: so the requests that read the ledger
    // (Transactions), change a submission or save a site get past "not found" and "connect Stripe".
    await connectLocalStripeAccount(t, me.user.id);
    const form = await inject(
      { method: 'POST', url: '/api/forms', payload: { title: 'Tryouts', teamId: team.id } },
      201,
    );
    const fields = [{ type: 'short_text', id: 'position', label: 'Position' }];
    await inject(
      { method: 'PUT', url: `/api/forms/${form.id}`, payload: { version: 1, title: 'Tryouts', fields, settings: {} } },
      200,
    );
    await inject({ method: 'POST', url: `/api/forms/${form.id}/status`, payload: { status: 'published' } }, 200);
    const submission = await inject(
      {
        method: 'POST',
        url: `/api/forms/${form.id}/submissions`,
        payload: { clientId: randomUUID(), answers: { position: 'Keeper' } },
      },
      201,
    );
    const website = await inject({ method: 'POST', url: '/api/websites', payload: { template: 'club' } }, 201);
    known = {
      formId: [form.id],
      submissionId: [submission.submissionId],
      websiteId: [website.id],
      tournamentId: [tournament.id],
      matchId: scheduled.matches.map((match: { id: string }) => match.id),
      postId: [post.id],
      partnerId: [partner!.id],
      conversationId: [conversation.id],
      messageId: [message.id],
      placeId: [place.id],
      teamId: [team.id],
      eventId: [event.id],
      partyId: [party.party.id],
      seasonId: [season.id],
      groupId: [withGroup.groups[0].id],
      registrationId: [registration.id],
      invitationId: [invitation.id],
      token: [invitation.url.split('/invite/')[1], feed.url.split('/api/calendar/')[1].replace(/\.ics$/, '')],
      feedId: [feed.id],
      userId: [me.user.id, other.user.id],
      occurrence: [event.next?.startsAt ?? ''],
      occurrenceStartsAt: [event.next?.startsAt ?? ''],
    };
  });
  afterAll(async () => {
    await t.close();
  });

  return {
    get app() {
      return t.app;
    },
    get known() {
      return known;
    },
    document: () => t.app.swagger() as unknown as OpenApiDocument,
    async send(operation, request) {
      const url = urlOf(operation, request);
      const response = await t.app.inject({
        method: operation.method as InjectOptions['method'],
        url,
        headers: {
          cookie,
          ...(request.body && { 'content-type': 'application/json' }),
          ...(request.encoding && { 'content-encoding': request.encoding }),
        },
        ...(request.body && { payload: JSON.stringify(request.body.value) }),
      });
      return { url, response };
    },
  };
}

/** The path parameters of an operation, pointing at the fixtures where their names say. */
export function fixtureParams(operation: Operation, generator: ReturnType<typeof createGenerator>) {
  return Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [
        parameter.name,
        String(fc.sample(generator.valid(parameter.schema, parameter.name), { numRuns: 1, seed: 30 })[0]),
      ]),
  );
}

/** Random runs per route, after its edge requests: ~270 routes, so about four thousand requests in all. */
const runsPerRoute = 10;

/**
 * Every route of the OpenAPI document gets valid, boundary and hostile bodies, queries and
 * path parameters as a signed-in user: no answer may be a 5xx, every 4xx carries the error
 * shape, and the server is healthy afterwards. Each route's edge requests go first on every run
 * (hostile-requests.ts), then random ones; a failure prints the seed and the smallest request
 * that still fails. `part` of `parts`: every parts-th route (in operationsOf's order: reads,
 * writes, deletions, deleting the account, signing out), on the file's own app.
 */
export function describeHostileRoutes(part: number, parts: number) {
  const hostile = useHostileInputApp();
  describe(`hostile input on every route of the OpenAPI document (part ${part + 1} of ${parts})`, () => {
    it('never answers 5xx, answers every 4xx in the error shape, and stays healthy', { timeout: 180_000 }, async () => {
      const document = hostile.document();
      const generator = createGenerator(document.components.schemas, hostile.known);
      const everyOperation = operationsOf(document);
      expect(everyOperation.length).toBeGreaterThan(90);
      const operations = everyOperation.filter((_, index) => index % parts === part);

      let sent = 0;
      const byStatus = new Map<number, number>();
      const failures: string[] = [];
      for (const operation of operations) {
        const property = fc.asyncProperty(requestArbitrary(operation, generator), async (request) => {
          sent += 1;
          const { url, response } = await hostile.send(operation, request);
          byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
          const where = `${operation.method} ${url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) throw new Error(where);
          if (response.statusCode >= 400) {
            const parsed = errorReply.safeParse(JSON.parse(response.body));
            if (!parsed.success) throw new Error(`not the error shape: ${where}`);
          }
        });
        const examples = edgeRequests(operation, generator, document.components.schemas).map(
          (request) => [request] as [HostileRequest],
        );
        const details = await fc.check(property, {
          numRuns: runsPerRoute + examples.length,
          examples,
          endOnFailure: true,
        });
        if (details.failed) {
          failures.push(
            `${operation.method} ${operation.path} (seed ${details.seed}, path ${details.counterexamplePath}): ${String(details.errorInstance).slice(0, 800)}`,
          );
        }
      }

      const health = await hostile.app.inject({ url: '/api/health' });
      const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
      console.info(`hostile input: ${sent} requests over ${operations.length} routes (${statuses.join(', ')})`);
      expect(failures).toEqual([]);
      expect(health.statusCode).toBe(200);
      expect(sent).toBeGreaterThanOrEqual(operations.length * runsPerRoute);
    });
  });
}
