import type { BlockProps, WebsiteBlock, WebsiteBlockType, WebsiteDocument, WebsitePage } from '@huddle/shared/websites';
import { htmlToRichText } from './rich-text.ts';

/** What a block starts with when dropped on a page (and the only props a saved block keeps). */
export const blockDefaults: { [T in WebsiteBlockType]: Omit<BlockProps<T>, 'id'> } = {
  Hero: { heading: 'Welcome', text: '', imageUrl: '', buttonLabel: '', buttonHref: '' },
  RichText: { heading: '', content: [{ type: 'paragraph', runs: [{ text: 'Write something about your team.' }] }] },
  Image: { url: '', alt: '', caption: '' },
  Gallery: { heading: 'Gallery', images: [] },
  UpcomingEvents: { heading: 'Upcoming games', limit: 5 },
  Seasons: { heading: 'Seasons' },
  Form: { heading: 'Registration', formId: '', buttonLabel: 'Send' },
  Schedule: { heading: 'Schedule' },
  Roster: { heading: 'Players' },
  Contact: { heading: 'Contact us', text: '', email: '', phone: '', address: '' },
  Map: { heading: 'Where we play' },
  Sponsors: { heading: 'Our sponsors', sponsors: [] },
};

export const blockLabels: Record<WebsiteBlockType, string> = {
  Hero: 'Hero',
  RichText: 'Rich text',
  Image: 'Image',
  Gallery: 'Gallery',
  UpcomingEvents: 'Upcoming events',
  Seasons: 'Seasons',
  Form: 'Form',
  Schedule: 'Schedule',
  Roster: 'Roster',
  Contact: 'Contact',
  Map: 'Map of places',
  Sponsors: 'Sponsors',
};

const pick = <T extends object>(value: Record<string, unknown>, template: T): T =>
  Object.fromEntries(Object.keys(template).map((key) => [key, value[key] ?? template[key as keyof T]])) as T;

/**
 * A block as the server takes it: the editor adds its own keys to props and list items (ids for
 * drag and drop), which the strict document schema would refuse. Only the block's own keys stay.
 */
export function cleanBlock(block: { type: string; props: Record<string, unknown> }): WebsiteBlock | null {
  if (!(block.type in blockDefaults)) return null;
  const type = block.type as WebsiteBlockType;
  const props: Record<string, unknown> = {
    id: String(block.props.id ?? ''),
    ...pick(block.props, blockDefaults[type]),
  };
  // The editor holds formatted text as HTML; the document as a structure (decision 041).
  if (type === 'RichText' && typeof props.content === 'string') props.content = htmlToRichText(props.content);
  // The picture's measured size (decision 044), when it has one; older blocks have none.
  if (type === 'Image') {
    const { width, height } = block.props;
    if (typeof width === 'number' && typeof height === 'number') Object.assign(props, { width, height });
  }
  if (type === 'Gallery')
    props.images = (props.images as Record<string, unknown>[]).map((image) => pick(image, { url: '', alt: '' }));
  if (type === 'Sponsors')
    props.sponsors = (props.sponsors as Record<string, unknown>[]).map((sponsor) =>
      pick(sponsor, { name: '', logoUrl: '', href: '' }),
    );
  return { type, props } as WebsiteBlock;
}

/** A page's path from its title: lowercase words joined by dashes. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      // Accents come apart from their letters (é is e and a mark): drop the marks, keep the letters.
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
  );
}

/** A path no other page has, from the wanted one ("about", "about-2", …). */
export function freePath(document: WebsiteDocument, wanted: string, exceptPageId?: string): string {
  const taken = new Set(document.pages.filter((page) => page.id !== exceptPageId).map((page) => page.path));
  const base = wanted || 'page';
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) if (!taken.has(`${base}-${index}`)) return `${base}-${index}`;
}

export function addPage(document: WebsiteDocument, title: string, id: string): WebsiteDocument {
  const page: WebsitePage = { id, title, path: freePath(document, slugify(title)), content: [] };
  return { ...document, pages: [...document.pages, page] };
}

export function updatePage(
  document: WebsiteDocument,
  pageId: string,
  change: Partial<Omit<WebsitePage, 'id'>>,
): WebsiteDocument {
  return { ...document, pages: document.pages.map((page) => (page.id === pageId ? { ...page, ...change } : page)) };
}

/** Moves a page up or down; the home page (first, path '') stays first. */
export function movePage(document: WebsiteDocument, pageId: string, by: -1 | 1): WebsiteDocument {
  const from = document.pages.findIndex((page) => page.id === pageId);
  const to = from + by;
  if (from <= 0 || to <= 0 || to >= document.pages.length) return document;
  const pages = [...document.pages];
  const [moved] = pages.splice(from, 1);
  if (moved) pages.splice(to, 0, moved);
  return { ...document, pages };
}

export function removePage(document: WebsiteDocument, pageId: string): WebsiteDocument {
  if (document.pages[0]?.id === pageId) return document;
  return { ...document, pages: document.pages.filter((page) => page.id !== pageId) };
}

/** The address of a site page, on the site's own address or its team's (organization/{id}). */
export function sitePageHref(base: string, path: string): string {
  // A site at a host's root (a custom domain) has the empty base: its home is "/".
  return path ? `${base}/${path}` : base || '/';
}
