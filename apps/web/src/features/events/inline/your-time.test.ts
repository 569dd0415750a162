import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clocksDiffer, formatTimeRange, zoneLabel } from '../event-format.ts';

const script = readFileSync(new URL('./your-time.js', import.meta.url), 'utf8');

/**
 * The script run after a line as the server writes it (event-details.tsx, YourTime), in a browser
 * whose own zone is `viewerZone`: Intl with that zone wherever the script names none.
 */
function fill(startsAt: string, endsAt: string, eventZone: string, viewerZone: string) {
  const attributes: Record<string, string> = {
    'data-starts-at': startsAt,
    'data-ends-at': endsAt,
    'data-time-zone': eventZone,
  };
  const line = { hidden: true, textContent: '', getAttribute: (name: string) => attributes[name] ?? null };
  const RealFormat = Intl.DateTimeFormat;
  const browserIntl = {
    DateTimeFormat: function DateTimeFormat(locale?: string, options: Intl.DateTimeFormatOptions = {}) {
      return new RealFormat(locale, { timeZone: viewerZone, ...options });
    },
  };
  new Function('document', 'Intl', script)({ currentScript: { previousElementSibling: line } }, browserIntl);
  return line;
}

const zones = ['America/Chicago', 'America/Winnipeg', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC'];
const games = [
  // An evening game; one across midnight; one on the day the US clocks go forward; one across the year's end.
  ['2026-06-02T23:30:00Z', '2026-06-03T01:00:00Z'],
  ['2026-06-03T03:00:00Z', '2026-06-03T06:30:00Z'],
  ['2026-03-08T07:30:00Z', '2026-03-08T09:00:00Z'],
  ['2026-12-31T22:00:00Z', '2027-01-01T01:00:00Z'],
] as const;

describe('the "Your time" line filled before the first paint', () => {
  it('says what the app says once it runs, word for word, for every zone and game', () => {
    for (const eventZone of zones)
      for (const viewerZone of [...zones, 'Pacific/Auckland'])
        for (const [startsAt, endsAt] of games) {
          const line = fill(startsAt, endsAt, eventZone, viewerZone);
          const where = `${eventZone} game at ${startsAt} seen from ${viewerZone}`;
          // The zone as the app reads the browser's (viewerTimeZone: Intl's resolved name, which may
          // be another name of it, Asia/Calcutta for Asia/Kolkata).
          const appZone = new Intl.DateTimeFormat('en-US', { timeZone: viewerZone }).resolvedOptions().timeZone;
          if (!clocksDiffer(startsAt, eventZone, appZone)) {
            expect(line, where).toMatchObject({ hidden: true, textContent: '' });
            continue;
          }
          // event-details.tsx's YourTime, as the app renders it with the browser's zone.
          const app = `Your time: ${formatTimeRange(startsAt, endsAt, appZone)} (${zoneLabel(appZone, startsAt)})`;
          expect(line, where).toMatchObject({ hidden: false, textContent: app });
        }
  });

  it('leaves the line hidden when it cannot read the game', () => {
    expect(fill('not a time', '2026-06-03T01:00:00Z', 'America/Chicago', 'Europe/London').hidden).toBe(true);
    expect(fill('2026-06-02T23:30:00Z', '2026-06-03T01:00:00Z', 'Not/AZone', 'Europe/London').hidden).toBe(true);
  });
});
