import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

/** http(s) links and www. addresses; anything else stays text (never HTML). */
const linkPattern = /\b(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)/gi;
/** Trailing punctuation usually ends the sentence, not the link. */
const trailing = /[.,!?;:)\]]+$/;

export function LinkifiedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const link = raw.replace(trailing, '');
    parts.push(text.slice(last, start));
    const href = link.startsWith('www.') ? `https://${link}` : link;
    parts.push(
      <Anchor key={start} href={href} target="_blank" rel="noopener noreferrer nofollow" c="inherit" underline="always">
        {link}
      </Anchor>,
    );
    last = start + link.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
