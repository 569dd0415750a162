import { websiteMessages, websiteTemplates, type WebsiteTemplate } from '@huddle/shared/websites';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMyTeams } from '../../features/teams/api/list-my-teams.ts';
import { useDeleteWebsite, useMyWebsites, usePublishWebsite } from '../../features/websites/api/websites.ts';
import { usePageName } from '../use-page-name.ts';
import { ErrorText } from '../../components/ui/error-text.tsx';

const templateLabels: Record<WebsiteTemplate, string> = { club: 'Club', league: 'League' };

/** site (spec §2): your websites, with Edit, View, their publish state and Delete; and a new one from a template. */
export function Component() {
  usePageName('Websites');
  const sites = useMyWebsites();
  const teams = useMyTeams();
  const publish = usePublishWebsite();
  const remove = useDeleteWebsite();
  const navigate = useNavigate();
  const [template, setTemplate] = useState<WebsiteTemplate>('club');
  const [teamId, setTeamId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const organized = (teams.data?.teams ?? []).filter((team) => team.role === 'owner' || team.role === 'organizer');
  const hasSite = new Set((sites.data?.websites ?? []).map((site) => site.team?.id));

  return (
    <Stack gap="lg" maw={800}>
      <Title order={1}>Websites</Title>
      <Card withBorder radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const search = new URLSearchParams({ template, ...(teamId ? { teamId } : {}) });
            void navigate(`/site/build?${search.toString()}`);
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              New website
            </Title>
            <Group grow align="flex-end" wrap="wrap">
              <Select
                label="Template"
                data={websiteTemplates.map((value) => ({ value, label: templateLabels[value] }))}
                value={template}
                allowDeselect={false}
                onChange={(value) => setTemplate((value as WebsiteTemplate | null) ?? 'club')}
              />
              <Select
                label="For"
                placeholder="Just me"
                clearable
                data={organized.map((team) => ({
                  value: team.id,
                  label: team.name,
                  disabled: hasSite.has(team.id),
                }))}
                value={teamId}
                onChange={setTeamId}
              />
            </Group>
            <Button type="submit" style={{ alignSelf: 'flex-start' }}>
              Create website
            </Button>
          </Stack>
        </form>
      </Card>
      {sites.isError && <Alert color="red">{sites.error.message}</Alert>}
      {sites.data?.websites.length === 0 && <Text c="dimmed">You have no websites yet.</Text>}
      <Stack gap="sm">
        {sites.data?.websites.map((site) => {
          const viewPath = site.team ? `/organization/${site.team.id}` : `/site/view/${site.id}`;
          return (
            <Card key={site.id} withBorder radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={700}>{site.title}</Text>
                  <Group gap="xs">
                    <Badge color={site.published ? 'green' : 'gray'}>
                      {site.published ? 'Published' : 'Not published'}
                    </Badge>
                    {site.hasUnpublishedChanges && <Badge color="yellow">Unpublished changes</Badge>}
                    {site.team && <Text size="sm">{site.team.name}</Text>}
                  </Group>
                </Stack>
                <Group gap="xs">
                  <Button size="xs" component={Link} to={`/site/build/${site.id}`}>
                    Edit
                  </Button>
                  {site.published && (
                    <Button size="xs" variant="default" component={Link} to={viewPath}>
                      View
                    </Button>
                  )}
                  <Button size="xs" variant="default" component={Link} to={`/custom-website?site=${site.id}`}>
                    Domain
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    loading={publish.isPending && publish.variables.websiteId === site.id}
                    onClick={() => publish.mutate({ websiteId: site.id, published: !site.published })}
                  >
                    {site.published ? 'Unpublish' : 'Publish'}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(site.id)}>
                    Delete
                  </Button>
                </Group>
              </Group>
            </Card>
          );
        })}
      </Stack>
      {publish.error && <Alert color="red">{publish.error.message}</Alert>}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete website" centered>
        <Text>{websiteMessages.deleteConfirm}</Text>
        {remove.error && <ErrorText mt="xs">{remove.error.message}</ErrorText>}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
          >
            Delete
          </Button>
        </Group>
      </Modal>
      <Anchor component={Link} to="/my-communities" size="sm">
        Your Communities
      </Anchor>
    </Stack>
  );
}
