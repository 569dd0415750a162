import type { LatLng } from '@huddle/shared/places';
import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { teams } from '../teams/teams.schema.ts';
import { partnerOffers, partners } from './partners.schema.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type PartnerFields = Omit<typeof partners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PartnerOfferRow = typeof partnerOffers.$inferSelect;
export type PartnerOfferFields = Omit<typeof partnerOffers.$inferInsert, 'id' | 'partnerId' | 'createdAt'>;

/**
 * Its linked team is public: the partner has an events page (a team turned private has none).
 * Written out for the same reason as offerCount below.
 */
const hasEvents = sql<boolean>`exists (select 1 from ${teams} t where t.id = "partners"."team_id" and t.visibility = 'public')`;

/** Valid at `now`: started (or no start) and not ended (or no end). */
const currentOffer = (now: Date): SQL =>
  and(
    or(isNull(partnerOffers.validFrom), lte(partnerOffers.validFrom, now)),
    or(isNull(partnerOffers.validUntil), gt(partnerOffers.validUntil, now)),
  )!;

/**
 * Preferred partners of a type, with how many offers are valid now. Nearest first from a point
 * (partners_earth_idx; partners without a position last, then by name), else by name.
 */
export async function listPreferredPartnerRows(
  db: Database,
  { type, near, now, limit }: { type: string; near: LatLng | undefined; now: Date; limit: number },
) {
  // Written out: a query without joins names its columns unqualified, which inside the subquery
  // would be the offer's own columns.
  const at = now.toISOString();
  const offerCount = sql<number>`(select count(*)::int from partner_offers o where o.partner_id = "partners"."id" and (o.valid_from is null or o.valid_from <= ${at}::timestamptz) and (o.valid_until is null or o.valid_until > ${at}::timestamptz))`;
  const distanceKm = near
    ? sql<
        number | null
      >`earth_distance(ll_to_earth(${partners.lat}, ${partners.lng}), ll_to_earth(${near.lat}, ${near.lng})) / 1000`
    : sql<number | null>`null::float8`;
  const order = near
    ? [
        sql`ll_to_earth(${partners.lat}, ${partners.lng}) <-> ll_to_earth(${near.lat}, ${near.lng}) asc nulls last`,
        asc(partners.name),
        asc(partners.id),
      ]
    : [asc(partners.name), asc(partners.id)];
  return db
    .select({ partner: partners, offerCount, distanceKm, hasEvents })
    .from(partners)
    .where(and(eq(partners.type, type), eq(partners.preferred, true)))
    .orderBy(...order)
    .limit(limit);
}

export async function findPartnerRow(db: Database, partnerId: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, partnerId));
  return row;
}

/** A partner, and whether it has an events page. */
export async function findPartnerWithEvents(db: Database, partnerId: string) {
  const [row] = await db.select({ partner: partners, hasEvents }).from(partners).where(eq(partners.id, partnerId));
  return row;
}

/** Every partner, preferred or not, by type and name (for admins). */
export async function listAllPartnerRows(db: Database): Promise<PartnerRow[]> {
  return db.select().from(partners).orderBy(asc(partners.type), asc(partners.name), asc(partners.id));
}

/** A partner's offers valid now, those ending soonest first (open-ended last). */
export async function listCurrentOfferRows(db: Database, partnerId: string, now: Date): Promise<PartnerOfferRow[]> {
  return db
    .select()
    .from(partnerOffers)
    .where(and(eq(partnerOffers.partnerId, partnerId), currentOffer(now)))
    .orderBy(sql`${partnerOffers.validUntil} asc nulls last`, asc(partnerOffers.createdAt), asc(partnerOffers.id));
}

/** Every offer of a partner, past and future too, newest first (for admins). */
export async function listAllOfferRows(db: Database, partnerId: string): Promise<PartnerOfferRow[]> {
  return db
    .select()
    .from(partnerOffers)
    .where(eq(partnerOffers.partnerId, partnerId))
    .orderBy(desc(partnerOffers.createdAt), desc(partnerOffers.id));
}

export async function insertPartner(db: Database, fields: PartnerFields): Promise<PartnerRow> {
  const [row] = await db.insert(partners).values(fields).returning();
  if (!row) throw new Error('partner insert returned nothing');
  return row;
}

export async function updatePartnerRow(db: Database, partnerId: string, fields: PartnerFields, now: Date) {
  const [row] = await db
    .update(partners)
    .set({ ...fields, updatedAt: now })
    .where(eq(partners.id, partnerId))
    .returning();
  return row;
}

/** Its offers go with it (on delete cascade). */
export async function deletePartnerRow(db: Database, partnerId: string): Promise<boolean> {
  const rows = await db.delete(partners).where(eq(partners.id, partnerId)).returning({ id: partners.id });
  return rows.length > 0;
}

export async function findOfferRow(db: Database, offerId: string): Promise<PartnerOfferRow | undefined> {
  const [row] = await db.select().from(partnerOffers).where(eq(partnerOffers.id, offerId));
  return row;
}

export async function insertOffer(db: Database, partnerId: string, fields: PartnerOfferFields) {
  const [row] = await db
    .insert(partnerOffers)
    .values({ ...fields, partnerId })
    .returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

export async function updateOfferRow(db: Database, offerId: string, fields: PartnerOfferFields) {
  const [row] = await db.update(partnerOffers).set(fields).where(eq(partnerOffers.id, offerId)).returning();
  return row;
}

export async function deleteOfferRow(db: Database, offerId: string): Promise<boolean> {
  const rows = await db.delete(partnerOffers).where(eq(partnerOffers.id, offerId)).returning({ id: partnerOffers.id });
  return rows.length > 0;
}
