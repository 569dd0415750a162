import { Puck, type Data } from '@puckeditor/core';
// Without the remote font import of puck.css: the CSP allows styles from Huddle only, and visitors' browsers need not call a font host.
import '@puckeditor/core/no-external.css';
import {
  pagePath,
  websiteFonts,
  websiteMessages,
  type WebsiteDraft,
  type WebsitePage,
} from '@huddle/contracts/websites';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  ColorInput,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { createContext, useContext, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ImageUrlInput } from '../../../components/ui/image-url-input.tsx';
import { usePublishWebsite } from '../../../features/websites/api/websites.ts';
import {
  addPage,
  blockLabels,
  cleanBlock,
  movePage,
  removePage,
  updatePage,
} from '../../../features/websites/site-document.ts';
import { useDraftAutosave, type SaveStatus } from '../../../features/websites/use-draft-autosave.ts';
import { LeaveGuard } from '../../../features/websites/components/leave-guard.tsx';
import { AddBlockControl } from './add-block-control.tsx';
import { createPuckConfig, toEditorProps } from './puck-config.tsx';
import { SiteContext, useSite } from '../../../features/websites/components/site-context.ts';
import { PageHeading, SiteFrame } from './site-view.tsx';
import { randomUuid } from '../../../lib/random-uuid.ts';

/** The site's title and the page being edited, for the canvas's frame (Puck draws it as its root). */
const MetaForFrame = createContext<{ title: string; page: WebsitePage | null }>({ title: '', page: null });

/** The canvas in the site's own frame: the preview in the editor is what visitors get. */
function SiteFrameFromContext({ children }: { children: ReactNode }) {
  const { document, teamId, basePath } = useSite();
  const { title, page } = useContext(MetaForFrame);
  return (
    <SiteFrame title={title} document={document} teamId={teamId} basePath={basePath} current={page} editing>
      {page && <PageHeading title={title} page={page} />}
      {children}
    </SiteFrame>
  );
}

/** Where a refused field is, in words: "Join, block 1 (Hero): buttonHref". */
function describeField(field: string, document: WebsiteDraft['document']): string {
  const match = /^document\.pages\.(\d+)(?:\.content\.(\d+)\.props\.(.+))?/.exec(field);
  if (!match) return field.replace(/^(document|meta)\./, '');
  const page = document.pages[Number(match[1])];
  if (match[2] === undefined) return `Page ${page?.title ?? ''}: ${field.split('.').pop() ?? ''}`;
  const block = page?.content[Number(match[2])];
  return `${page?.title ?? ''}, block ${Number(match[2]) + 1}${block ? ` (${blockLabels[block.type]})` : ''}: ${match[3]}`;
}

const richTextAsValue: ComponentProps<typeof Puck>['fieldTransforms'] = { richtext: ({ value }) => value as unknown };

/** Puck's own Publish button gives way to an Add block control: publishing is the builder's (above). */
const puckOverrides = { headerActions: () => <AddBlockControl /> };

const statusText: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Not saved yet',
  failed: 'Not saved',
  conflict: 'Not saved',
};

/** The server's message for one field of the document ("document.pages.1.path"), if any. */
const fieldError = (fields: Record<string, string> | undefined, path: string) => fields?.[path];

