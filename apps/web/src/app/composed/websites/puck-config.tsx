import type { Config, CustomField, Fields } from '@puckeditor/core';
import { websiteLimits, type BlockProps, type WebsiteBlockType } from '@huddle/shared/websites';
import type { ReactNode } from 'react';
import { ImageUrlInput } from '../../../components/ui/image-url-input.tsx';
import { blockDefaults, blockLabels } from '../../../features/websites/site-document.ts';
import { htmlToRichText, richTextToHtml } from '../../../features/websites/rich-text.ts';
import { imageSizeResolver } from '../../../features/websites/image-size.ts';
import { FormPickerField } from '../../../features/websites/components/form-picker-field.tsx';
import {
  Contact,
  FormBlock,
  Gallery,
  Hero,
  ImageBlock,
  PlacesMap,
  RichText,
  Roster,
  Schedule,
  Seasons,
  Sponsors,
  UpcomingEvents,
} from './site-blocks.tsx';

type Props = { [T in WebsiteBlockType]: BlockProps<T> };

const heading = { type: 'text', label: 'Heading' } as const;
const url = (label: string) => ({ type: 'text', label }) as const;
/** A picture's address with an Upload button beside it (issue 15): typed, or stored by Huddle. */
const image = (label: string): CustomField<string> => ({
  type: 'custom',
  label,
  render: ({ value, onChange, readOnly }) => (
    <ImageUrlInput label={label} size="xs" value={value ?? ''} onChange={onChange} disabled={readOnly} />
  ),
});

/** Each block's fields in the builder's side panel; the canvas draws the visitors' components. */
const fields: { [T in WebsiteBlockType]: Fields<Omit<Props[T], 'id'>> } = {
  Hero: {
    heading,
    text: { type: 'textarea', label: 'Text' },
    imageUrl: image('Background image (https://… or upload)'),
    buttonLabel: { type: 'text', label: 'Button label' },
    buttonHref: url('Button link (a page path such as /join, or https://…)'),
  },
  // Puck's own rich text field (Tiptap): only what the stored structure can say (decision 041).
  RichText: {
    heading,
    content: {
      type: 'richtext',
      label: 'Text',
      contentEditable: false,
      options: {
        heading: { levels: [3, 4] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        textAlign: false,
      },
    } as unknown as Fields<Omit<Props['RichText'], 'id'>>['content'],
  },
  Image: {
    url: image('Image (https://… or upload)'),
    alt: { type: 'text', label: 'Description for screen readers' },
    caption: { type: 'text', label: 'Caption' },
  },
  Gallery: {
    heading,
    images: {
      type: 'array',
      label: 'Images',
      max: websiteLimits.galleryImages,
      arrayFields: { url: image('Image (https://… or upload)'), alt: { type: 'text', label: 'Description' } },
      defaultItemProps: { url: '', alt: '' },
      getItemSummary: (item, index) => item.alt || `Image ${(index ?? 0) + 1}`,
    },
  },
  UpcomingEvents: { heading, limit: { type: 'number', label: 'How many', min: 1, max: 20 } },
  Seasons: { heading },
  Form: {
    heading,
    formId: { type: 'custom', label: 'Form', render: FormPickerField },
    buttonLabel: { type: 'text', label: 'Button label' },
  },
  Schedule: { heading },
  Roster: { heading },
  Contact: {
    heading,
    text: { type: 'textarea', label: 'Text' },
    email: { type: 'text', label: 'Email' },
    phone: { type: 'text', label: 'Phone' },
    address: { type: 'text', label: 'Address' },
  },
  Map: { heading },
  Sponsors: {
    heading,
    sponsors: {
      type: 'array',
      label: 'Sponsors',
      max: websiteLimits.sponsors,
      arrayFields: {
        name: { type: 'text', label: 'Name' },
        logoUrl: image('Logo (https://… or upload)'),
        href: url('Website (https://…)'),
      },
      defaultItemProps: { name: 'Sponsor', logoUrl: '', href: '' },
      getItemSummary: (item) => item.name || 'Sponsor',
    },
  },
};

const renders: { [T in WebsiteBlockType]: (props: Props[T]) => ReactNode } = {
  Hero,
  // In the editor the text is the field's HTML: drawn from the structure it will be saved as.
  RichText: ({ content, ...props }) => (
    <RichText {...props} content={typeof content === 'string' ? htmlToRichText(content) : content} />
  ),
  Image: ImageBlock,
  Gallery,
  UpcomingEvents,
  Seasons,
  Form: FormBlock,
  Schedule,
  Roster,
  Contact,
  Map: PlacesMap,
  Sponsors,
};

/** A block's props as the editor holds them: formatted text as the rich text field's HTML. */
export function toEditorProps<P extends object>(type: string, props: P): P {
  if (type !== 'RichText' || !('content' in props) || typeof props.content === 'string') return props;
  return { ...props, content: richTextToHtml(props.content as BlockProps<'RichText'>['content']) };
}

/** Puck's configuration: the blocks, grouped, each with its fields, defaults and visitor render. */
export function createPuckConfig(frame: (children: ReactNode) => ReactNode): Config {
  const components = Object.fromEntries(
    (Object.keys(blockDefaults) as WebsiteBlockType[]).map((type) => {
      const Render = renders[type] as (props: Props[typeof type]) => ReactNode;
      return [
        type,
        {
          label: blockLabels[type],
          fields: fields[type],
          defaultProps: toEditorProps(type, blockDefaults[type]),
          // An image block measures its picture when the address changes (decision 044).
          ...(type === 'Image' && { resolveData: imageSizeResolver() }),
          render: ({
            puck: _puck,
            editMode: _editMode,
            ...props
          }: Props[typeof type] & { puck?: unknown; editMode?: unknown }) => (
            <Render {...(props as Props[typeof type])} />
          ),
        },
      ];
    }),
  ) as Config['components'];
  return {
    components,
    categories: {
      content: { title: 'Content', components: ['Hero', 'RichText', 'Image', 'Gallery', 'Contact', 'Sponsors'] },
      live: { title: 'Team (live)', components: ['UpcomingEvents', 'Schedule', 'Seasons', 'Form', 'Roster', 'Map'] },
    },
    root: { render: (props: object) => <>{frame((props as { children?: ReactNode }).children)}</> },
  };
}
