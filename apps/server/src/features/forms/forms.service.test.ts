import { formAnswerMessages, formMessages, formPaymentMessages, type FormFieldInput } from '@huddle/shared/forms';
import { seasonFullMessage } from '@huddle/shared/seasons';
import { and, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { signUpUser } from '../../test/factories.ts';
import { collectMails, createTeamAs, createTeamCast } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';
import { formSubmissions } from './forms.schema.ts';

/** Issue 14: forms saved, published and filled, with their limits held under load. */
const { mails, mailer } = collectMails();
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let owner: User;
let organizer: User;
let player: User;
let outsider: User;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
  ({ owner, organizer, player, outsider, teamId } = await createTeamCast(t, {
    team: 'Eastside Hoops',
    owner: 'Olive Owner',
    organizer: 'Oscar Organizer',
    player: 'Pat Player',
    outsider: 'Otto Outsider',
  }));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mails.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object, remoteAddress?: string) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload && { payload }),
    ...(remoteAddress && { remoteAddress }),
  });

/** Visitors send from their own client addresses: visitors' submissions are limited per address. */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `203.0.113.${address % 250}`;
};

const sizes = [
  { id: 's', label: 'Small' },
  { id: 'm', label: 'Medium' },
];
const tryoutFields: FormFieldInput[] = [
  { type: 'short_text', id: 'position', label: 'Position', required: true, maxLength: 20 },
  { type: 'single_choice', id: 'size', label: 'Shirt size', options: sizes },
  { type: 'checkbox', id: 'agree', label: 'I agree to the rules', required: true },
];

