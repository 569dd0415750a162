import geohash from 'ngeohash';
import { z } from 'zod';
import { okReply } from './accounts.ts';
import { defineEndpoint } from './endpoint.ts';

/** Issue 5: courts, fields and venues (spec §2 places/*, §7 places by bounds, add, update). */
export const placeNameLength = { min: 2, max: 100 } as const;
export const placeAddressLength = { min: 3, max: 200 } as const;
export const placeDescriptionMax = 1000;
/** Spec §7: the web app computes the geohash; this is its precision. */
export const placeGeohashPrecision = 9;
/** "I'm at the court now" ends by itself after this long unless the player leaves earlier. */
export const checkinHours = { default: 3, max: 8 } as const;

export const placeIdParams = z.object({ placeId: z.uuid('Unknown place.') });

/**
 * Coordinates are kept to a billionth of a degree (0.1 mm): finer fractions mean nothing, and
 * PostgreSQL's earthdistance fails with "underflow" on values such as 7.4e-323.
 */
export const toNanoDegrees = (degrees: number) => Math.round(degrees * 1e9) / 1e9;

export const latitude = z.coerce
  .number({ error: 'Enter a latitude.' })
  .min(-90, 'Latitude must be between -90 and 90.')
  .max(90, 'Latitude must be between -90 and 90.')
  .overwrite(toNanoDegrees);
export const longitude = z.coerce
  .number({ error: 'Enter a longitude.' })
  .min(-180, 'Longitude must be between -180 and 180.')
  .max(180, 'Longitude must be between -180 and 180.')
  .overwrite(toNanoDegrees);

/** What a place without a real position is told (the form says it under the map, the server beside lat). */
export const placePositionMessage = 'Pick an address from the list, or click the map to set the spot.';
/**
 * A place's own coordinates: numbers only (the query strings' coercion would read null or ''
 * as 0), so a form that never set the position cannot save a place in the ocean.
 */
const placeLatitude = z
  .number({ error: placePositionMessage })
  .min(-90, 'Latitude must be between -90 and 90.')
  .max(90, 'Latitude must be between -90 and 90.')
  .overwrite(toNanoDegrees);
const placeLongitude = z
  .number({ error: placePositionMessage })
  .min(-180, 'Longitude must be between -180 and 180.')
  .max(180, 'Longitude must be between -180 and 180.')
  .overwrite(toNanoDegrees);

/** The geohash of a point, as the web computes it before saving (spec §7). */
export const geohashOf = (lat: number, lng: number): string => geohash.encode(lat, lng, placeGeohashPrecision);

export const placeBody = z
  .strictObject({
    name: z
      .string({ error: 'Name the place.' })
      .trim()
      .min(placeNameLength.min, `Name must be at least ${placeNameLength.min} characters.`)
      .max(placeNameLength.max, `Name must be at most ${placeNameLength.max} characters.`),
    address: z
      .string({ error: 'Enter the address.' })
      .trim()
      .min(placeAddressLength.min, `Address must be at least ${placeAddressLength.min} characters.`)
      .max(placeAddressLength.max, `Address must be at most ${placeAddressLength.max} characters.`),
    lat: placeLatitude,
    lng: placeLongitude,
    geohash: z.string().trim().min(1).max(12),
    description: z
      .string()
      .trim()
      .max(placeDescriptionMax, `Description must be at most ${placeDescriptionMax} characters.`)
      .nullable()
      .default(null),
  })
  .superRefine((place, context) => {
    // 0,0 is in the Gulf of Guinea: what a form sends when nobody set the position.
    if (place.lat === 0 && place.lng === 0) {
      context.addIssue({ code: 'custom', message: placePositionMessage, path: ['lat'] });
      return;
    }
    // The server recomputes what the browser sent: a hash for another point is refused.
    if (geohash.encode(place.lat, place.lng, place.geohash.length) !== place.geohash) {
      context.addIssue({ code: 'custom', message: 'The geohash does not match the coordinates.', path: ['geohash'] });
    }
  })
  .meta({ id: 'PlaceBody' });
