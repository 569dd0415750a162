import { describe, expect, it } from 'vitest';
import { noteReplySource, offlineSinceHeader } from './offline-data.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eventEndpoints } from '@huddle/shared/events';
import { seasonEndpoints } from '@huddle/shared/seasons';
import { getSessionEndpoint } from '@huddle/shared/accounts';
import { profileEndpoints } from '@huddle/shared/profiles';

const worker = readFileSync(path.join(import.meta.dirname, '../../public/sw.js'), 'utf8');

describe('the service worker keeps the lists home shows', () => {
  it('by the paths of the shared endpoint declarations', () => {
    for (const endpoint of [
      getSessionEndpoint,
      profileEndpoints.getPublicConfig,
      eventEndpoints.myEvents,
      seasonEndpoints.listMyRegistrations,
    ]) {
      expect(endpoint.method).toBe('GET');
      expect(worker).toContain(`'${endpoint.path}'`);
    }
  });

  it('marks its offline copies with the header the API client reads', () => {
    expect(worker).toContain(`'${offlineSinceHeader}'`);
  });
});

describe('noteReplySource', () => {
  it('takes a reply without the header as fresh', () => {
    expect(() => noteReplySource('/api/me/events', { headers: new Headers() })).not.toThrow();
  });
});
