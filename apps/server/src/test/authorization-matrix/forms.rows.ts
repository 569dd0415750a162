import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { payments } from '../../features/payments/payments.schema.ts';
import { multipartFile, payOnLocalCheckout, tinyPdf } from '../factories.ts';
import { apiAs, type Cast, type TeamFixture } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';
import { ownerConnected } from './paid-games.rows.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 14: a form's maker and its team's organizers edit it; its submissions are theirs to read
// (the maker may keep them to themself); a published form is public, a draft only its editors'.

const questions = [{ type: 'short_text', id: 'shirt', label: 'Shirt size', required: true }];

/** A form made by the owner (of the public team, or the owner's own), published unless said. */
async function newForm(cast: Cast, { team, status = 'published' }: { team: TeamFixture | null; status?: string }) {
  const draft = await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', '/api/forms', {
    title: 'Tryout sign-up',
    teamId: team?.id ?? null,
  });
  await apiAs(cast, cast.people.owner, 'PUT', `/api/forms/${draft.id}`, {
    version: 1,
    title: 'Tryout sign-up',
    fields: questions,
    settings: { onePerPerson: false },
  });
  if (status !== 'draft') await apiAs(cast, cast.people.owner, 'POST', `/api/forms/${draft.id}/status`, { status });
  return draft.id;
}
const teamForm = async (cast: Cast) => ({ params: { formId: await newForm(cast, { team: cast.publicTeam }) } });
const teamDraft = async (cast: Cast) => ({
  params: { formId: await newForm(cast, { team: cast.publicTeam, status: 'draft' }) },
});
const memberSubmission = async (cast: Cast) => {
  const formId = await newForm(cast, { team: cast.publicTeam });
  const submitted = await apiAs<{ submissionId: string }>(
    cast,
    cast.people.member,
    'POST',
    `/api/forms/${formId}/submissions`,
    {
      clientId: randomUUID(),
      answers: { shirt: 'M' },
    },
  );
  return { params: { formId, submissionId: submitted.submissionId } };
};
/**
 * A published team form with a file question and an upload to it: a visitor's (not sent), or the
 * bystander's, sent with a submission (visitors' sends are limited per address, and this runs often).
 */
async function fileForm(cast: Cast, { submit = true } = {}) {
  const draft = await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', '/api/forms', {
    title: 'ID check',
    teamId: cast.publicTeam.id,
  });
  await apiAs(cast, cast.people.owner, 'PUT', `/api/forms/${draft.id}`, {
    version: 1,
    title: 'ID check',
    fields: [{ type: 'file', id: 'scan', label: 'ID document', required: true }],
    settings: { onePerPerson: false },
  });
  await apiAs(cast, cast.people.owner, 'POST', `/api/forms/${draft.id}/status`, { status: 'published' });
  const clientId = randomUUID();
  const body = multipartFile(tinyPdf, { filename: 'scan.pdf', contentType: 'application/pdf' });
  const uploaded = await cast.t.app.inject({
    method: 'POST',
    url: `/api/forms/${draft.id}/uploads?fieldId=scan&clientId=${clientId}`,
    headers: { 'content-type': body.contentType, ...(submit && { cookie: cast.bystander.cookie }) },
    payload: body.payload,
  });
  const uploadId = (uploaded.json() as { id: string }).id;
  if (submit) {
    await apiAs(cast, cast.bystander, 'POST', `/api/forms/${draft.id}/submissions`, {
      clientId,
      answers: { scan: { uploadIds: [uploadId] } },
    });
  }
  return { formId: draft.id, uploadId, clientId };
}
const saveBody = { version: 1, title: 'Renamed', fields: questions, settings: {} };

