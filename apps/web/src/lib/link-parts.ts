/** http(s) links and www. addresses; anything else stays text (never HTML). */
const linkPattern = /\b(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)/gi;
/** Trailing punctuation usually ends the sentence, not the link. */
const trailing = /[.,!?;:)\]]+$/;

export type TextPart = { text: string } | { link: string; href: string };

/** A message's text cut into plain runs and links, in order. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index ?? 0;
    const link = match[0].replace(trailing, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ link, href: link.toLowerCase().startsWith('www.') ? `https://${link}` : link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
