import { partners } from '../../features/partners/partners.schema.ts';
import type { Cast } from './cast.ts';
import { everyone, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 16: the partner pages are public (spec §6); nobody writes partners through these routes
// (the admin area, issue 17, calls the service after its own admin check).
async function league(cast: Cast) {
  const [row] = await cast.t.db
    .insert(partners)
    .values({ type: 'league', name: 'Matrix League', teamId: cast.publicTeam.id })
    .returning({ id: partners.id });
  return { params: { partnerId: row!.id } };
}

export const partnerRows: MatrixRow[] = [
  { route: 'GET /api/partners', call: () => ({ query: { type: 'league' } }), expect: everyone(200) },
  { route: 'GET /api/partners/{partnerId}', call: league, expect: everyone(200) },
  { route: 'GET /api/partners/{partnerId}/events', call: league, expect: everyone(200) },
];
