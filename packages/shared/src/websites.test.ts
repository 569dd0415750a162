import { describe, expect, it } from 'vitest';
import { richTextBlock, richTextContent, websiteLimits } from './websites.ts';

const paragraph = (runs: object[]) => [{ type: 'paragraph', runs }];

describe('the rich-text block’s structure (decision 041)', () => {
  it('takes bold, italic, links to http(s), uploads and site pages, lists and headings', () => {
    const content = [
      { type: 'heading3', runs: [{ text: 'Tryouts' }] },
      { type: 'heading4', runs: [{ text: 'When' }] },
      ...paragraph([
        { text: 'Bring ', bold: true },
        { text: 'water', italic: true, href: 'https://example.org' },
        { text: 'rules', href: '/join' },
        { text: 'photo', href: '/uploads/a.png' },
      ]),
      { type: 'bulletList', items: [[{ text: 'One' }], [{ text: 'Two', bold: true }]] },
      { type: 'orderedList', items: [[{ text: 'First' }]] },
    ];
    expect(richTextContent.safeParse(content).success).toBe(true);
  });

  it('refuses javascript:, data: and other links, HTML-like nodes and unknown keys', () => {
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '',
    ]) {
      expect(richTextContent.safeParse(paragraph([{ text: 'x', href }])).success, href).toBe(false);
    }
    expect(richTextContent.safeParse([{ type: 'script', runs: [{ text: 'alert(1)' }] }]).success).toBe(false);
    expect(richTextContent.safeParse([{ type: 'html', html: '<script>alert(1)</script>' }]).success).toBe(false);
    expect(richTextContent.safeParse(paragraph([{ text: 'x', style: 'color:red' }])).success).toBe(false);
    expect(richTextContent.safeParse(paragraph([{ text: 'x', bold: 'yes' }])).success).toBe(false);
    expect(richTextContent.safeParse('<p>raw HTML</p>').success).toBe(false);
  });

  it('caps the text across the whole block, and the block keeps no plain `text`', () => {
    const long = 'a'.repeat(websiteLimits.longText / 2 + 1);
    expect(richTextContent.safeParse(paragraph([{ text: long }, { text: long }])).success).toBe(false);
    expect(
      richTextBlock.safeParse({ type: 'RichText', props: { id: 'r', heading: '', text: 'old', content: [] } }).success,
    ).toBe(false);
  });
});
