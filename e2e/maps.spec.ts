import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, daysFromNow, uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';

// Decision 017: OpenStreetMap's standard tiles by default. This machine has no internet: each
// journey answers the tile requests itself (a small PNG) or refuses them (the offline fallback).
const osmTiles = 'https://tile.openstreetmap.org/**';
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const statesDrawn = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).locator('.leaflet-overlay-pane path');

async function signedInWithGame(page: Page, label: string, at = { lat: 30.2669, lng: -97.7729 }, gameType = 'Soccer') {
  await signUpWithProfile(page, newPerson(label));
  const word = uniqueWord('mp');
  const names = { placeName: `Court ${word}`, title: `Pickup ${word}` };
  return { ...names, at, ...(await createPlaceAndGame(page, { ...names, at, gameType })) };
}

test('maps show OpenStreetMap tiles with their credit when the tiles load @mobile', async ({ page, baseURL }) => {
  const referers: string[] = [];
  await page.route(osmTiles, (route: Route) => {
    referers.push(route.request().headers()['referer'] ?? '');
    return route.fulfill({ status: 200, contentType: 'image/png', body: tilePng });
  });
  const { placeId, placeName, at } = await signedInWithGame(page, 'Tiles');
  await page.goto(`/places/view/${placeId}`);

  const map = page.getByRole('region', { name: `Map of ${placeName}` });
  await expect(map.getByRole('button', { name: placeName })).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toHaveAttribute(
    'src',
    /^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/,
  );
  // The usage policy: the credit on the map, linked to the copyright page; a Referer (the origin only).
  await expect(map.getByRole('link', { name: 'OpenStreetMap', exact: true })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );
  await expect(map.getByText('contributors')).toBeVisible();
  expect(referers.length).toBeGreaterThan(0);
  expect(new Set(referers)).toEqual(new Set([`${new URL(baseURL ?? '').origin}/`]));
  // Tiles shown: the offline outline is not drawn.
  await expect(statesDrawn(page, `Map of ${placeName}`)).toHaveCount(0);
  await expectAccessible(page);

  // Directions open Google Maps in a new tab, to the place's own point.
  const directions = page.getByRole('link', { name: /^Directions/ });
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${at.lat},${at.lng}`,
  );
  await expect(directions).toHaveAttribute('target', '_blank');
});

test('maps fall back to the outline of the US states when tiles cannot load', async ({ page }) => {
  let asked = 0;
  await page.route(osmTiles, (route: Route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  const { eventId, placeName, at } = await signedInWithGame(page, 'Offline', { lat: 30.3, lng: -97.71 });
  await page.goto(`/discover/events/${eventId}`);

  const region = `Map of ${placeName}`;
  const map = page.getByRole('region', { name: region });
  await expect(map.getByRole('button', { name: placeName })).toBeVisible();
  // The states of us-atlas, drawn in place of the tiles, with their own credit: those near the view
  // (Texas and its neighbours at most), not all fifty, which a phone takes ~200 ms to draw.
  await expect.poll(() => statesDrawn(page, region).count()).toBeGreaterThan(0);
  expect(await statesDrawn(page, region).count()).toBeLessThan(10);
  await expect(map.getByText('US Census Bureau (us-atlas)')).toBeVisible();
  await expect(map.locator('img.leaflet-tile')).toHaveCount(0);
  expect(asked).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: /^Directions/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${at.lat},${at.lng}`,
  );
  await expectAccessible(page);

  // The next map of the visit goes straight to the outline: no more tile requests.
  const before = asked;
  await page.getByRole('link', { name: placeName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expect.poll(() => statesDrawn(page, region).count()).toBeGreaterThan(0);
  expect(asked).toBe(before);
});

test('two games at one place are one numbered marker; zoomed out, nearby places group', async ({ page }) => {
  // Kickball, which no other journey plays: their games would fill the list (and so the map) first.
  const { placeId, placeName, title } = await signedInWithGame(
    page,
    'Cluster',
    { lat: 30.2712, lng: -97.7531 },
    'Kickball',
  );
  const day = daysFromNow(4);
  const second = `Evening ${uniqueWord('mp')}`;
  const created = await page.request.post('/api/events', {
    data: {
      title: second,
      gameType: 'Kickball',
      timeZone: 'America/Chicago',
      startLocal: `${day}T19:00`,
      endLocal: `${day}T20:30`,
      placeId,
      slots: 8,
    },
  });
  expect(created.status()).toBe(201);

  // A neighbouring court's game: its own marker at a city's zoom, one group with ours zoomed out.
  const neighbour = uniqueWord('mp');
  await createPlaceAndGame(page, {
    placeName: `Court ${neighbour}`,
    title: `Pickup ${neighbour}`,
    gameType: 'Kickball',
    at: { lat: 30.2762, lng: -97.7461 },
  });
  await page.goto('/discover?gameType=Kickball');
  const map = page.getByRole('region', { name: 'Map of games' });
  const marker = map.getByRole('button', { name: `${placeName}: 2 games` });
  // The map's chunk loads after the list: on a loaded CI machine it once took more than 10 s.
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await expect(marker).toHaveText('2');
  await marker.focus();
  await page.keyboard.press('Enter');
  // The popup: each game, when it is and how many spots are left.
  const popup = map.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name: title })).toBeVisible();
  await expect(popup.getByRole('link', { name: second })).toBeVisible();
  await expect(popup.getByText(/ · 12 spots left$/)).toBeVisible();
  await expect(popup.getByText(/ · 8 spots left$/)).toBeVisible();
  await expectAccessible(page);

  // Zoomed out past a city, nearby places are one numbered group that zooms back in.
  await page.keyboard.press('Escape');
  const zoomOut = map.getByRole('button', { name: 'Zoom out' });
  await zoomOut.click();
  await zoomOut.click();
  await expect(marker).toHaveCount(0);
  const groups = map.getByRole('button', { name: /^\d+ games nearby: zoom in$/ });
  await expect(groups.first()).toBeVisible();
  await expect(async () => {
    if (await marker.isVisible()) return;
    await groups.first().focus();
    await page.keyboard.press('Enter');
    await expect(marker).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
});