async function newForm(
  cookie: string,
  {
    team = null,
    fields = tryoutFields,
    settings = {},
    publish = true,
  }: { team?: string | null; fields?: FormFieldInput[]; settings?: object; publish?: boolean } = {},
) {
  const created = await call('POST', '/api/forms', cookie, { title: 'Spring tryouts', teamId: team });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const saved = await call('PUT', `/api/forms/${id}`, cookie, {
    version: 1,
    title: 'Spring tryouts',
    fields,
    settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (publish)
    expect((await call('POST', `/api/forms/${id}/status`, cookie, { status: 'published' })).statusCode).toBe(200);
  return id;
}
const goodAnswers = { position: 'Guard', size: 'm', agree: true };
const submit = (formId: string, cookie: string, answers: object = goodAnswers, clientId = randomUUID()) =>
  call('POST', `/api/forms/${formId}/submissions`, cookie, { clientId, answers });
const submitAsVisitor = (formId: string, guest: { name: string; email: string }, answers: object = goodAnswers) =>
  call('POST', `/api/forms/${formId}/submissions`, '', { clientId: randomUUID(), answers, guest }, nextAddress());
const storedCount = async (formId: string, status?: 'submitted' | 'waitlisted') => {
  const [row] = await t.db
    .select({ total: count() })
    .from(formSubmissions)
    .where(
      status
        ? and(eq(formSubmissions.formId, formId), eq(formSubmissions.status, status))
        : eq(formSubmissions.formId, formId),
    );
  return row?.total ?? 0;
};

describe('building a form', () => {
  it('saves against its version: a save from a stale copy is refused and changes nothing', async () => {
    const id = await newForm(owner.cookie, { team: teamId, publish: false });
    const first = await call('PUT', `/api/forms/${id}`, organizer.cookie, {
      version: 2,
      title: 'From tab A',
      fields: [],
      settings: {},
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(3);
    const stale = await call('PUT', `/api/forms/${id}`, owner.cookie, {
      version: 2,
      title: 'From tab B',
      fields: [],
      settings: {},
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(formMessages.staleDraft);
    expect((await call('GET', `/api/forms/${id}/draft`, owner.cookie)).json().title).toBe('From tab A');
  });

  it('refuses a field the builder does not offer yet, and rules that contradict, beside the field', async () => {
    const id = await newForm(owner.cookie, { publish: false });
    const payment = await call('PUT', `/api/forms/${id}`, owner.cookie, {
      version: 2,
      title: 'Fees',
      fields: [{ type: 'payment', id: 'fee', label: 'Fee', priceCents: 1000 }],
      settings: {},
    });
    expect(payment.statusCode).toBe(400);
    // Payment items need the payee's Stripe (decision 036): this owner has none.
    expect(payment.json().error.fields['fields.0.type']).toEqual([formPaymentMessages.connectStripe]);
    const contradiction = await call('PUT', `/api/forms/${id}`, owner.cookie, {
      version: 2,
      title: 'Ages',
      fields: [{ type: 'number', id: 'age', label: 'Age', min: 18, max: 10 }],
      settings: {},
    });
    expect(contradiction.statusCode).toBe(400);
    expect(contradiction.json().error.fields['fields.0.max']).toEqual(['The maximum is below the minimum.']);
  });

  it('keeps who reads submissions the maker’s choice: an organizer’s save does not change it', async () => {
    const id = await newForm(owner.cookie, { team: teamId, settings: { submissionsVisibleTo: 'owner' } });
    const draft = (await call('GET', `/api/forms/${id}/draft`, organizer.cookie)).json();
    const saved = await call('PUT', `/api/forms/${id}`, organizer.cookie, {
      version: draft.version,
      title: draft.title,
      fields: draft.fields,
      settings: { ...draft.settings, submissionsVisibleTo: 'organizers' },
    });
    expect(saved.json().settings.submissionsVisibleTo).toBe('owner');
    expect((await call('GET', `/api/forms/${id}/submissions`, organizer.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/forms/${id}/submissions`, owner.cookie)).statusCode).toBe(200);
  });

  it('duplicates a form as a new draft without its submissions, and deletes one with them', async () => {
    const id = await newForm(owner.cookie);
    expect((await submit(id, player.cookie)).statusCode).toBe(201);
    const copy = await call('POST', `/api/forms/${id}/duplicate`, owner.cookie);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'draft', title: 'Spring tryouts (copy)', submissionCount: 0 });
    expect(copy.json().fields).toHaveLength(3);
    expect((await call('DELETE', `/api/forms/${id}`, owner.cookie)).statusCode).toBe(200);
    expect(await storedCount(id)).toBe(0);
    expect((await call('GET', `/api/forms/${id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('filling a form', () => {
  it('checks every answer on the server, whatever the page sent, and says which field is wrong', async () => {
    const id = await newForm(owner.cookie);
    const wrong = await submit(id, player.cookie, { position: 'x'.repeat(21), size: 'xxl', agree: 'yes', stray: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      'answers.position': [formAnswerMessages.tooLong(20)],
      'answers.size': [formAnswerMessages.choice],
      'answers.agree': [formAnswerMessages.mustCheck],
    });
    const right = await submit(id, player.cookie, { ...goodAnswers, stray: 'dropped' });
    expect(right.statusCode).toBe(201);
    const stored = await call('GET', `/api/forms/${id}/submissions/${right.json().submissionId}`, owner.cookie);
    expect(stored.json().answers).toEqual(goodAnswers);
    expect(stored.json().name).toBe('Pat Player');
  });

  it('skips the answers of a field whose condition does not hold', async () => {
    const id = await newForm(owner.cookie, {
      fields: [
        {
          type: 'single_choice',
          id: 'role',
          label: 'Role',
          required: true,
          options: [
            { id: 'parent', label: 'Parent' },
            { id: 'player', label: 'Player' },
          ],
        },
        {
          type: 'short_text',
          id: 'child',
          label: 'Child',
          required: true,
          showWhen: { fieldId: 'role', equals: 'parent' },
        },
      ],
    });
    expect((await submit(id, player.cookie, { role: 'player', child: 'ignored' })).statusCode).toBe(201);
    const parent = await submit(id, organizer.cookie, { role: 'parent' });
    expect(parent.json().error.fields).toEqual({ 'answers.child': [formAnswerMessages.required] });
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, id));
    expect(row?.answers).toEqual({ role: 'player' });
  });

  it('a retried send makes one submission; a second filling by the same person is refused', async () => {
    const id = await newForm(owner.cookie, { settings: { onePerPerson: true } });
    const clientId = randomUUID();
    const sends = await Promise.all(Array.from({ length: 5 }, () => submit(id, player.cookie, goodAnswers, clientId)));
    expect(sends.map((send) => send.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(sends.map((send) => send.json().submissionId)).size).toBe(1);
    const again = await submit(id, player.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(formMessages.alreadySubmitted);
    expect(await storedCount(id)).toBe(1);
    expect((await call('GET', `/api/forms/${id}`, player.cookie)).json().alreadySubmitted).toBe(true);
    // The maker hears of it once, not once per retry.
    const told = await t.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.kind, 'formSubmitted'), eq(notifications.subjectId, id)));
    expect(told).toEqual([{ userId: owner.user.id, link: `/form/${id}/${sends[0]?.json().submissionId}` }]);
  });

  it('a visitor’s second filling answers like the first, stores nothing, and only the mail tells', async () => {
    const id = await newForm(owner.cookie, {
      settings: { onePerPerson: true, confirmationMessage: 'See you Saturday!' },
    });
    const guest = { name: 'Val Visitor', email: `val-${randomUUID()}@example.com` };
    const first = await submitAsVisitor(id, guest);
    const second = await submitAsVisitor(id, guest);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().confirmationMessage).toBe(first.json().confirmationMessage);
    expect(first.json().confirmationMessage).toBe('See you Saturday!');
    expect(await storedCount(id)).toBe(1);
    await expect
      .poll(() => mails.filter((mail) => mail.to === guest.email).map((mail) => mail.subject))
      .toEqual(['Received: Spring tryouts', 'Already received: Spring tryouts']);
  });

  it('holds the limit when 50 people send for the last 10 places at once', async () => {
    const id = await newForm(owner.cookie, { settings: { submissionLimit: 12, onePerPerson: false } });
    expect((await submit(id, player.cookie)).statusCode).toBe(201);
    expect((await submit(id, organizer.cookie)).statusCode).toBe(201);
    const sends = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        submitAsVisitor(id, { name: `Runner ${index}`, email: `runner-${index}-${randomUUID()}@example.com` }),
      ),
    );
    expect(sends.filter((send) => send.statusCode === 201)).toHaveLength(10);
    expect(
      sends.filter((send) => send.statusCode === 409).every((send) => send.json().error.message === formMessages.full),
    ).toBe(true);
    expect(await storedCount(id)).toBe(12);
    expect((await call('GET', `/api/forms/${id}`)).json().availability).toBe('full');
  });

  it('past the limit with a waitlist, takes submissions as waitlisted', async () => {
    const id = await newForm(owner.cookie, {
      settings: { submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false },
    });
    expect((await submit(id, player.cookie)).json().status).toBe('submitted');
    const late = await submit(id, organizer.cookie);
    expect(late.json()).toMatchObject({ status: 'waitlisted', confirmationMessage: formMessages.waitlisted });
    expect(await storedCount(id, 'waitlisted')).toBe(1);
    expect((await call('GET', `/api/forms/${id}`)).json()).toMatchObject({ availability: 'open', waitlistOnly: true });
  });

  it('refuses before it opens, after it closes, and once closed by hand', async () => {
    const future = await newForm(owner.cookie, { settings: { opensAt: '2099-01-01T00:00:00Z' } });
    expect((await submit(future, player.cookie)).json().error.message).toBe(formMessages.notOpenYet);
    const past = await newForm(owner.cookie, { settings: { closesAt: '2020-01-01T00:00:00Z' } });
    expect((await submit(past, player.cookie)).json().error.message).toBe(formMessages.closed);
    const closed = await newForm(owner.cookie);
    await call('POST', `/api/forms/${closed}/status`, owner.cookie, { status: 'closed' });
    expect((await submit(closed, player.cookie)).json().error.message).toBe(formMessages.closed);
    expect((await call('GET', `/api/forms/${closed}`)).json().availability).toBe('closed');
  });

  it('a team’s registration form registers the filler for its season, or neither when the season is full', async () => {
    const season = await call('POST', `/api/teams/${teamId}/seasons`, owner.cookie, {
      label: 'Spring League',
      startsOn: '2027-03-01',
      endsOn: '2027-05-31',
      registrationOpensAt: '2020-01-01T00:00:00Z',
      registrationClosesAt: '2027-02-28T00:00:00Z',
      capacity: 1,
      feeCents: null,
      status: 'published',
    });
    const seasonId = season.json().id as string;
    const otherTeam = (await createTeamAs(t.app, outsider.cookie)).id;
    const elsewhere = await newForm(outsider.cookie, { team: otherTeam, publish: false });
    const refused = await call('PUT', `/api/forms/${elsewhere}`, outsider.cookie, {
      version: 2,
      title: 'Sign-up',
      fields: tryoutFields,
      settings: { seasonId },
    });
    expect(refused.json().error.fields['settings.seasonId']).toEqual([formMessages.seasonNotTeams]);

    const id = await newForm(owner.cookie, { team: teamId, settings: { seasonId, onePerPerson: false } });
    expect((await submit(id, player.cookie)).statusCode).toBe(201);

    // A season with a fee is paid through Checkout: a form cannot hand its places out.
    // Written straight to the database: through the API a fee needs the owner's Stripe account.
    const [paid] = await t.db
      .insert(seasons)
      .values({
        teamId,
        label: 'Paid League',
        startsOn: '2027-03-01',
        endsOn: '2027-05-31',
        registrationOpensAt: new Date('2020-01-01T00:00:00Z'),
        registrationClosesAt: new Date('2027-02-28T00:00:00Z'),
        feeCents: 3000,
        status: 'published',
      })
      .returning();
    const draft = (await call('GET', `/api/forms/${id}/draft`, owner.cookie)).json();
    const linkPaid = await call('PUT', `/api/forms/${id}`, owner.cookie, {
      version: draft.version,
      title: draft.title,
      fields: draft.fields,
      settings: { ...draft.settings, seasonId: paid!.id },
    });
    expect(linkPaid.json().error.fields['settings.seasonId']).toEqual([formMessages.paidSeason]);

    const full = await submit(id, organizer.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(seasonFullMessage);
    expect(await storedCount(id)).toBe(1);
    const registered = await t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));
    expect(registered.map((row) => row.userId)).toEqual([player.user.id]);
  });
});

describe('reading submissions', () => {
  it('searches, filters by an answer, sorts and pages; exports the same as CSV with formulas defused', async () => {
    const id = await newForm(owner.cookie, { team: teamId, settings: { onePerPerson: false } });
    await submit(id, player.cookie, { position: 'Center', size: 's', agree: true });
    await submitAsVisitor(
      id,
      { name: 'Ann Archer', email: `ann-${randomUUID()}@example.com` },
      { position: '=HYPERLINK("x")', size: 'm', agree: true },
    );
    await submitAsVisitor(
      id,
      { name: 'Zed Zimmer', email: `zed-${randomUUID()}@example.com` },
      { position: 'Forward', size: 'm', agree: true },
    );

    const list = (query: string) =>
      call('GET', `/api/forms/${id}/submissions?${query}`, organizer.cookie).then((reply) => reply.json());
    expect((await list('search=center')).submissions.map((row: { name: string }) => row.name)).toEqual(['Pat Player']);
    expect(
      (await list('fieldId=size&equals=m&sort=name')).submissions.map((row: { name: string }) => row.name),
    ).toEqual(['Ann Archer', 'Zed Zimmer']);
    const paged = await list('sort=oldest&page=2&pageSize=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.submissions.map((row: { name: string }) => row.name)).toEqual(['Zed Zimmer']);

    const csv = await call('GET', `/api/forms/${id}/submissions.csv?fieldId=size&equals=m&sort=name`, owner.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Submitted at,Name,Email,Status,Payment,Total,Paid,Refunded,Balance,Marked,Comment,Position,Shirt size,I agree to the rules',
    );
    expect(lines[1]).toContain(`'=HYPERLINK(""x"")`);
    expect(lines[1]).toMatch(/,Medium,Yes$/);
    expect(lines).toHaveLength(3);
  });

  it('the filler reads their own submission without the organizers’ flag and note; others get 404', async () => {
    const id = await newForm(owner.cookie, { team: teamId });
    const sent = (await submit(id, player.cookie)).json().submissionId as string;
    const marked = await call('PATCH', `/api/forms/${id}/submissions/${sent}`, organizer.cookie, {
      marked: true,
      comment: 'Strong shooter',
    });
    expect(marked.json()).toMatchObject({ marked: true, comment: 'Strong shooter' });
    const own = await call('GET', `/api/forms/${id}/submissions/${sent}`, player.cookie);
    expect(own.json()).toMatchObject({ marked: false, comment: '', answers: goodAnswers });
    expect((await call('GET', `/api/forms/${id}/submissions/${sent}`, outsider.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/forms/${id}/submissions/${sent}`, player.cookie, { marked: false })).statusCode,
    ).toBe(403);
  });

  it('lists my forms and my teams’ forms, not others’', async () => {
    const mine = await newForm(outsider.cookie, { publish: false });
    const teams = await newForm(owner.cookie, { team: teamId, publish: false });
    const ids = (cookie: string) =>
      call('GET', '/api/forms', cookie).then(
        (reply) => reply.json().forms.map((form: { id: string }) => form.id) as string[],
      );
    expect(await ids(organizer.cookie)).toContain(teams);
    expect(await ids(organizer.cookie)).not.toContain(mine);
    expect(await ids(player.cookie)).not.toContain(teams);
    expect(await ids(outsider.cookie)).toContain(mine);
  });
});

describe('adding a filler to the team (form/{formId}/team-form-add/{userId})', () => {
  it('puts them on the roster and into the form’s season, once, and only from a team’s form', async () => {
    const season = await call('POST', `/api/teams/${teamId}/seasons`, owner.cookie, {
      label: 'Summer League',
      startsOn: '2027-06-01',
      endsOn: '2027-08-31',
      registrationOpensAt: '2020-01-01T00:00:00Z',
      registrationClosesAt: '2027-05-31T00:00:00Z',
      capacity: null,
      feeCents: null,
      status: 'published',
    });
    const seasonId = season.json().id as string;
    const id = await newForm(owner.cookie, { team: teamId, settings: { seasonId } });
    // Registration happens on submit already; a form whose season came later adds it here.
    const late = await newForm(owner.cookie, { team: teamId });
    await submit(late, outsider.cookie);
    const draft = (await call('GET', `/api/forms/${late}/draft`, owner.cookie)).json();
    const withSeason = await call('PUT', `/api/forms/${late}`, owner.cookie, {
      version: draft.version,
      title: draft.title,
      fields: draft.fields,
      settings: { ...draft.settings, seasonId },
    });
    expect(withSeason.statusCode, withSeason.body).toBe(200);
    const path = `/api/forms/${late}/team-form-add/${outsider.user.id}`;
    const before = (await call('GET', path, organizer.cookie)).json();
    expect(before).toMatchObject({
      isMember: false,
      season: { id: seasonId, label: 'Summer League', registered: false },
    });
    expect(before.person.name).toBe('Otto Outsider');
    const added = await call('POST', path, organizer.cookie);
    expect(added.json()).toMatchObject({ isMember: true, season: { registered: true } });
    expect((await call('POST', path, organizer.cookie)).statusCode).toBe(200);
    const onTeam = await t.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, outsider.user.id)));
    expect(onTeam.map((row) => row.role)).toEqual(['player']);
    const registered = await t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));
    expect(registered.filter((row) => row.userId === outsider.user.id)).toHaveLength(1);

    expect((await call('POST', `/api/forms/${id}/team-form-add/${owner.user.id}`, organizer.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('POST', path, player.cookie)).statusCode).toBe(403);
    const personal = await newForm(organizer.cookie);
    await submit(personal, player.cookie);
    const notTeam = await call('POST', `/api/forms/${personal}/team-form-add/${player.user.id}`, organizer.cookie);
    expect(notTeam.statusCode).toBe(409);
  });
});
