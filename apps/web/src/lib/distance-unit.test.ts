import { formatDistance, toKm, unitForCountry, unitForLocale } from '@huddle/shared/distance';
import { firstAcceptedLanguage } from '@huddle/shared/discover-home-page-sources';
import { describe, expect, it } from 'vitest';
import { viewerDistanceUnit } from './distance-unit.tsx';

describe('formatDistance', () => {
  it('writes anything under a tenth as "< 0.1", never "0 km" or "0.0 km"', () => {
    expect(formatDistance(0, 'km')).toBe('< 0.1 km');
    expect(formatDistance(0.04, 'km')).toBe('< 0.1 km');
    expect(formatDistance(0.15, 'mi')).toBe('< 0.1 mi');
    expect(formatDistance(0.1, 'km')).toBe('0.1 km');
  });

  it('keeps one decimal under 10 and whole numbers from 10 up', () => {
    expect(formatDistance(3.24, 'km')).toBe('3.2 km');
    expect(formatDistance(9.94, 'km')).toBe('9.9 km');
    // 9.96 would read "10.0": it is written as the whole number it rounds to.
    expect(formatDistance(9.96, 'km')).toBe('10 km');
    expect(formatDistance(12.6, 'km')).toBe('13 km');
    expect(formatDistance(2500.4, 'km')).toBe('2,500 km');
  });

  it('converts to miles for miles', () => {
    expect(formatDistance(1.609344, 'mi')).toBe('1.0 mi');
    expect(formatDistance(5, 'mi')).toBe('3.1 mi');
    expect(formatDistance(32.2, 'mi')).toBe('20 mi');
  });
});

describe('the default unit', () => {
  it('is miles in the US, Great Britain, Liberia and Myanmar, kilometres elsewhere', () => {
    expect(['US', 'gb', 'LR', 'MM'].map(unitForCountry)).toEqual(['mi', 'mi', 'mi', 'mi']);
    expect(['CA', 'DE', 'MX', null].map(unitForCountry)).toEqual(['km', 'km', 'km', 'km']);
  });

  it('follows the region of a browser locale', () => {
    expect(unitForLocale('en-US')).toBe('mi');
    expect(unitForLocale('en-GB')).toBe('mi');
    expect(unitForLocale('en-CA')).toBe('km');
    expect(unitForLocale('de')).toBe('km');
    // "en" alone is likely American English.
    expect(unitForLocale('en')).toBe('mi');
    expect(unitForLocale('not a locale')).toBe('km');
    // A script between language and region, and a numeric region (Latin America: kilometres).
    expect(unitForLocale('zh-Hant-TW')).toBe('km');
    expect(unitForLocale('es-419')).toBe('km');
    expect(unitForLocale('en-us')).toBe('mi');
  });

  it('turns a radius in miles into kilometres for the API', () => {
    expect(toKm(25, 'mi')).toBeCloseTo(40.23, 2);
    expect(toKm(25, 'km')).toBe(25);
  });
});

describe("the viewer's unit (the root layout's, and the server's first discover query: issue 33)", () => {
  it("is a person's choice, else the browser's; a visitor's picked city's, else the browser's", () => {
    expect(viewerDistanceUnit({ distanceUnit: 'km' }, null, 'mi')).toBe('km');
    expect(viewerDistanceUnit({ distanceUnit: null }, { name: 'Boise, ID' }, 'km')).toBe('km');
    expect(viewerDistanceUnit(null, { name: 'Boise, ID' }, 'km')).toBe('mi');
    expect(viewerDistanceUnit(null, null, 'km')).toBe('km');
  });

  it("reads the browser's language on the server from Accept-Language's first tag, as navigator.language says it", () => {
    expect(firstAcceptedLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(firstAcceptedLanguage('de-DE;q=1, en')).toBe('de-DE');
    expect(unitForLocale(firstAcceptedLanguage('en-US,en;q=0.9'))).toBe('mi');
    expect(firstAcceptedLanguage('*')).toBeNull();
    expect(firstAcceptedLanguage('')).toBeNull();
    expect(firstAcceptedLanguage(undefined)).toBeNull();
  });
});
