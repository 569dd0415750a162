import { errorReply } from '@huddle/shared/error-reply';
import { geohashOf } from '@huddle/shared/places';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '../features/partners/partners.schema.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createEventAs, createTeamAs, signUpUser } from './factories.ts';
import {
  createGenerator,
  hostileJson,
  hostileText,
  type Generator,
  type JsonSchema,
  type KnownValues,
} from './hostile-values.ts';

/**
 * Every route of the OpenAPI document gets valid, boundary and hostile bodies, queries and
 * path parameters as a signed-in user: no answer may be a 5xx, every 4xx carries the error
 * shape, and the server is healthy afterwards. Random by design; a failure prints the seed
 * and the smallest request that still fails.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}
interface HostileRequest {
  params: Record<string, string>;
  /** Query pairs; a key may repeat. */
  query: [string, string][];
  /** undefined: no body sent. */
  body: { value: unknown } | undefined;
  /** Appended raw to the path: a %00, a broken escape. */
  pathNoise: string | null;
}

/** Runs per route: ~106 routes, so a little over a thousand requests in all. */
const runsPerRoute = 12;

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
  known = {
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

/** The operations of the document, in an order that keeps the fixtures and the session alive longest. */
function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
  >;
}): Operation[] {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
  // Reads, then writes, then deletions (deeper paths first: a season goes before its team),
  // then deleting the account, then signing out.
  const rank = ({ method, path }: Operation) => {
    if (path === '/api/auth/sign-out') return 4;
    if (method === 'DELETE' && path === '/api/me') return 3;
    return method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1;
  };
  return operations.sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.path.length - a.path.length : 0));
}

/**
 * One request for an operation: a clean one (valid as far as the schemas say, so it reaches
 * the service and the database) or a hostile one (hostile values at any depth, unknown and
 * repeated keys, a wrong body, a broken path).
 */
function requestArbitrary(operation: Operation, generator: Generator): fc.Arbitrary<HostileRequest> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const required = queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);

  const build = (hostile: boolean): fc.Arbitrary<HostileRequest> => {
    const text = (parameter: Parameter) => {
      const valid = generator.valid(parameter.schema, parameter.name).map(asText);
      return hostile ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: hostileText }) : valid;
    };
    const params = fc.record(Object.fromEntries(pathParameters.map((parameter) => [parameter.name, text(parameter)])));
    const named = fc
      .record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name, text(parameter)])), {
        requiredKeys: required,
      })
      .map((values) => Object.entries(values as Record<string, string>));
    const extraKeys = fc.constantFrom('unknown', '__proto__', 'constructor', ...queryParameters.map((p) => p.name));
    const query = hostile
      ? fc
          .tuple(named, fc.array(fc.tuple(extraKeys, hostileText), { minLength: 0, maxLength: 2 }))
          .map(([pairs, extra]) => [...pairs, ...extra])
      : named;
    let body: fc.Arbitrary<HostileRequest['body']>;
    if (!operation.body) {
      body = hostile
        ? fc.option(
            hostileJson.map((value) => ({ value })),
            { nil: undefined },
          )
        : fc.constant(undefined);
    } else if (!hostile) {
      body = generator.valid(operation.body).map((value) => ({ value }));
    } else {
      const withUnknownField = fc
        .tuple(generator.valid(operation.body), fc.constantFrom('unknownField', 'constructor', 'isAdmin'), hostileJson)
        .map(([value, key, extra]) =>
          typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, [key]: extra } : value,
        );
      body = fc
        .oneof(
          { weight: 4, arbitrary: generator.mixed(operation.body) },
          { weight: 1, arbitrary: hostileJson },
          { weight: 1, arbitrary: withUnknownField },
        )
        .map((value) => ({ value }));
    }
    const pathNoise = hostile
      ? fc.option(fc.constantFrom('%00', '%', '%E0%A4%A', '%2e%2e%2f', '\u0000'), { freq: 4, nil: null })
      : fc.constant(null);
    return fc.record({ params, query, body, pathNoise });
  };
  return fc.oneof({ weight: 2, arbitrary: build(false) }, { weight: 3, arbitrary: build(true) });
}

/** Percent-encoding as a browser does it: a lone surrogate becomes U+FFFD first. */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** The URL as a client would write it; now and then a raw %00 or a broken escape in the path. */
function urlOf(operation: Operation, request: HostileRequest): string {
  let path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(request.params[name] ?? ''));
  if (request.pathNoise) path = `${path}${request.pathNoise}`;
  const query = request.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('never answers 5xx, answers every 4xx in the error shape, and stays healthy', { timeout: 180_000 }, async () => {
    const document = t.app.swagger() as unknown as Parameters<typeof operationsOf>[0] & {
      components: { schemas: Record<string, JsonSchema> };
    };
    const generator = createGenerator(document.components.schemas, known);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(90);

    let sent = 0;
    const byStatus = new Map<number, number>();
    const failures: string[] = [];
    for (const operation of operations) {
      const property = fc.asyncProperty(requestArbitrary(operation, generator), async (request) => {
        const url = urlOf(operation, request);
        sent += 1;
        const response = await t.app.inject({
          method: operation.method as InjectOptions['method'],
          url,
          headers: { cookie, ...(request.body && { 'content-type': 'application/json' }) },
          ...(request.body && { payload: JSON.stringify(request.body.value) }),
        });
        byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
        const where = `${operation.method} ${url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (response.statusCode >= 500) throw new Error(where);
        if (response.statusCode >= 400) {
          const parsed = errorReply.safeParse(JSON.parse(response.body));
          if (!parsed.success) throw new Error(`not the error shape: ${where}`);
        }
      });
      const details = await fc.check(property, { numRuns: runsPerRoute, endOnFailure: true });
      if (details.failed) {
        failures.push(
          `${operation.method} ${operation.path} (seed ${details.seed}, path ${details.counterexamplePath}): ${String(details.errorInstance).slice(0, 800)}`,
        );
      }
    }

    const health = await t.app.inject({ url: '/api/health' });
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.info(`hostile input: ${sent} requests over ${operations.length} routes (${statuses.join(', ')})`);
    expect(failures).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(sent).toBeGreaterThanOrEqual(operations.length * runsPerRoute);
  });
});
