import { Anchor, Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { CustomDomainsPanel } from '../../features/custom-domains/components/custom-domains-panel.tsx';
import { useMyWebsites } from '../../features/websites/api/websites.ts';
import { usePageName } from '../use-page-name.ts';

/**
 * custom-website (spec §2): a website served on the organizer's own domain. `?site={id}` picks the
 * website (the builder and the site list link here with it); without it, the person's websites.
 */
export function Component() {
  usePageName('Custom domain');
  const [search] = useSearchParams();
  const websiteId = search.get('site');
  const sites = useMyWebsites();
  const site = sites.data?.websites.find((item) => item.id === websiteId);
  return (
    <Stack gap="lg" maw={800}>
      <Title order={1}>Custom domain</Title>
      <Text>
        Serve a website on your own domain. Visitors there see the published site and its forms; the site must be
        published.
      </Text>
      {sites.isError && <Alert color="red">{sites.error.message}</Alert>}
      {websiteId ? (
        <>
          {site && (
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h3">
                {site.title}
              </Title>
              <Button size="xs" variant="default" component={Link} to={`/site/build/${site.id}`}>
                Edit the website
              </Button>
            </Group>
          )}
          <CustomDomainsPanel websiteId={websiteId} />
          <Anchor component={Link} to="/custom-website" size="sm">
            Another website
          </Anchor>
        </>
      ) : (
        <Stack gap="sm">
          {sites.data?.websites.length === 0 && (
            <Text c="dimmed">
              You have no websites yet.{' '}
              <Anchor component={Link} to="/site">
                Create one
              </Anchor>
            </Text>
          )}
          {sites.data?.websites.map((item) => (
            <Card key={item.id} withBorder radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>{item.title}</Text>
                <Button size="xs" component={Link} to={`/custom-website?site=${item.id}`}>
                  Domains
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
