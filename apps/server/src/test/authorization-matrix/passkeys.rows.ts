import { createPasskey, signWithPasskey, type SoftwarePasskey } from '../software-authenticator.ts';
import { apiAs, type Cast, type Person } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 34, part 3 (decision 078): a person's passkeys are theirs alone. Another's passkey reads
// as not found (404), to rename or remove alike; a registration answers only its asker's
// challenge. Signing in with a passkey is open to whoever holds it (that is the point), and a
// removed one signs nobody in.

interface Options {
  challengeId: string;
  options: { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };
}

/** The options for adding a passkey, as this person asked for them. */
const registrationOptionsOf = (cast: Cast, person: Person) =>
  apiAs<Options>(cast, person, 'POST', '/api/me/passkeys/options');

/** A passkey the person added through the API (options, the software authenticator's answer, add). */
async function newPasskeyOf(cast: Cast, person: Person): Promise<{ id: string; passkey: SoftwarePasskey }> {
  const { challengeId, options } = await registrationOptionsOf(cast, person);
  const { passkey, response } = createPasskey(options, { origin: cast.t.config.publicOrigin });
  const added = await apiAs<{ id: string }>(cast, person, 'POST', '/api/me/passkeys', {
    challengeId,
    name: 'Matrix key',
    response,
  });
  return { id: added.id, passkey };
}

/** The body of a sign-in with this passkey, to a challenge of its own. */
async function signInBodyFor(cast: Cast, passkey: SoftwarePasskey) {
  const { challengeId, options } = await apiAs<Options>(cast, null, 'POST', '/api/auth/passkey/options');
  return { challengeId, response: signWithPasskey(passkey, options, { origin: cast.t.config.publicOrigin }) };
}

export const passkeyRows: MatrixRow[] = [
  { route: 'GET /api/me/passkeys', expect: signedIn(200) },
  { route: 'POST /api/me/passkeys/options', expect: signedIn(200) },
  {
    route: 'POST /api/me/passkeys',
    target: 'an answer to their own challenge',
    call: async (cast, role) => {
      // A visitor sends a well-formed answer (to the owner's challenge): refused for want of a session.
      const asker = cast.people[role === 'anonymous' ? 'owner' : role];
      const { challengeId, options } = await registrationOptionsOf(cast, asker);
      const { response } = createPasskey(options, { origin: cast.t.config.publicOrigin });
      return { payload: { challengeId, name: `${role} key`, response } };
    },
    expect: statuses(401, 201, 201, 201, 201),
  },
  {
    route: 'POST /api/me/passkeys',
    target: "an answer to the owner's challenge",
    call: async (cast) => {
      const { challengeId, options } = await registrationOptionsOf(cast, cast.people.owner);
      const { response } = createPasskey(options, { origin: cast.t.config.publicOrigin });
      return { payload: { challengeId, name: 'Whose key', response } };
    },
    expect: statuses(401, 400, 400, 400, 201),
  },
  {
    route: 'PATCH /api/me/passkeys/{passkeyId}',
    target: "the owner's passkey",
    call: async (cast) => ({
      params: { passkeyId: (await newPasskeyOf(cast, cast.people.owner)).id },
      payload: { name: 'Renamed' },
    }),
    expect: statuses(401, 404, 404, 404, 200),
  },
  {
    route: 'DELETE /api/me/passkeys/{passkeyId}',
    target: "the owner's passkey",
    call: async (cast) => ({ params: { passkeyId: (await newPasskeyOf(cast, cast.people.owner)).id } }),
    expect: statuses(401, 404, 404, 404, 200),
  },
  { route: 'POST /api/auth/passkey/options', expect: everyone(200) },
  {
    route: 'POST /api/auth/passkey/sign-in',
    target: "the owner's passkey, by whoever holds it",
    call: async (cast) => ({
      payload: await signInBodyFor(cast, (await newPasskeyOf(cast, cast.people.owner)).passkey),
    }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/passkey/sign-in',
    target: "the owner's removed passkey",
    call: async (cast) => {
      const { id, passkey } = await newPasskeyOf(cast, cast.people.owner);
      await apiAs(cast, cast.people.owner, 'DELETE', `/api/me/passkeys/${id}`);
      return { payload: await signInBodyFor(cast, passkey) };
    },
    expect: everyone(401),
  },
];
