import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts.ts';

describe('links in a message', () => {
  it('makes http(s) and www. addresses links, leaving the sentence around them as text', () => {
    expect(linkParts('Court map: https://example.com/court?x=1. See www.huddle.test, ok')).toEqual([
      { text: 'Court map: ' },
      { link: 'https://example.com/court?x=1', href: 'https://example.com/court?x=1' },
      { text: '. See ' },
      { link: 'www.huddle.test', href: 'https://www.huddle.test' },
      { text: ', ok' },
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    expect(linkParts('javascript:alert(1) <a href="x">y</a>')).toEqual([
      { text: 'javascript:alert(1) <a href="x">y</a>' },
    ]);
  });
});
