import type { UsCity } from '@huddle/shared/profiles';
import { visitorCityCookie } from '@huddle/shared/discover-home-page-sources';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useBrowserValue } from '../../lib/use-hydrated.ts';
import { useRenderRequest } from '../../lib/render-request.ts';

/**
 * Where a signed-out visitor browses from (issue 11): the browser's location when they allow
 * it, else a city they pick, remembered in this browser. Never a point in the middle of the
 * country: until one of the two is known, discover asks.
 */
const storageKey = 'huddle.discover.city';
const listeners = new Set<() => void>();

/** A picked city as stored (localStorage's value, the cookie's decoded), or null if it is not one. */
export function parsePickedCity(stored: string | null | undefined): UsCity | null {
  if (!stored) return null;
  try {
    // Checked by hand, not with the zod schema: the root layout reads this on every page (bundle size).
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { name, lat, lng } = value as Record<string, unknown>;
    const valid =
      typeof name === 'string' &&
      name.length > 0 &&
      typeof lat === 'number' &&
      Math.abs(lat) <= 90 &&
      typeof lng === 'number' &&
      Math.abs(lng) <= 180;
    return valid ? { name, lat, lng } : null;
  } catch {
    return null;
  }
}

function readPickedCity(): UsCity | null {
  try {
    const city = parsePickedCity(localStorage.getItem(storageKey));
    // Picked before the cookie existed: the server renders the next page for it too (issue 33).
    if (city && cookieValue() === null) writeCityCookie(city);
    return city;
  } catch {
    // No storage (private mode) or something else written there: as if nothing was picked.
    return null;
  }
}

/** The city's cookie as this browser sends it (what the server rendered the page for), undecoded. */
function cookieValue(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${visitorCityCookie}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!entry) return null;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return null;
  }
}

/** A year, like localStorage's keeping; Lax, and Secure on https. */
function writeCityCookie(city: UsCity | null): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = city
    ? `${visitorCityCookie}=${encodeURIComponent(JSON.stringify(city))}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${visitorCityCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** The cookie's city, kept while the cookie is unchanged (a snapshot must be the same object each time). */
let cookieCity: { raw: string | null; city: UsCity | null } | undefined;
function currentCookieCity(raw: string | null): UsCity | null {
  if (!cookieCity || cookieCity.raw !== raw) cookieCity = { raw, city: parsePickedCity(raw) };
  return cookieCity.city;
}

let pickedCity: UsCity | null | undefined;
const currentPickedCity = () => (pickedCity === undefined ? (pickedCity = readPickedCity()) : pickedCity);

/** Remembers the visitor's city (null forgets it). */
export function savePickedCity(city: UsCity | null): void {
  pickedCity = city;
  writeCityCookie(city);
  try {
    if (city) localStorage.setItem(storageKey, JSON.stringify(city));
    else localStorage.removeItem(storageKey);
  } catch {
    // Not remembered past this page, but still used now.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The city the visitor picked in this browser, if any (shared by every component that asks). A
 * server render (issue 33) and the hydration of its markup read the cookie the request carried;
 * the browser's own (localStorage) in the render right after, the same city unless they differ.
 */
export function usePickedCity(): UsCity | null {
  const request = useRenderRequest();
  return useSyncExternalStore(subscribe, currentPickedCity, () =>
    currentCookieCity(request ? request.pickedCity : cookieValue()),
  );
}

export type VisitorLocation =
  | { status: 'locating' }
  | { status: 'needs-city'; reason: 'denied' | 'unavailable' | 'asked' }
  | { status: 'ready'; source: 'city'; city: UsCity }
  | { status: 'ready'; source: 'device'; point: { lat: number; lng: number } };

const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** Long enough for a phone to find itself; after it the visitor picks a city instead. */
const locateTimeoutMs = 10_000;

/**
 * The visitor's location: a picked city first (their own choice, remembered), else the
 * browser's position (the browser asks them once), else 'needs-city'. `enabled` is false for
 * signed-in people, whose city comes from their profile.
 */
export function useVisitorLocation(enabled: boolean) {
  const city = usePickedCity();
  const [device, setDevice] = useState<VisitorLocation>({ status: 'locating' });
  const [attempt, setAttempt] = useState(0);
  const [picking, setPicking] = useState(false);
  const wantsDevice = enabled && !city;
  // The server (and the hydration of its markup) renders what a browser that can locate shows first.
  const locatable = useBrowserValue(canLocate, true);

  useEffect(() => {
    if (!wantsDevice || !canLocate()) return;
    let current = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (current)
          setDevice({
            status: 'ready',
            source: 'device',
            point: { lat: position.coords.latitude, lng: position.coords.longitude },
          });
      },
      (error) => {
        if (current)
          setDevice({
            status: 'needs-city',
            reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
          });
      },
      { timeout: locateTimeoutMs, maximumAge: 10 * 60_000 },
    );
    return () => {
      current = false;
    };
  }, [wantsDevice, attempt]);

  const location: VisitorLocation = picking
    ? { status: 'needs-city', reason: 'asked' }
    : city
      ? { status: 'ready', source: 'city', city }
      : locatable
        ? device
        : { status: 'needs-city', reason: 'unavailable' };
  return {
    location,
    pickCity: (next: UsCity) => {
      setPicking(false);
      savePickedCity(next);
    },
    /** Forget the picked city and ask the browser again. */
    locateDevice: () => {
      setPicking(false);
      savePickedCity(null);
      setDevice({ status: 'locating' });
      setAttempt((count) => count + 1);
    },
    /** Show the city picker (the visitor wants another place than where they are). */
    changeCity: () => setPicking(true),
    /** Close the picker opened by changeCity, back to the place shown before. */
    cancelPicking: picking && (city || device.status === 'ready') ? () => setPicking(false) : null,
  };
}
