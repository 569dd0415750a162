import { geohashOf } from '@huddle/shared/places';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { austin } from './people.ts';

/** A word no other journey uses, to find this journey's place and game by name. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A calendar day some days from now, 'YYYY-MM-DD' (events take wall-clock times). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A point within about a kilometre of central Austin: journeys' places do not sit on one another,
 * and a person who lives there has no one else's game at distance 0.
 */
export function nearAustin() {
  const jitter = () => (Math.random() - 0.5) * 0.016;
  return { lat: austin.lat + jitter(), lng: austin.lng + jitter() };
}

/**
 * A place and a public game there, created through the API as the page's signed-in user
 * (the way the app's own forms send them). The place is in the middle of Austin, the city
 * journeys' people live in, closer than any demo game: among the nearest games for them.
 */
export async function createPlaceAndGame(
  page: Page,
  {
    placeName,
    title,
    gameType = 'Soccer',
    at = nearAustin(),
    gender = 'Any',
    priceCents = null,
    slots = 12,
  }: {
    placeName: string;
    title: string;
    gameType?: string;
    at?: { lat: number; lng: number };
    gender?: string;
    /** A paid game needs an organizer whose Stripe account takes charges (decision 033). */
    priceCents?: number | null;
    slots?: number;
  },
) {
  const place = await page.request.post('/api/places', {
    data: {
      name: placeName,
      address: '301 W 2nd St, Austin, TX',
      lat: at.lat,
      lng: at.lng,
      geohash: geohashOf(at.lat, at.lng),
      description: 'Two full courts, lights until 10.',
    },
  });
  expect(place.status()).toBe(201);
  const { id: placeId } = (await place.json()) as { id: string };
  const day = daysFromNow(3);
  const event = await page.request.post('/api/events', {
    data: {
      title,
      gameType,
      timeZone: 'America/Chicago',
      startLocal: `${day}T18:00`,
      endLocal: `${day}T20:00`,
      placeId,
      slots,
      gender,
      priceCents,
    },
  });
  expect(event.status()).toBe(201);
  const { id: eventId } = (await event.json()) as { id: string };
  return { placeId, eventId };
}