/** Decision 036: a $10 item on the public team's form (its owner is paid), sent by the member. */
async function memberPaidSubmission(cast: Cast) {
  await ownerConnected(cast);
  const draft = await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', '/api/forms', {
    title: 'Paid tryout',
    teamId: cast.publicTeam.id,
  });
  await apiAs(cast, cast.people.owner, 'PUT', `/api/forms/${draft.id}`, {
    version: 1,
    title: 'Paid tryout',
    fields: [{ type: 'payment', id: 'fee', label: 'Tryout fee', priceCents: 1000, required: true }],
    settings: { onePerPerson: false },
  });
  await apiAs(cast, cast.people.owner, 'POST', `/api/forms/${draft.id}/status`, { status: 'published' });
  const sent = await apiAs<{ submissionId: string }>(
    cast,
    cast.people.member,
    'POST',
    `/api/forms/${draft.id}/submissions`,
    { clientId: randomUUID(), answers: {} },
  );
  const [payment] = await cast.t.db.select().from(payments).where(eq(payments.formSubmissionId, sent.submissionId));
  return { formId: draft.id, submissionId: sent.submissionId, payment: payment! };
}

/** The same, paid on the local Checkout and confirmed by its webhook. */
async function memberPaidAndConfirmed(cast: Cast) {
  const sent = await memberPaidSubmission(cast);
  const session = await cast.t.payments.stripe.checkout.sessions.retrieve(sent.payment.stripeCheckoutSessionId!);
  await payOnLocalCheckout(cast.t.app, session.url!);
  // The webhook arrives through the job queue, just after the page's reply.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [row] = await cast.t.db.select().from(payments).where(eq(payments.id, sent.payment.id));
    if (row?.status === 'paid') break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}
const paymentParams = (sent: Awaited<ReturnType<typeof memberPaidSubmission>>) => ({
  formId: sent.formId,
  submissionId: sent.submissionId,
  paymentId: sent.payment.id,
});

