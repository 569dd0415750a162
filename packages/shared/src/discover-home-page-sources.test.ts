import { describe, expect, it } from 'vitest';
import { firstAcceptedLanguage, knownTimeZone } from './discover-home-page-sources.ts';

describe('what the server reads of the browser', () => {
  it('takes a time zone Intl knows, as the browser spelled it, and nothing else', () => {
    expect(knownTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(knownTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const value of [
      null,
      undefined,
      '',
      'Mars/Olympus_Mons',
      'America/Chicago; Path=/',
      '<script>',
      'x'.repeat(80),
    ])
      expect(knownTimeZone(value), String(value)).toBeNull();
  });

  it("takes Accept-Language's first language", () => {
    expect(firstAcceptedLanguage('en-GB,en;q=0.9')).toBe('en-GB');
    expect(firstAcceptedLanguage('*')).toBeNull();
    expect(firstAcceptedLanguage(undefined)).toBeNull();
  });
});
