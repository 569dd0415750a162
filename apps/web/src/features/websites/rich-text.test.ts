// @vitest-environment happy-dom
import { richTextContent, type RichTextContent } from '@huddle/shared/websites';
import { describe, expect, it } from 'vitest';
import { cleanBlock } from './site-document.ts';
import { htmlToRichText, richTextToHtml } from './rich-text.ts';

/** What Puck's rich text field (Tiptap) writes for the formatting the block offers. */
const editorHtml =
  '<h3>Tryouts</h3><p>Bring <strong>boots</strong> and <em>water</em>, read the <a href="/join" target="_blank" rel="noopener">rules</a> or <a href="https://example.org/a?b=1&amp;c=2"><strong>ours</strong></a>.</p>' +
  '<ul><li><p>Saturday</p></li><li><p><em>Sunday</em></p></li></ul><ol><li><p>First</p></li></ol><h4>Small print</h4><p>Line one<br>line two</p>';

const structure: RichTextContent = [
  { type: 'heading3', runs: [{ text: 'Tryouts' }] },
  {
    type: 'paragraph',
    runs: [
      { text: 'Bring ' },
      { text: 'boots', bold: true },
      { text: ' and ' },
      { text: 'water', italic: true },
      { text: ', read the ' },
      { text: 'rules', href: '/join' },
      { text: ' or ' },
      { text: 'ours', bold: true, href: 'https://example.org/a?b=1&c=2' },
      { text: '.' },
    ],
  },
  { type: 'bulletList', items: [[{ text: 'Saturday' }], [{ text: 'Sunday', italic: true }]] },
  { type: 'orderedList', items: [[{ text: 'First' }]] },
  { type: 'heading4', runs: [{ text: 'Small print' }] },
  { type: 'paragraph', runs: [{ text: 'Line one\nline two' }] },
];

describe('rich text between the editor and the stored structure', () => {
  it('reads bold, italic, links, lists and headings from the editor, and writes them back', () => {
    expect(htmlToRichText(editorHtml)).toEqual(structure);
    expect(richTextContent.safeParse(structure).success).toBe(true);
    expect(htmlToRichText(richTextToHtml(structure))).toEqual(structure);
  });

  it('lets no script, handler or javascript: link through, keeping only the text', () => {
    const hostile =
      '<p>Hi <script>alert(1)</script><a href="javascript:alert(1)">click</a><img src="x" onerror="alert(1)"><a href=" JAVASCRIPT:alert(1)">me</a></p>' +
      '<style>p{}</style><iframe>inside a frame</iframe><div onclick="alert(1)">and <b>this</b></div><a href="data:text/html,x">data</a>';
    const content = htmlToRichText(hostile);
    expect(content).toEqual([
      { type: 'paragraph', runs: [{ text: 'Hi clickme' }] },
      { type: 'paragraph', runs: [{ text: 'and ' }, { text: 'this', bold: true }, { text: 'data' }] },
    ]);
    expect(JSON.stringify(content)).not.toMatch(/script|javascript|onerror|onclick|iframe|data:/i);
  });

  it('escapes what it writes for the editor: typed markup stays text', () => {
    const html = richTextToHtml([
      { type: 'paragraph', runs: [{ text: '<script>alert(1)</script>', href: '/a"onmouseover="x' }] },
    ]);
    expect(html).toBe('<p><a href="/a&quot;onmouseover=&quot;x">&lt;script&gt;alert(1)&lt;/script&gt;</a></p>');
    expect(htmlToRichText(html)).toEqual([{ type: 'paragraph', runs: [{ text: '<script>alert(1)</script>' }] }]);
  });

  it('saves the editor’s HTML as the structure (cleanBlock), never as HTML', () => {
    const block = cleanBlock({
      type: 'RichText',
      props: { id: 'text-1', heading: 'About', content: '<p><strong>Hi</strong><script>x()</script></p>', puck: {} },
    });
    expect(block).toEqual({
      type: 'RichText',
      props: { id: 'text-1', heading: 'About', content: [{ type: 'paragraph', runs: [{ text: 'Hi', bold: true }] }] },
    });
  });
});
