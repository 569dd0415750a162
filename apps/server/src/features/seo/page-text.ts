/** The words of the public pages' <head> (issue 33): short, flat, and absolute where a crawler reads them. */

/** A description is one preview line: the first 200 characters of the page's own words. */
export function previewText(text: string | null | undefined, max = 200): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}...` : flat;
}

/** Stored photos are paths on Huddle's origin ("/uploads/…"); previews need the whole URL. */
export const absoluteUrl = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);
