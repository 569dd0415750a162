import { errorReply } from '@huddle/shared/error-reply';
import { invoiceEndpoints, transactionFilter, transactionsCsvPath } from '@huddle/shared/invoices';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { getInvoice, listMyInvoices, listMyTransactions, transactionsForCsv } from './invoices.service.ts';
import { transactionsCsvStream } from './transactions-csv.ts';
import { listMyCredits } from '../credits/credits.service.ts';

export function registerInvoiceRoutes(app: FastifyInstance, { db, auth }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, invoiceEndpoints.listMyCredits, async ({ request }) =>
    listMyCredits(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, invoiceEndpoints.listMyInvoices, async ({ request, query }) =>
    listMyInvoices(db, { actorId: await actor(request), ...query }),
  );
  registerEndpoint(app, invoiceEndpoints.getInvoice, async ({ request, params }) =>
    getInvoice(db, { actorId: await actor(request), invoiceId: params.invoiceId }),
  );
  registerEndpoint(app, invoiceEndpoints.listMyTransactions, async ({ request, query }) =>
    listMyTransactions(db, { actorId: await actor(request), ...query }),
  );

  // CSV is not JSON, so this one is declared here; errors still use the error reply.
  app.get(
    transactionsCsvPath,
    {
      schema: {
        summary: 'What the signed-in organizer was paid, as CSV, with the filter of the list',
        tags: ['invoices'],
        querystring: transactionFilter,
        response: {
          200: {
            description: 'One row per payment, with a header row',
            content: { 'text/csv': { schema: z.string() } },
          },
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof transactionFilter>;
      const rows = await transactionsForCsv(db, { actorId: await actor(request), ...query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="huddle-transactions.csv"')
        .header('cache-control', 'private, no-store')
        .send(transactionsCsvStream(rows));
    },
  );
}