test('an organizer creates a game at a new place with the address search and a click on the map @mobile', async ({
  page,
}) => {
  await signUpWithProfile(page, newPerson('Mapper'));
  const word = uniqueWord('np');
  const placeName = `Court ${word}`;
  const title = `Pickup ${word}`;
  await page.goto('/events/new');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Game type' }).click();
  await page.getByRole('option', { name: 'Soccer', exact: true }).click();

  // A place that is not on Huddle yet: its name, then where it is, never a latitude to type.
  await page.getByRole('combobox', { name: 'Place' }).fill(placeName);
  await page.getByRole('option', { name: `Add “${placeName}” as a new place` }).click();
  const newPlace = page.getByRole('group', { name: 'New place' });
  await expect(newPlace).toBeVisible();
  await expect(newPlace.getByLabel('Name of the place')).toHaveValue(placeName);
  await expect(page.getByLabel(/Latitude|Longitude/)).toHaveCount(0);
  await expect(newPlace.getByText('Click the map where the place is.')).toBeVisible();
  await page.getByLabel('Starts').fill(`${daysFromNow(5)}T18:00`);
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(newPlace.getByText('Pick an address from the list, or click the map to set the spot.')).toBeVisible();

  // The address search sets the spot; a click on the map moves it to the court itself.
  await newPlace.getByRole('combobox', { name: 'Address' }).fill('Austin');
  await page.getByRole('option', { name: 'Austin, TX', exact: true }).click();
  await expect(newPlace.getByRole('combobox', { name: 'Address' })).toHaveValue('Austin, TX');
  const spot = newPlace.getByText(/^Set at /);
  await expect(spot).toHaveText(/^Set at 30\.26715, -97\.74306\./);
  await expect(newPlace.getByText('Pick an address from the list, or click the map to set the spot.')).toHaveCount(0);
  const map = newPlace.getByRole('region', { name: 'Map: click where the place is' });
  await map.locator('.leaflet-container').click({ position: { x: 60, y: 60 } });
  await expect(spot).not.toHaveText(/^Set at 30\.26715, -97\.74306\./);
  const [, lat, lng] = /^Set at (-?\d+\.\d+), (-?\d+\.\d+)\./.exec((await spot.textContent()) ?? '') ?? [];
  expect(Number(lat)).toBeGreaterThan(30.26715);
  expect(Number(lng)).toBeLessThan(-97.74306);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create event' }).click();

  await expect(page).toHaveURL(/\/discover\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: placeName }).first()).toBeVisible();
  // Saved where it was clicked: directions go there.
  const directions = page.getByRole('link', { name: /^Directions/ });
  const href = (await directions.getAttribute('href')) ?? '';
  const destination = new URL(href).searchParams.get('destination')?.split(',').map(Number) ?? [];
  expect(destination[0]).toBeCloseTo(Number(lat), 4);
  expect(destination[1]).toBeCloseTo(Number(lng), 4);
});
