import { errorReply } from '@huddle/shared/error-reply';
import { formEndpoints, formIdParams, submissionCsvQuery } from '@huddle/shared/forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  addToTeamFromForm,
  createForm,
  deleteForm,
  deleteSubmission,
  duplicateForm,
  exportSubmissionsCsv,
  getBlankForm,
  getFormDraft,
  getPublicForm,
  getSubmission,
  getTeamFormAdd,
  listMyForms,
  refundSubmissionPayment,
  listSubmissions,
  saveForm,
  setFormStatus,
  submitForm,
  updateSubmission,
} from './forms.service.ts';
import { cancelFormPayment, getSubmissionPayment, offerPlacesJob, startFormCheckout } from './form-payments.service.ts';
import {
  offerFreedPlaces,
  recheckWaitingOffers,
  waitingOffersCron,
  waitingOffersJob,
} from './form-waitlist.service.ts';
import { settleEndedPayment, settleEndedPaymentJob, withdrawSubmission } from './form-withdrawals.service.ts';
import {
  defineFormWebhooks,
  refundUnregisteredJob,
  refundUnregisteredPayer,
  type RefundUnregisteredJob,
} from './forms.webhooks.ts';

/** Issue 14: forms, their builder's saves, public filling and submissions. */
export function registerFormRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, mailer, clock, config, jobs, realtime, payments, privateStorage } = appDeps;
  const formDeps = {
    db,
    mailer,
    clock,
    jobs,
    realtime,
    publicOrigin: config.publicOrigin,
    log: app.log,
    stripe: payments.stripe,
    platformFeePercent: config.platformFeePercent,
  };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  // Decision 040: freed places go to the waitlist; a payer who cannot be registered is refunded.
  jobs.define<{ formId: string }>(offerPlacesJob, (data) => offerFreedPlaces(formDeps, data));
  jobs.define<RefundUnregisteredJob>(refundUnregisteredJob, (data) => refundUnregisteredPayer(formDeps, data), {
    retryLimit: 8,
    retryDelaySeconds: 15,
  });
  // Decision 044: an ended submission's payments are closed or refunded, retried like the above.
  jobs.define<{ paymentId: string }>(settleEndedPaymentJob, (data) => settleEndedPayment(formDeps, data), {
    retryLimit: 8,
    retryDelaySeconds: 15,
  });
  // Offers that waited on an organizer who could not take payments are looked at again.
  jobs.define(waitingOffersJob, () => recheckWaitingOffers(formDeps));
  jobs.every(waitingOffersJob, waitingOffersCron);
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  registerEndpoint(app, formEndpoints.listMine, async ({ request }) =>
    listMyForms(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, formEndpoints.blank, async ({ request, query }) =>
    getBlankForm(db, { actorId: await actor(request), teamId: query.teamId ?? null }),
  );
  registerEndpoint(app, formEndpoints.create, async ({ request, body }) =>
    createForm(db, { actorId: await actor(request), form: body }),
  );
  registerEndpoint(app, formEndpoints.getDraft, async ({ request, params }) =>
    getFormDraft(db, { actorId: await actor(request), formId: params.formId }),
  );
  registerEndpoint(app, formEndpoints.save, async ({ request, params, body }) =>
    saveForm(formDeps, { actorId: await actor(request), formId: params.formId, draft: body }),
  );
  registerEndpoint(app, formEndpoints.setStatus, async ({ request, params, body }) =>
    setFormStatus(formDeps, { actorId: await actor(request), formId: params.formId, status: body.status }),
  );
  registerEndpoint(app, formEndpoints.duplicate, async ({ request, params }) =>
    duplicateForm(db, { actorId: await actor(request), formId: params.formId }),
  );
  registerEndpoint(app, formEndpoints.remove, async ({ request, params }) => {
    await deleteForm({ db, privateStorage, log: app.log }, { actorId: await actor(request), formId: params.formId });
    return { ok: true as const };
  });
  registerEndpoint(app, formEndpoints.getPublic, async ({ request, params }) =>
    getPublicForm(db, { viewerId: await viewer(request), formId: params.formId, now: clock.now() }),
  );
  registerEndpoint(
    app,
    formEndpoints.submit,
    async ({ request, params, body }) =>
      submitForm(formDeps, { viewerId: await viewer(request), formId: params.formId, body, now: clock.now() }),
    // Visitors' submissions mail any address given: a few per client address, as guest registrations.
    guestRateLimit(auth, config.guestRateLimitMax),
  );
  registerEndpoint(app, formEndpoints.listSubmissions, async ({ request, params, query }) =>
    listSubmissions(db, {
      actorId: await actor(request),
      formId: params.formId,
      filter: query,
      page: query.page,
      pageSize: query.pageSize,
    }),
  );
  registerEndpoint(app, formEndpoints.getSubmission, async ({ request, params }) =>
    getSubmission(db, { viewerId: await actor(request), ...params }),
  );
  registerEndpoint(app, formEndpoints.removeSubmission, async ({ request, params }) =>
    deleteSubmission(formDeps, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, formEndpoints.withdrawSubmission, async ({ request, params, body }) =>
    withdrawSubmission(formDeps, { viewerId: await viewer(request), ...params, key: body.key }),
  );
  registerEndpoint(app, formEndpoints.updateSubmission, async ({ request, params, body }) =>
    updateSubmission(db, { actorId: await actor(request), ...params, changes: body }),
  );

  // Decision 036: paying for a submission (its filler, or a visitor with the mailed key) and refunds.
  defineFormWebhooks(payments, formDeps);
  registerEndpoint(app, formEndpoints.getPayment, async ({ request, params, query }) =>
    getSubmissionPayment(db, { viewerId: await viewer(request), ...params, key: query.key }),
  );
  registerEndpoint(app, formEndpoints.checkout, async ({ request, params, body }) =>
    startFormCheckout(formDeps, { viewerId: await viewer(request), ...params, key: body.key }),
  );
  registerEndpoint(app, formEndpoints.cancelPayment, async ({ request, params, body }) =>
    cancelFormPayment(formDeps, { viewerId: await viewer(request), ...params, key: body.key }),
  );
  registerEndpoint(app, formEndpoints.refund, async ({ request, params, body }) =>
    refundSubmissionPayment(formDeps, { actorId: await actor(request), ...params, amountCents: body.amountCents }),
  );

  registerEndpoint(app, formEndpoints.getTeamFormAdd, async ({ request, params }) =>
    getTeamFormAdd(db, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, formEndpoints.teamFormAdd, async ({ request, params }) =>
    addToTeamFromForm(db, { actorId: await actor(request), ...params }),
  );

  // CSV is not JSON, so this one is declared here; errors still use the error reply.
  app.get(
    '/api/forms/:formId/submissions.csv',
    {
      schema: {
        summary: 'Submissions of a form as CSV, with the same filters as the list (its readers)',
        tags: ['forms'],
        params: formIdParams,
        querystring: submissionCsvQuery,
        response: {
          200: {
            description: 'One row per submission, with a header row and one column per question',
            content: { 'text/csv': { schema: z.string() } },
          },
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const { formId } = request.params as z.output<typeof formIdParams>;
      const filter = request.query as z.output<typeof submissionCsvQuery>;
      const { filename, csv } = await exportSubmissionsCsv(db, {
        actorId: await actor(request),
        formId,
        filter,
        publicOrigin: config.publicOrigin,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}
