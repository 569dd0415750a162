import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { linkParts } from '../../lib/link-parts.ts';

/** Text (a message, a post) with its links clickable (in a new tab, no referrer). */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        'link' in part ? (
          <Anchor
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            fw={600}
            c="inherit"
            underline="always"
          >
            {part.link}
          </Anchor>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
