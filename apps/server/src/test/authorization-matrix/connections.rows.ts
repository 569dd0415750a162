import { apiAs, signUpPerson, type Cast, type Person, type Role } from './cast.ts';
import { signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 16 (decision 045): connections are each person's own. Every write names the other person;
// a request to someone else (here the owner) cannot be accepted, declined or removed by a third.
// Each call asks with a fresh person, so no row's request or rate limit shows in another's.

const asker = (cast: Cast) => signUpPerson(cast.t, 'Matrix Asker');

/** A fresh person who asked `to` to connect. */
async function askedBy(cast: Cast, to: Person | null) {
  const person = await asker(cast);
  if (to) await apiAs(cast, person, 'POST', `/api/connections/with/${to.id}`);
  return { params: { userId: person.id } };
}

const rolePerson = (cast: Cast, role: Role) => (role === 'anonymous' ? null : cast.people[role]);

/** A fresh person connected with the owner. */
async function connectedToOwner(cast: Cast) {
  const { params } = await askedBy(cast, cast.people.owner);
  await apiAs(cast, cast.people.owner, 'POST', `/api/connections/with/${params.userId}/accept`);
  return { params };
}

export const connectionRows: MatrixRow[] = [
  { route: 'GET /api/connections', expect: signedIn(200) },
  { route: 'GET /api/connections/played-with', expect: signedIn(200) },
  { route: 'GET /api/connections/suggestions', expect: signedIn(200) },
  { route: 'GET /api/connections/settings', expect: signedIn(200) },
  {
    route: 'PUT /api/connections/settings',
    call: () => ({ payload: { acceptAutomatically: false } }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/connections/with/{userId}',
    target: 'the owner',
    call: (cast) => ({ params: { userId: cast.people.owner.id } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/connections/with/{userId}',
    target: 'a fresh person',
    call: async (cast) => ({ params: { userId: (await asker(cast)).id } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/connections/with/{userId}/accept',
    target: 'a request to the caller',
    call: (cast, role) => askedBy(cast, rolePerson(cast, role)),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/connections/with/{userId}/accept',
    target: 'a request to the owner',
    call: (cast) => askedBy(cast, cast.people.owner),
    expect: statuses(401, 404, 404, 404, 200),
  },
  {
    route: 'POST /api/connections/with/{userId}/decline',
    target: 'a request to the caller',
    call: (cast, role) => askedBy(cast, rolePerson(cast, role)),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/connections/with/{userId}/decline',
    target: 'a request to the owner',
    call: (cast) => askedBy(cast, cast.people.owner),
    expect: statuses(401, 404, 404, 404, 200),
  },
  {
    route: 'DELETE /api/connections/with/{userId}',
    target: 'a connection of the owner',
    call: connectedToOwner,
    expect: statuses(401, 404, 404, 404, 200),
  },
];
