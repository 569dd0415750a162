import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './auth-pages.ts';

describe('safeReturnTo', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeReturnTo('/home')).toBe('/home');
    expect(safeReturnTo('/discover/events/12?tab=info#map')).toBe('/discover/events/12?tab=info#map');
  });

  it('drops other sites and anything that is not a path', () => {
    for (const value of [
      null,
      undefined,
      '',
      'home',
      'https://evil.example/home',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(value)).toBeNull();
    }
  });

  it('drops the sign-in pages themselves', () => {
    expect(safeReturnTo('/auth/login')).toBeNull();
    expect(safeReturnTo('/auth?x=1')).toBeNull();
    expect(safeReturnTo('/authors')).toBe('/authors');
  });
});
