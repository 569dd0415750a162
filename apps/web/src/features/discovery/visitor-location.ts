import type { UsCity } from '@huddle/shared/profiles';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Where a signed-out visitor browses from (issue 11): the browser's location when they allow
 * it, else a city they pick, remembered in this browser. Never a point in the middle of the
 * country: until one of the two is known, discover asks.
 */
const storageKey = 'huddle.discover.city';
const listeners = new Set<() => void>();

function readPickedCity(): UsCity | null {
  try {
    const stored = localStorage.getItem(storageKey);
    if (!stored) return null;
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
    // No storage (private mode) or something else written there: as if nothing was picked.
    return null;
  }
}

let pickedCity: UsCity | null | undefined;
const currentPickedCity = () => (pickedCity === undefined ? (pickedCity = readPickedCity()) : pickedCity);

/** Remembers the visitor's city (null forgets it). */
export function savePickedCity(city: UsCity | null): void {
  pickedCity = city;
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

/** The city the visitor picked in this browser, if any (shared by every component that asks). */
export function usePickedCity(): UsCity | null {
  return useSyncExternalStore(subscribe, currentPickedCity, () => null);
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
      : canLocate()
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
