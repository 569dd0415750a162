import type { SignUpBody } from '@huddle/shared/accounts';
import type { FastifyInstance } from 'fastify';

let sequence = 0;

/** A unique, valid sign-up body; pass fields to override. */
export function signUpBodyFor(overrides: Partial<SignUpBody> = {}): SignUpBody {
  sequence += 1;
  return {
    name: `Player ${sequence}`,
    email: `player${sequence}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The cookie header value a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values.map((value) => value.split(';')[0]).join('; ');
}

/** Signs up a new user through the API and returns their session cookie and record. */
export async function signUpUser(app: FastifyInstance, overrides: Partial<SignUpBody> = {}) {
  const body = signUpBodyFor(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    body,
    cookie: cookieHeaderFrom(response.headers['set-cookie']),
    user: response.json().user as { id: string; email: string },
  };
}

export const austinCity = { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 };

/** A valid create-team body; pass fields to override. */
export function teamBodyFor(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    kind: 'team',
    name: `Eastside Kickers ${sequence}`,
    gameType: 'Soccer',
    description: 'Sunday morning pickup.',
    city: austinCity,
    joinPolicy: 'open',
    visibility: 'public',
    ...overrides,
  };
}

/** Creates a team through the API as the user with this cookie. */
export async function createTeamAs(app: FastifyInstance, cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie },
    payload: teamBodyFor(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`team create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; name: string };
}
