import type { CustomDomain, CustomDomainState } from '@huddle/shared/custom-domains';
import { addCustomDomainBody } from '@huddle/contracts/custom-domains';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddDomain, useCheckDomain, useRemoveDomain, useWebsiteDomains } from '../api/custom-domains.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

const stateLabels: Record<CustomDomainState, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  verified: { label: 'Verified', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

function DomainCard({ domain, websiteId }: { domain: CustomDomain; websiteId: string }) {
  const check = useCheckDomain(websiteId);
  const remove = useRemoveDomain(websiteId);
  const state = stateLabels[domain.state];
  const headingId = `domain-${domain.id}`;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Title>
          <Badge color={state.color} aria-label={`State: ${state.label}`}>
            {state.label}
          </Badge>
        </Group>
        {domain.state === 'failed' && domain.failureReason && <ErrorText>{domain.failureReason}</ErrorText>}
        {domain.state === 'verified' ? (
          <Text size="sm">
            Visitors of{' '}
            <a href={`https://${domain.domain}/`} target="_blank" rel="noreferrer">
              {domain.domain}
            </a>{' '}
            see this website.
          </Text>
        ) : (
          <>
            <Text size="sm">Create these records at your domain’s DNS provider, then check:</Text>
            <Stack gap={6} role="list" aria-label={`DNS records for ${domain.domain}`}>
              {domain.records.map((record) => (
                <Text key={record.type} role="listitem" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  <strong>{record.type}</strong> {record.name} → {record.value}
                </Text>
              ))}
            </Stack>
          </>
        )}
        <Group gap="xs">
          <Button size="xs" loading={check.isPending} onClick={() => check.mutate(domain.id)}>
            Check now
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(domain.id)}
            aria-label={`Remove ${domain.domain}`}
          >
            Remove
          </Button>
        </Group>
        {(check.error ?? remove.error) && <ErrorText>{(check.error ?? remove.error)?.message}</ErrorText>}
      </Stack>
    </Card>
  );
}

/**
 * custom-website (spec §2): the website's own domains. The organizer adds a name, creates the two
 * records Huddle shows, and checks; Huddle also re-checks on its own every few minutes.
 */
export function CustomDomainsPanel({ websiteId }: { websiteId: string }) {
  const domains = useWebsiteDomains(websiteId);
  const add = useAddDomain(websiteId);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { domain: '' },
    validate: schemaResolver(addCustomDomainBody, { sync: true }),
  });
  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit(({ domain }) =>
            add.mutate(domain, {
              onSuccess: () => form.reset(),
              onError: (error) => {
                if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
              },
            }),
          )}
        >
          <Stack gap="sm">
            <TextInput
              label="Domain"
              description="For example club.example.com"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              key={form.key('domain')}
              {...form.getInputProps('domain')}
            />
            <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
              Add domain
            </Button>
          </Stack>
          {add.error && !(add.error instanceof ApiError && add.error.fields) && (
            <Alert color="red" mt="sm">
              {add.error.message}
            </Alert>
          )}
        </form>
      </Card>
      {domains.isError && <Alert color="red">{domains.error.message}</Alert>}
      {domains.data?.domains.length === 0 && <Text c="dimmed">This website has no domain of its own yet.</Text>}
      {domains.data?.domains.map((domain) => (
        <DomainCard key={domain.id} domain={domain} websiteId={websiteId} />
      ))}
    </Stack>
  );
}
