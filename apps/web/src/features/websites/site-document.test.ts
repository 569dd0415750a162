import { pageByPath, templateDocument } from '@huddle/shared/website-templates';
import { websiteDocument, websiteTemplates } from '@huddle/contracts/websites';
import { describe, expect, it } from 'vitest';
import { addPage, cleanBlock, freePath, movePage, removePage, slugify } from './site-document.ts';

describe('templates (spec §3 default values)', () => {
  it.each(websiteTemplates)('%s starts valid, with a home page named after the team', (template) => {
    const document = templateDocument(template, 'Riverside FC');
    expect(websiteDocument.safeParse(document).success).toBe(true);
    const home = document.pages[0];
    expect(home?.path).toBe('');
    expect(home?.content[0]).toMatchObject({ type: 'Hero', props: { heading: 'Riverside FC' } });
  });

  it('differ: a league has a schedule, a club does not', () => {
    expect(pageByPath(templateDocument('league', 'L'), 'schedule')?.title).toBe('Schedule');
    expect(pageByPath(templateDocument('club', 'C'), 'schedule')).toBeUndefined();
  });
});

describe('pageByPath', () => {
  const document = templateDocument('club', 'Riverside FC');
  it('finds home for no sub-path, and pages by path whatever the slashes and case', () => {
    expect(pageByPath(document, undefined)?.title).toBe('Home');
    expect(pageByPath(document, '/')?.title).toBe('Home');
    expect(pageByPath(document, 'Join/')?.title).toBe('Join');
    expect(pageByPath(document, 'nope')).toBeUndefined();
  });
});

describe('page editing', () => {
  const document = templateDocument('club', 'Riverside FC');
  it('adds a page with a free path from its title', () => {
    const next = addPage(addPage(document, 'About us!', 'a'), 'About us', 'b');
    expect(next.pages.slice(-2).map((page) => page.path)).toEqual(['about-us', 'about-us-2']);
    expect(freePath(next, 'join')).toBe('join-2');
    expect(slugify('  Été & Co ')).toBe('ete-co');
  });

  it('keeps home first when moving and removing', () => {
    const [home, join] = document.pages;
    expect(movePage(document, join!.id, -1).pages[0]).toBe(home);
    expect(movePage(document, home!.id, 1)).toBe(document);
    expect(removePage(document, home!.id)).toBe(document);
    expect(removePage(document, join!.id).pages.map((page) => page.title)).toEqual(['Home', 'Contact']);
  });
});

describe('cleanBlock', () => {
  it('keeps only the block’s own props, so the strict schema accepts what the editor made', () => {
    const cleaned = cleanBlock({
      type: 'Gallery',
      props: { id: 'g', heading: 'Pics', images: [{ url: 'https://x.test/a.png', alt: 'A', _arrayId: '1' }], extra: 1 },
    });
    expect(cleaned).toEqual({
      type: 'Gallery',
      props: { id: 'g', heading: 'Pics', images: [{ url: 'https://x.test/a.png', alt: 'A' }] },
    });
    expect(cleanBlock({ type: 'Script', props: { id: 's' } })).toBeNull();
  });

  it('keeps an image block’s measured size (decision 044), and a block without one stays without', () => {
    const image = { id: 'i', url: '/uploads/a.png', alt: 'A', caption: '' };
    expect(cleanBlock({ type: 'Image', props: { ...image, width: 160, height: 120 } })).toEqual({
      type: 'Image',
      props: { ...image, width: 160, height: 120 },
    });
    expect(cleanBlock({ type: 'Image', props: image })).toEqual({ type: 'Image', props: image });
  });
});
