import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { createPlaceAndGame, daysFromNow } from './games.ts';
import { austin } from './people.ts';

/** A team with a game and a published form, made through the API: what a team website shows (issue 15). */

export async function createTeam(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/api/teams', {
    data: {
      kind: 'team',
      name,
      gameType: 'Soccer',
      description: null,
      city: austin,
      joinPolicy: 'open',
      visibility: 'public',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export async function createTeamGame(page: Page, teamId: string, title: string) {
  const { placeId } = await createPlaceAndGame(page, { placeName: `${title} Park`, title: `${title} warm-up` });
  const day = daysFromNow(4);
  const event = await page.request.post('/api/events', {
    data: {
      title,
      gameType: 'Soccer',
      timeZone: 'America/Chicago',
      startLocal: `${day}T18:00`,
      endLocal: `${day}T20:00`,
      placeId,
      slots: 12,
      gender: 'Any',
      teamId,
    },
  });
  expect(event.status()).toBe(201);
}

export async function createPublishedForm(page: Page, teamId: string, title: string): Promise<string> {
  const form = await page.request.post('/api/forms', { data: { title, teamId } });
  expect(form.status()).toBe(201);
  const { id } = (await form.json()) as { id: string };
  const saved = await page.request.put(`/api/forms/${id}`, {
    data: {
      version: 1,
      title,
      fields: [{ type: 'short_text', id: 'position', label: 'Position', required: true }],
      settings: {},
    },
  });
  expect(saved.status()).toBe(200);
  expect((await page.request.post(`/api/forms/${id}/status`, { data: { status: 'published' } })).status()).toBe(200);
  return id;
}
