import { eq } from 'drizzle-orm';
import { users } from '../../features/accounts/accounts.schema.ts';
import { insertPayment } from '../ledger-factories.ts';
import type { Cast } from './cast.ts';
import { signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 13, invoices and transactions: each person reads their own side of the payments ledger.
// The owner paid the organizer for a game; only the owner reads that invoice (anyone else 404,
// as if it did not exist). Transactions answer an organizer with a connected Stripe account
// (here the organizer); a person without one is told to connect Stripe (403).

const invoiceOf = new WeakMap<Cast, Promise<string>>();

/** One invoice per cast, paid by the owner to the organizer, whose Stripe account is connected. */
function ownersInvoice(cast: Cast): Promise<string> {
  let id = invoiceOf.get(cast);
  if (!id) {
    id = (async () => {
      const { owner, organizer } = cast.people;
      await cast.t.db.update(users).set({ stripeId: 'acct_matrix_organizer' }).where(eq(users.id, organizer.id));
      const payment = await insertPayment(cast.t.db, { payerUserId: owner.id, payeeUserId: organizer.id });
      return payment.id;
    })();
    invoiceOf.set(cast, id);
  }
  return id;
}

export const invoiceRows: MatrixRow[] = [
  { route: 'GET /api/invoices', expect: signedIn(200) },
  // Decision 035: each person reads only their own credit (no route takes anyone's id).
  { route: 'GET /api/credits', expect: signedIn(200) },
  {
    route: 'GET /api/invoices/{invoiceId}',
    call: async (cast) => ({ params: { invoiceId: await ownersInvoice(cast) } }),
    expect: statuses(401, 404, 404, 404, 200),
  },
  ...(['GET /api/transactions', 'GET /api/transactions.csv'] as const).map((route): MatrixRow => ({
    route,
    call: async (cast) => {
      await ownersInvoice(cast);
      return {};
    },
    expect: statuses(401, 403, 403, 200, 403),
  })),
];
