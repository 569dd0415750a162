import { grantOAuthCode } from '../../features/payments/local-stripe/resources/oauth.ts';
import { apiAs, signUpPerson, type Cast, type Person, type Role } from './cast.ts';
import { signedIn, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 13, Stripe Connect: every route acts on the caller's own payment account and takes no
// account id, so each role is the same: signed in, one's own account; anonymous, 401. Each
// role gets a new person, so one role's link cannot change what the next one gets.

async function freshPerson(cast: Cast, role: Role, linked: boolean): Promise<Person | undefined> {
  if (role === 'anonymous') return undefined;
  const person = await signUpPerson(cast.t, `Payments ${role}`);
  if (linked) await apiAs(cast, person, 'POST', '/api/payments/account/link', { type: 'new', country: 'US' });
  return person;
}

export const paymentRows: MatrixRow[] = [
  {
    route: 'GET /api/payments/account',
    call: async (cast, role) => ({ as: await freshPerson(cast, role, true) }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/payments/account/link',
    call: async (cast, role) => ({
      as: await freshPerson(cast, role, false),
      payload: { type: 'new', country: 'US' },
    }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/payments/account/oauth',
    call: async (cast, role) => {
      const person = await freshPerson(cast, role, false);
      if (!person) return { payload: { code: 'ac_nothing', state: '1.nothing' } };
      const { url } = await apiAs<{ url: string }>(cast, person, 'POST', '/api/payments/account/link', {
        type: 'link',
      });
      const code = await grantOAuthCode(cast.t.payments.localStripe!.context(), { scope: 'read_write', email: null });
      return { as: person, payload: { code, state: new URL(url).searchParams.get('state') } };
    },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/payments/account/verification',
    call: async (cast, role) => ({ as: await freshPerson(cast, role, true) }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/payments/account',
    call: async (cast, role) => ({ as: await freshPerson(cast, role, true) }),
    expect: signedIn(200),
  },
];