function PagesPanel({
  pages,
  editingId,
  onEdit,
  onChange,
  errors,
}: {
  pages: WebsitePage[];
  editingId: string;
  onEdit: (pageId: string) => void;
  onChange: (change: (pages: WebsitePage[]) => WebsitePage[] | null, pageIdToEdit?: string) => void;
  errors: Record<string, string> | undefined;
}) {
  const [newTitle, setNewTitle] = useState('');
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={2} size="h4" mb="xs">
        Pages
      </Title>
      <Radio.Group value={editingId} onChange={onEdit} label="Page being edited">
        <Stack gap="md" mt="xs">
          {pages.map((page, index) => {
            const pathProblem = pagePath.safeParse(page.path).success ? undefined : websiteMessages.badPath;
            return (
              <Stack key={page.id} gap={4}>
                <Group gap="xs" wrap="nowrap">
                  <Radio value={page.id} aria-label={`Edit ${page.title}`} />
                  <TextInput
                    label="Title"
                    size="xs"
                    value={page.title}
                    maxLength={80}
                    error={fieldError(errors, `document.pages.${index}.title`)}
                    onChange={(event) => {
                      const title = event.currentTarget.value;
                      onChange((all) => all.map((each) => (each.id === page.id ? { ...each, title } : each)));
                    }}
                    style={{ flex: 1 }}
                  />
                </Group>
                <TextInput
                  label="Path"
                  size="xs"
                  leftSection={<Text size="xs">/</Text>}
                  value={page.path}
                  disabled={index === 0}
                  description={index === 0 ? 'The home page' : undefined}
                  error={pathProblem ?? fieldError(errors, `document.pages.${index}.path`)}
                  onChange={(event) => {
                    const path = event.currentTarget.value.toLowerCase();
                    onChange((all) => all.map((each) => (each.id === page.id ? { ...each, path } : each)));
                  }}
                />
                {index > 0 && (
                  <Group gap={4}>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move ${page.title} up`}
                      disabled={index === 1}
                      onClick={() => onChange(() => null, `up:${page.id}`)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move ${page.title} down`}
                      disabled={index === pages.length - 1}
                      onClick={() => onChange(() => null, `down:${page.id}`)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      color="red"
                      aria-label={`Delete ${page.title}`}
                      onClick={() => {
                        if (window.confirm(`Delete the page ${page.title}?`)) onChange(() => null, `delete:${page.id}`);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Radio.Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!newTitle.trim()) return;
          onChange(() => null, `add:${newTitle.trim()}`);
          setNewTitle('');
        }}
      >
        <Group align="flex-end" gap="xs" mt="md">
          <TextInput
            label="New page"
            size="xs"
            maxLength={80}
            value={newTitle}
            onChange={(event) => setNewTitle(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" size="xs" disabled={pages.length >= 12}>
            Add page
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** site/build/{id}: the pages, theme and preview meta beside Puck's editor of the page being edited. */
export function SiteBuilder({ initial }: { initial: WebsiteDraft }) {
  const { draft, update, status, error, dirty, flush, retry } = useDraftAutosave(initial);
  const [editingId, setEditingId] = useState(initial.document.pages[0]?.id ?? '');
  const [published, setPublished] = useState(initial.published);
  const publish = usePublishWebsite();
  const teamId = initial.team?.id ?? null;
  const { document, meta } = draft;
  const page = document.pages.find((each) => each.id === editingId) ?? document.pages[0];
  const errors = error?.fieldMessages;
  const basePath = teamId ? `/organization/${teamId}` : `/site/view/${initial.id}`;

  const config = useMemo(
    () => createPuckConfig((children: ReactNode) => <SiteFrameFromContext>{children}</SiteFrameFromContext>),
    [],
  );
  const puckData = useMemo(
    () =>
      ({
        root: { props: {} },
        content: (page?.content ?? []).map((block) => ({ ...block, props: toEditorProps(block.type, block.props) })),
      }) as unknown as Data,
    // Puck keeps its own state (and undo history) for the page; it starts from the page's blocks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page?.id],
  );

  const onPagesChange = (change: (pages: WebsitePage[]) => WebsitePage[] | null, action?: string) => {
    update((previous) => {
      const [verb, ...rest] = action?.split(':') ?? [];
      const argument = rest.join(':');
      if (verb === 'add') return { ...previous, document: addPage(previous.document, argument, randomUuid()) };
      if (verb === 'up' || verb === 'down')
        return { ...previous, document: movePage(previous.document, argument, verb === 'up' ? -1 : 1) };
      if (verb === 'delete') {
        if (argument === editingId) setEditingId(previous.document.pages[0]?.id ?? '');
        return { ...previous, document: removePage(previous.document, argument) };
      }
      const pages = change(previous.document.pages);
      return pages ? { ...previous, document: { ...previous.document, pages } } : previous;
    });
  };

  const setPublishedTo = async (next: boolean) => {
    if (next && !(await flush())) return;
    const reply = await publish.mutateAsync({ websiteId: initial.id, published: next });
    setPublished(reply.published);
  };

  return (
    <SiteContext.Provider value={{ teamId, basePath, document, editing: true }}>
      <MetaForFrame.Provider value={{ title: meta.title, page: page ?? null }}>
        <LeaveGuard dirty={dirty} />
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Title order={1} size="h3">
                {meta.title}
              </Title>
              <Badge color={published ? 'green' : 'gray'}>{published ? 'Published' : 'Not published'}</Badge>
            </Group>
            <Group gap="xs">
              <Text
                size="sm"
                role="status"
                aria-live="polite"
                c={status === 'failed' || status === 'conflict' ? 'red' : 'dimmed'}
              >
                {statusText[status]}
              </Text>
              {status === 'failed' && (
                <Button size="xs" variant="light" onClick={retry}>
                  Retry
                </Button>
              )}
              <Button
                size="xs"
                variant="default"
                component="a"
                href={`/site/build/${initial.id}/preview/${page?.path ?? ''}`}
                target="_blank"
                onClick={() => void flush()}
              >
                Preview
              </Button>
              {published && (
                <Button size="xs" variant="default" component={Link} to={basePath} target="_blank">
                  View
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to={`/custom-website?site=${initial.id}`}>
                Domain
              </Button>
              {published && (
                <Button
                  size="xs"
                  variant="default"
                  loading={publish.isPending}
                  onClick={() => void setPublishedTo(false)}
                >
                  Unpublish
                </Button>
              )}
              <Button size="xs" loading={publish.isPending} onClick={() => void setPublishedTo(true)}>
                Publish
              </Button>
            </Group>
          </Group>
          {status === 'conflict' && (
            <Alert color="red" title="Not saved">
              {error?.message}{' '}
              <Anchor component="button" onClick={() => window.location.reload()}>
                Reload
              </Anchor>
            </Alert>
          )}
          {status === 'failed' && error && (
            <Alert color="red" title="Not saved — Retry">
              {error.message}
              {error.fields && (
                <ul>
                  {Object.entries(error.fieldMessages).map(([field, message]) => (
                    <li key={field}>
                      {describeField(field, document)}: {message}
                    </li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          {publish.error && <Alert color="red">{publish.error.message}</Alert>}
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              <PagesPanel
                pages={document.pages}
                editingId={page?.id ?? ''}
                onEdit={setEditingId}
                onChange={onPagesChange}
                errors={errors}
              />
              <Paper withBorder p="sm" radius="md">
                <Title order={2} size="h4" mb="xs">
                  Theme
                </Title>
                <Stack gap="xs">
                  <ColorInput
                    label="Primary colour"
                    size="xs"
                    format="hex"
                    value={document.theme.primaryColor}
                    error={fieldError(errors, 'document.theme.primaryColor')}
                    onChange={(primaryColor) =>
                      update((previous) => ({
                        ...previous,
                        document: { ...previous.document, theme: { ...previous.document.theme, primaryColor } },
                      }))
                    }
                  />
                  <ColorInput
                    label="Accent colour"
                    size="xs"
                    format="hex"
                    value={document.theme.accentColor}
                    error={fieldError(errors, 'document.theme.accentColor')}
                    onChange={(accentColor) =>
                      update((previous) => ({
                        ...previous,
                        document: { ...previous.document, theme: { ...previous.document.theme, accentColor } },
                      }))
                    }
                  />
                  <ImageUrlInput
                    label="Logo (https://… or upload)"
                    size="xs"
                    value={document.theme.logoUrl}
                    error={fieldError(errors, 'document.theme.logoUrl')}
                    onChange={(logoUrl) => {
                      update((previous) => ({
                        ...previous,
                        document: { ...previous.document, theme: { ...previous.document.theme, logoUrl } },
                      }));
                    }}
                  />
                  <Select
                    label="Font"
                    size="xs"
                    data={websiteFonts.map((font) => ({ value: font, label: font[0]?.toUpperCase() + font.slice(1) }))}
                    value={document.theme.fontFamily}
                    allowDeselect={false}
                    onChange={(value) => {
                      const fontFamily = websiteFonts.find((font) => font === value);
                      if (fontFamily)
                        update((previous) => ({
                          ...previous,
                          document: { ...previous.document, theme: { ...previous.document.theme, fontFamily } },
                        }));
                    }}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="sm" radius="md">
                <Title order={2} size="h4" mb="xs">
                  Link previews
                </Title>
                <Stack gap="xs">
                  <TextInput
                    label="Site title"
                    size="xs"
                    maxLength={80}
                    value={meta.title}
                    error={fieldError(errors, 'meta.title')}
                    onChange={(event) => {
                      const title = event.currentTarget.value;
                      update((previous) => ({ ...previous, meta: { ...previous.meta, title } }));
                    }}
                  />
                  <Textarea
                    label="Description"
                    size="xs"
                    maxLength={300}
                    autosize
                    minRows={2}
                    value={meta.description}
                    error={fieldError(errors, 'meta.description')}
                    onChange={(event) => {
                      const description = event.currentTarget.value;
                      update((previous) => ({ ...previous, meta: { ...previous.meta, description } }));
                    }}
                  />
                  <ImageUrlInput
                    label="Preview image (https://… or upload)"
                    size="xs"
                    value={meta.logoUrl}
                    error={fieldError(errors, 'meta.logoUrl')}
                    onChange={(logoUrl) => {
                      update((previous) => ({ ...previous, meta: { ...previous.meta, logoUrl } }));
                    }}
                  />
                </Stack>
              </Paper>
            </SimpleGrid>
            <div style={{ minWidth: 0, width: '100%' }}>
              {page && (
                <Puck
                  key={page.id}
                  config={config}
                  data={puckData}
                  headerTitle={`Editing: ${page.title}`}
                  height="80dvh"
                  iframe={{ enabled: false }}
                  overrides={puckOverrides}
                  // The rich text block draws its field's HTML through the stored structure (puck-config.tsx),
                  // as visitors will see it: Puck's own richtext render is left out.
                  fieldTransforms={richTextAsValue}
                  onChange={(data: Data) => {
                    const content = data.content
                      .map((block) => cleanBlock(block as { type: string; props: Record<string, unknown> }))
                      .filter((block) => block !== null);
                    update((previous) => {
                      const current = previous.document.pages.find((each) => each.id === page.id);
                      if (!current || JSON.stringify(current.content) === JSON.stringify(content)) return previous;
                      return { ...previous, document: updatePage(previous.document, page.id, { content }) };
                    });
                  }}
                />
              )}
            </div>
          </Stack>
        </Stack>
      </MetaForFrame.Provider>
    </SiteContext.Provider>
  );
}