export const formRows: MatrixRow[] = [
  { route: 'GET /api/forms', expect: signedIn(200) },
  // Decision 063: what form/build starts from, stored nowhere; a team's only for its organizers.
  {
    route: 'GET /api/forms/blank',
    target: 'for the public team',
    call: (cast) => ({ query: { teamId: cast.publicTeam.id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  { route: 'GET /api/forms/blank', target: 'my own', expect: signedIn(200) },
  {
    route: 'POST /api/forms',
    target: 'for the public team',
    call: (cast) => ({ payload: { title: 'Team form', teamId: cast.publicTeam.id } }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'POST /api/forms',
    target: 'my own',
    call: () => ({ payload: { title: 'My form', teamId: null } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/forms',
    target: "the owner's own form's id, sent again by others: only its maker gets the form back",
    call: async (cast) => {
      const made = await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', '/api/forms', {
        id: randomUUID(),
        title: 'Kept id',
        teamId: null,
      });
      return { payload: { id: made.id, title: 'Taken over', teamId: null } };
    },
    expect: statuses(401, 409, 409, 409, 201),
  },
  {
    route: 'GET /api/forms/{formId}/draft',
    target: 'published team form',
    call: teamForm,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/forms/{formId}/draft',
    target: 'team draft: hidden from who may not edit it',
    call: teamDraft,
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'PUT /api/forms/{formId}',
    target: 'published team form',
    call: async (cast) => {
      const form = await teamForm(cast);
      // Version 2 after newForm's save, 3 after publishing.
      return { ...form, payload: { ...saveBody, version: 3 } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/status',
    target: 'published team form',
    call: async (cast) => ({ ...(await teamForm(cast)), payload: { status: 'closed' } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/duplicate',
    target: 'published team form',
    call: teamForm,
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'DELETE /api/forms/{formId}',
    target: 'published team form',
    call: teamForm,
    expect: statuses(401, 403, 403, 200, 200),
  },
  { route: 'GET /api/forms/{formId}', target: 'published', call: teamForm, expect: everyone(200) },
  {
    route: 'GET /api/forms/{formId}',
    target: 'draft: a preview for its editors only',
    call: teamDraft,
    expect: statuses(404, 404, 404, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/submissions',
    target: 'published (a visitor gives a name and email)',
    call: async (cast) => ({
      ...(await teamForm(cast)),
      payload: {
        clientId: randomUUID(),
        answers: { shirt: 'L' },
        guest: { name: 'Visiting Vic', email: 'vic@example.com' },
      },
    }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/forms/{formId}/submissions',
    target: 'draft',
    call: async (cast) => ({
      ...(await teamDraft(cast)),
      payload: {
        clientId: randomUUID(),
        answers: { shirt: 'L' },
        guest: { name: 'Visiting Vic', email: 'vic@example.com' },
      },
    }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/forms/{formId}/submissions',
    target: 'published team form',
    call: teamForm,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/forms/{formId}/submissions.csv',
    target: 'published team form',
    call: teamForm,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/forms/{formId}/submissions/{submissionId}',
    target: "the member's own submission",
    call: memberSubmission,
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'PATCH /api/forms/{formId}/submissions/{submissionId}',
    target: "the member's submission",
    call: async (cast) => ({ ...(await memberSubmission(cast)), payload: { marked: true } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/forms/{formId}/submissions/{submissionId}',
    target: "the member's submission (decision 044: the form's readers delete it)",
    call: memberSubmission,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/submissions/{submissionId}/withdraw',
    target: "the member's submission: only its filler (or the mailed key) withdraws it",
    call: async (cast) => ({ ...(await memberSubmission(cast)), payload: {} }),
    expect: statuses(404, 404, 200, 404, 404),
  },
  {
    route: 'GET /api/forms/{formId}/submissions/{submissionId}/payment',
    target: "the member's paid submission (a visitor would need the mailed key)",
    call: async (cast) => ({ params: paymentParams(await memberPaidSubmission(cast)) }),
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/submissions/{submissionId}/checkout',
    target: "the member's paid submission: its filler pays",
    call: async (cast) => ({ params: paymentParams(await memberPaidSubmission(cast)), payload: {} }),
    expect: statuses(404, 404, 200, 403, 403),
  },
  {
    route: 'POST /api/forms/{formId}/submissions/{submissionId}/payments/{paymentId}/cancel',
    target: "the member's open Checkout",
    call: async (cast) => ({ params: paymentParams(await memberPaidSubmission(cast)), payload: {} }),
    expect: statuses(404, 404, 200, 404, 404),
  },
  {
    route: 'POST /api/forms/{formId}/submissions/{submissionId}/payments/{paymentId}/refund',
    target: "the member's paid submission",
    call: async (cast) => ({
      params: paymentParams(await memberPaidAndConfirmed(cast)),
      payload: { amountCents: 100 },
    }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/forms/{formId}/team-form-add/{userId}',
    target: 'the member, who filled in the team’s form',
    call: async (cast) => ({ params: { ...(await memberSubmission(cast)).params, userId: cast.people.member.id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/team-form-add/{userId}',
    target: 'the member, who filled in the team’s form',
    call: async (cast) => ({ params: { ...(await memberSubmission(cast)).params, userId: cast.people.member.id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/forms/{formId}/uploads',
    target: "a published form's file question (anyone may fill it)",
    call: async (cast) => {
      const { formId } = await fileForm(cast, { submit: false });
      return { params: { formId }, query: { fieldId: 'scan', clientId: randomUUID() }, file: true };
    },
    expect: everyone(201),
  },
  {
    route: 'GET /api/forms/{formId}/uploads/{uploadId}',
    target: "someone's submitted file: the form's readers only",
    call: async (cast) => {
      const { formId, uploadId } = await fileForm(cast);
      return { params: { formId, uploadId } };
    },
    expect: statuses(404, 404, 404, 200, 200),
  },
  {
    route: 'GET /api/forms/{formId}/uploads/{uploadId}',
    target: "a visitor's file, with the filling's id the visitor holds",
    call: async (cast) => {
      const { formId, uploadId, clientId } = await fileForm(cast, { submit: false });
      return { params: { formId, uploadId }, query: { clientId } };
    },
    expect: everyone(200),
  },
];
