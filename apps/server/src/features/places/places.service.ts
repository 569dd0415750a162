import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import {
  geohashOf,
  type AddressSuggestion,
  type Bounds,
  type Checkin,
  type LatLng,
  type Place,
  type placeBody,
} from '@huddle/shared/places';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { usersBlockedEitherWay } from '../profiles/profiles.service.ts';
import {
  deleteCheckin,
  findPlace,
  insertPlace,
  listLiveCheckins,
  listPlacesInBoundsRows,
  searchPlaceRows,
  updatePlaceRow,
  upsertCheckin,
  type CheckinRow,
  type PlaceRow,
} from './places.repository.ts';
import { searchUsCities } from './us-cities.ts';

/** The body as the route hands it over: parsed, trimmed, defaults applied. */
type PlaceInput = z.output<typeof placeBody>;

const placeNotFound = () => new AppError('NOT_FOUND', 'Place not found');

/**
 * Spec §2 places/edit: "owners or admins edit". Huddle has no admin flag on users yet (no
 * users.role or admin table), so today only the creator may edit; an admin check goes here.
 */
const canEditPlace = (place: PlaceRow, viewerId: string | undefined) =>
  viewerId !== undefined && place.createdBy === viewerId;

export function toPlace(row: PlaceRow, viewerId: string | undefined): Place {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    geohash: row.geohash,
    description: row.description,
    createdBy: row.createdBy,
    canEdit: canEditPlace(row, viewerId),
  };
}

/** The zod body already refused a geohash for another point; the stored one always has the same precision. */
const placeColumns = (place: PlaceInput) => ({
  name: place.name,
  address: place.address,
  lat: place.lat,
  lng: place.lng,
  geohash: geohashOf(place.lat, place.lng),
  description: place.description || null,
});

export async function createPlace(db: Database, { actorId, place }: { actorId: string; place: PlaceInput }) {
  return toPlace(await insertPlace(db, { ...placeColumns(place), createdBy: actorId }), actorId);
}

export async function updatePlace(
  db: Database,
  clock: Clock,
  { actorId, placeId, place }: { actorId: string; placeId: string; place: PlaceInput },
): Promise<Place> {
  const existing = await findPlace(db, placeId);
  if (!existing) throw placeNotFound();
  if (!canEditPlace(existing, actorId))
    throw new AppError('FORBIDDEN', 'Only the person who added this place can change it.');
  const row = await updatePlaceRow(db, placeId, placeColumns(place), clock.now());
  if (!row) throw placeNotFound();
  return toPlace(row, actorId);
}

function toCheckin(row: CheckinRow): Checkin {
  return {
    userId: row.userId,
    displayName: row.name.trim() || displayNameFallback,
    photoURL: row.image || defaultPhotoPath,
    checkedInAt: row.checkedInAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  };
}

/**
 * The place and who is there now (spec §7 users by check-in place). A check-in is "where I
 * am", so it follows the online-status privacy switch (publicOnlineStatus): people who hide
 * their status are not listed, nor anyone blocked either way.
 */
export async function getPlace(
  db: Database,
  clock: Clock,
  { viewerId, placeId }: { viewerId: string | undefined; placeId: string },
) {
  const place = await findPlace(db, placeId);
  if (!place) throw placeNotFound();
  const [live, hidden] = await Promise.all([
    listLiveCheckins(db, placeId, clock.now()),
    usersBlockedEitherWay(db, viewerId),
  ]);
  const mine = live.find((row) => row.userId === viewerId);
  return {
    place: toPlace(place, viewerId),
    checkins: live.filter((row) => row.publicOnlineStatus && !hidden.has(row.userId)).map(toCheckin),
    myCheckin: mine ? toCheckin(mine) : null,
  };
}

export async function listPlacesInBounds(
  db: Database,
  { viewerId, bounds, limit }: { viewerId: string | undefined; bounds: Bounds; limit: number },
) {
  const rows = await listPlacesInBoundsRows(db, bounds, limit);
  return { places: rows.map((row) => toPlace(row, viewerId)) };
}

/** Places matching the text (name or address), for the address box and full-search. */
export async function findPlacesByText(
  db: Database,
  { viewerId, text, near, limit }: { viewerId: string | undefined; text: string; near?: LatLng; limit: number },
): Promise<Place[]> {
  const rows = await searchPlaceRows(db, { text, near, limit });
  return rows.map((row) => toPlace(row, viewerId));
}

const suggestionLimit = 10;
const placeSuggestionLimit = 5;
/** Enough same-named cities ("Springfield") to pick the nearest ones from. */
const cityCandidates = 200;

function distanceKm(a: LatLng, b: LatLng): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** "Zilker Park, 2100 Barton Springs Rd, Austin, TX"; the name once if the address starts with it. */
const formatPlaceAddress = (place: PlaceRow) =>
  place.address.toLowerCase().startsWith(place.name.toLowerCase()) ? place.address : `${place.name}, ${place.address}`;

/**
 * Offline address autocomplete (issue 5, spec §7 "place autocomplete returns formatted address
 * and lat/lng"): known places first, then US cities; each group nearest first from a point.
 */
export async function searchAddresses(
  db: Database,
  { text, near }: { text: string; near: LatLng | undefined },
): Promise<{ suggestions: AddressSuggestion[] }> {
  const placeRows = await searchPlaceRows(db, { text, near, limit: placeSuggestionLimit });
  const cityLimit = suggestionLimit - placeRows.length;
  const cities = near
    ? searchUsCities(text, cityCandidates)
        .map((city) => ({ city, distance: distanceKm(near, city) }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, cityLimit)
        .map(({ city }) => city)
    : searchUsCities(text, cityLimit);
  return {
    suggestions: [
      ...placeRows.map((place) => ({
        kind: 'place' as const,
        placeId: place.id,
        formattedAddress: formatPlaceAddress(place),
        name: place.name,
        lat: place.lat,
        lng: place.lng,
      })),
      ...cities.map((city) => ({
        kind: 'city' as const,
        placeId: null,
        formattedAddress: city.name,
        name: city.name,
        lat: city.lat,
        lng: city.lng,
      })),
    ],
  };
}

/** "I'm at the court now": replaces the viewer's other live check-in and ends by itself. */
export async function checkIn(
  db: Database,
  clock: Clock,
  { actorId, placeId, hours }: { actorId: string; placeId: string; hours: number },
): Promise<Checkin> {
  if (!(await findPlace(db, placeId))) throw placeNotFound();
  const now = clock.now();
  const row = await upsertCheckin(db, {
    placeId,
    userId: actorId,
    checkedInAt: now,
    endsAt: new Date(now.getTime() + hours * 60 * 60 * 1000),
  });
  return toCheckin(row);
}

export async function checkOut(db: Database, { actorId }: { actorId: string }): Promise<void> {
  await deleteCheckin(db, actorId);
}
