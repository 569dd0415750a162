import { describe, expect, it } from 'vitest';
import { contrastRatio, darkText, lightText, readableTextOn } from './readable-text.ts';

describe('text on a site theme colour', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The demo site's primary green against white, both ways round.
    expect(contrastRatio('#1f7a4d', '#ffffff')).toBeCloseTo(5.32, 2);
    expect(contrastRatio('#ffffff', '#1f7a4d')).toBeCloseTo(5.32, 2);
  });

  it('puts dark text on light colours and white text on dark ones', () => {
    expect(readableTextOn('#f76707')).toBe(darkText); // the default orange accent
    expect(readableTextOn('#ffd43b')).toBe(darkText); // yellow
    expect(readableTextOn('#1f7a4d')).toBe(lightText); // the default green primary
    expect(readableTextOn('#1c2b5a')).toBe(lightText); // navy
    expect(readableTextOn('#000000')).toBe(lightText);
    expect(readableTextOn('#FFFFFF')).toBe(darkText);
  });

  it('reaches WCAG AA (4.5:1) on every grey and on every colour channel extreme', () => {
    for (let level = 0; level <= 255; level += 5) {
      const hex = `#${level.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(4.5);
    }
    for (const hex of ['#ff0000', '#00ff00', '#0000ff', '#ff00ff', '#00ffff', '#808000', '#7f7f7f', '#767676']) {
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