export type PlaceBody = z.input<typeof placeBody>;

export const placeReply = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
    geohash: z.string(),
    description: z.string().nullable(),
    createdBy: z.string().nullable(),
    /** The viewer may edit it: its creator, or an admin. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeReply>;

/** Who is at the place now, as each person's privacy allows (spec §7 users by check-in place). */
export const checkinReply = z.object({
  userId: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  checkedInAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type Checkin = z.infer<typeof checkinReply>;

export const placeViewReply = z.object({
  place: placeReply,
  checkins: z.array(checkinReply),
  /** The viewer's own live check-in here, if any. */
  myCheckin: checkinReply.nullable(),
});

/** A point on the earth, in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** An area between two latitudes and two longitudes, in degrees (map bounds). */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Map bounds (spec §7 "places by bounds", "events by location … bounds"). */
export const boundsFields = { south: latitude, west: longitude, north: latitude, east: longitude };
export const northAboveSouth = {
  check: (bounds: { north: number; south: number }) => bounds.north >= bounds.south,
  error: { message: 'The north edge must be above the south edge.', path: ['north'] },
};

export const placesInBoundsQuery = z
  .object({ ...boundsFields, limit: z.coerce.number().int().min(1).max(500).default(200) })
  .refine(northAboveSouth.check, northAboveSouth.error);

/** Offline address autocomplete: existing places first, then US cities (issue 5). */
export const addressSuggestion = z.object({
  kind: z.enum(['place', 'city']),
  placeId: z.string().nullable(),
  /** Spec §7: place autocomplete returns a formatted address and lat/lng. */
  formattedAddress: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;
/** The address search asks for at least this much text. */
export const addressQueryMinLength = 2;
export const addressSearchQuery = z.object({
  q: z.string().trim().min(addressQueryMinLength, 'Type at least 2 characters.').max(100),
  lat: latitude.optional(),
  lng: longitude.optional(),
});

export const checkinBody = z.strictObject({
  hours: z
    .number()
    .int()
    .min(1)
    .max(checkinHours.max, `At most ${checkinHours.max} hours.`)
    .default(checkinHours.default),
});

export const placeEndpoints = {
  createPlace: defineEndpoint({
    method: 'POST',
    path: '/api/places',
    summary: 'Add a place (signed in)',
    tags: ['places'],
    body: placeBody,
    reply: placeReply,
    status: 201,
  }),
  getPlace: defineEndpoint({
    method: 'GET',
    path: '/api/places/:placeId',
    summary: 'A place with who is checked in there now',
    tags: ['places'],
    params: placeIdParams,
    reply: placeViewReply,
  }),
  updatePlace: defineEndpoint({
    method: 'PUT',
    path: '/api/places/:placeId',
    summary: 'Change a place (its creator or an admin)',
    tags: ['places'],
    params: placeIdParams,
    body: placeBody,
    reply: placeReply,
  }),
  listPlacesInBounds: defineEndpoint({
    method: 'GET',
    path: '/api/places',
    summary: 'Places inside the map bounds',
    tags: ['places'],
    query: placesInBoundsQuery,
    reply: z.object({ places: z.array(placeReply) }),
  }),
  searchAddresses: defineEndpoint({
    method: 'GET',
    path: '/api/places/addresses',
    summary: 'Address autocomplete: known places, then US cities, nearest first when a point is given',
    tags: ['places'],
    query: addressSearchQuery,
    reply: z.object({ suggestions: z.array(addressSuggestion) }),
  }),
  checkIn: defineEndpoint({
    method: 'POST',
    path: '/api/places/:placeId/check-ins',
    summary: "I'm at this place now (replaces any other live check-in of the viewer)",
    tags: ['places'],
    params: placeIdParams,
    body: checkinBody,
    reply: checkinReply,
    status: 201,
  }),
  checkOut: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/check-in',
    summary: 'End the viewer’s live check-in',
    tags: ['places'],
    reply: okReply,
  }),
};
