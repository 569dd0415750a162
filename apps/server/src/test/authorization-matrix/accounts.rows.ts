import { signUpBodyFor } from '../factories.ts';
import { freshSession, signUpUnverifiedPerson, standIn } from './cast.ts';
import { everyone, realtimeRoute, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner

/** Signing in and out, the account itself, and what the app reads before anyone signs in. */
export const accountRows: MatrixRow[] = [
  { route: 'GET /api/health', expect: everyone(200) },
  { route: 'GET /api/ready', expect: everyone(200) },
  { route: 'GET /api/config', expect: everyone(200) },
  { route: 'GET /api/game-types', expect: everyone(200) },
  { route: 'GET /api/auth/session', expect: everyone(200) },
  { route: 'POST /api/auth/sign-up', call: () => ({ payload: signUpBodyFor() }), expect: everyone(201) },
  {
    route: 'POST /api/auth/sign-in',
    // Anonymous signs in as the other user; the others as themselves (a new session each).
    call: (cast, role) => {
      const person = cast.people[role === 'anonymous' ? 'otherUser' : role];
      return { payload: { email: person.email, password: person.password } };
    },
    expect: everyone(200),
  },
  // Issue 33: the sign-in and sign-up pages' HTML forms, posted without JavaScript: a redirect,
  // into the app with a session or back to the form (the same people as the JSON endpoints).
  { route: 'POST /auth/sign-up', call: () => ({ payload: signUpBodyFor() }), expect: everyone(303) },
  {
    route: 'POST /auth/login',
    call: (cast, role) => {
      const person = cast.people[role === 'anonymous' ? 'otherUser' : role];
      return { payload: { email: person.email, password: person.password } };
    },
    expect: everyone(303),
  },
  {
    route: 'POST /api/auth/sign-in/verification-email',
    // Whoever asks, signed in or not: the email and password of an account still unverified.
    target: 'a new account whose email is not verified yet',
    call: async (cast) => {
      const { email, password } = await signUpUnverifiedPerson(cast.t, 'Unverified');
      return { payload: { email, password } };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/sign-in/verification-email',
    target: "the other user's email with a wrong password",
    call: (cast) => ({ payload: { email: cast.people.otherUser.email, password: 'not the password at all' } }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/auth/sign-out',
    call: async (cast, role) => (role === 'anonymous' ? {} : { as: await freshSession(cast, cast.people[role]) }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/forgot-password',
    call: (cast) => ({ payload: { email: cast.people.owner.email } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    target: 'a token nobody was sent',
    call: () => ({ payload: { token: 'not-a-reset-token', password: 'another horse battery' } }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/auth/verify-email',
    target: 'a token nobody was sent',
    call: () => ({ payload: { token: 'not-a-verification-token' } }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/auth/send-verification-email',
    // The cast is verified (nothing to resend: 409); a new account of each role's own asks.
    target: 'a new, unverified account of its own',
    call: async (cast, role) =>
      role === 'anonymous' ? {} : { as: await signUpUnverifiedPerson(cast.t, 'Unverified') },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/auth/social/{provider}',
    target: 'no provider configured',
    call: () => ({ params: { provider: 'google' }, payload: {} }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/auth/callback/{provider}',
    target: 'a state this browser never started',
    call: () => ({ params: { provider: 'google' }, query: { state: 'forged', code: 'forged' } }),
    expect: everyone(302),
  },
  { route: 'GET /api/me', expect: signedIn(200) },
  {
    route: 'DELETE /api/me',
    // Spec §4: blocked while the user has teams to delete or leave: members and organizers leave first too.
    target: 'a stand-in in each role; a team member leaves, an owner hands over first (decision 007)',
    call: async (cast, role) => ({
      payload: { confirm: 'DELETE' },
      ...(role !== 'anonymous' && { as: await standIn(cast, role) }),
    }),
    expect: statuses(401, 200, 409, 409, 409),
  },
  // Signed out it joins public topics only (decision 055).
  { route: realtimeRoute, expect: everyone(101) },
];
