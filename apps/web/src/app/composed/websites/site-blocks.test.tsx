import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageBlock } from './site-blocks.tsx';

/** Decision 044: the stored size becomes the picture's width and height, so the page keeps its space. */
describe('the image block on a site page', () => {
  const props = { id: 'Image-1', url: '/uploads/team.png', alt: 'The team', caption: 'Spring 2027' };

  it('draws the stored size as width and height attributes', () => {
    const html = renderToStaticMarkup(<ImageBlock {...props} width={1200} height={800} />);
    expect(html).toContain('width="1200"');
    expect(html).toContain('height="800"');
    expect(html).toContain('alt="The team"');
  });

  it('still draws a block saved before sizes, without them', () => {
    const html = renderToStaticMarkup(<ImageBlock {...props} />);
    expect(html).toContain('src="/uploads/team.png"');
    expect(html).not.toMatch(/width=|height=/);
  });
});
