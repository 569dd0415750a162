import type { Bounds, LatLng } from '@huddle/shared/places';
import { and, asc, between, desc, eq, gt, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { placeCheckins, places } from './places.schema.ts';

export type PlaceRow = typeof places.$inferSelect;
export type NewPlace = Pick<
  typeof places.$inferInsert,
  'name' | 'address' | 'lat' | 'lng' | 'geohash' | 'description' | 'createdBy'
>;

export async function insertPlace(db: Database, place: NewPlace): Promise<PlaceRow> {
  const [row] = await db.insert(places).values(place).returning();
  if (!row) throw new Error('place insert returned nothing');
  return row;
}

export async function findPlace(db: Database, placeId: string): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(places).where(eq(places.id, placeId)).limit(1);
  return row;
}

export async function updatePlaceRow(
  db: Database,
  placeId: string,
  place: Omit<NewPlace, 'createdBy'>,
  now: Date,
): Promise<PlaceRow | undefined> {
  const [row] = await db
    .update(places)
    .set({ ...place, updatedAt: now })
    .where(eq(places.id, placeId))
    .returning();
  return row;
}

/** The KNN operator, so the places_earth_idx GiST index orders the rows (migration 0009). */
const nearestTo = (point: LatLng) =>
  sql`ll_to_earth(${places.lat}, ${places.lng}) <-> ll_to_earth(${point.lat}, ${point.lng})`;

export async function listPlacesInBoundsRows(db: Database, bounds: Bounds, limit: number): Promise<PlaceRow[]> {
  // A map that shows the antimeridian has west > east: the box is then two longitude ranges.
  const longitudes =
    bounds.west <= bounds.east
      ? between(places.lng, bounds.west, bounds.east)
      : or(gte(places.lng, bounds.west), lte(places.lng, bounds.east));
  return db
    .select()
    .from(places)
    .where(and(between(places.lat, bounds.south, bounds.north), longitudes))
    .orderBy(asc(places.name), asc(places.id))
    .limit(limit);
}

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (character) => `\\${character}`)}%`;

/**
 * Places whose name or address contains the text, or whose name is close to it (pg_trgm word
 * similarity and similarity, places_name_trgm_idx). Nearest first from a point, else best match first.
 */
export async function searchPlaceRows(
  db: Database,
  { text, near, limit }: { text: string; near: LatLng | undefined; limit: number },
): Promise<PlaceRow[]> {
  const pattern = likePattern(text);
  const matches: SQL | undefined = or(
    ilike(places.name, pattern),
    ilike(places.address, pattern),
    sql`${text} <% ${places.name}`,
    sql`${places.name} % ${text}`,
  );
  const order = near
    ? [nearestTo(near)]
    : [
        desc(sql`similarity(${places.name}, ${text})`),
        desc(sql`word_similarity(${text}, ${places.name})`),
        asc(places.name),
      ];
  return db
    .select()
    .from(places)
    .where(matches)
    .orderBy(...order)
    .limit(limit);
}

export interface CheckinRow {
  userId: string;
  name: string;
  image: string | null;
  publicOnlineStatus: boolean;
  checkedInAt: Date;
  endsAt: Date;
}

const checkinColumns = {
  userId: placeCheckins.userId,
  name: users.name,
  image: users.image,
  publicOnlineStatus: users.publicOnlineStatus,
  checkedInAt: placeCheckins.checkedInAt,
  endsAt: placeCheckins.endsAt,
};

/** Check-ins at the place that have not ended by `now`, earliest first. */
export async function listLiveCheckins(db: Database, placeId: string, now: Date): Promise<CheckinRow[]> {
  return db
    .select(checkinColumns)
    .from(placeCheckins)
    .innerJoin(users, eq(users.id, placeCheckins.userId))
    .where(and(eq(placeCheckins.placeId, placeId), gt(placeCheckins.endsAt, now)))
    .orderBy(asc(placeCheckins.checkedInAt));
}

/**
 * One check-in per user (place_checkins_user_unique): checking in somewhere replaces the
 * previous one in the same statement, so two quick taps never leave two rows.
 */
export async function upsertCheckin(
  db: Database,
  checkin: { placeId: string; userId: string; checkedInAt: Date; endsAt: Date },
): Promise<CheckinRow> {
  await db
    .insert(placeCheckins)
    .values(checkin)
    .onConflictDoUpdate({
      target: placeCheckins.userId,
      set: { placeId: checkin.placeId, checkedInAt: checkin.checkedInAt, endsAt: checkin.endsAt },
    });
  const [row] = await db
    .select(checkinColumns)
    .from(placeCheckins)
    .innerJoin(users, eq(users.id, placeCheckins.userId))
    .where(eq(placeCheckins.userId, checkin.userId));
  if (!row) throw new Error('check-in upsert left no row');
  return row;
}

export async function deleteCheckin(db: Database, userId: string): Promise<void> {
  await db.delete(placeCheckins).where(eq(placeCheckins.userId, userId));
}
