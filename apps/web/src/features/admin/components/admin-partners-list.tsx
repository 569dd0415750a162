import { partnerTypeOf } from '@huddle/shared/partners';
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { useAdminPartners } from '../api/admin-partners.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

/** Issue 16/17: every partner, preferred or not; each opens its page with its offers. */
export function AdminPartnersList() {
  const partners = useAdminPartners();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Partners</Title>
        <Button component={Link} to="/admin/partners/new">
          Add a partner
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Venues, shops, coaches and leagues Huddle works with. Only preferred partners are shown to the public.
      </Text>
      {partners.isPending ? (
        <Loader aria-label="Loading the partners" />
      ) : partners.error ? (
        <FormLevelError error={partners.error} />
      ) : partners.data.length === 0 ? (
        <Text c="dimmed">No partners yet.</Text>
      ) : (
        <ScrollingTable label="Partners" minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>Public</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {partners.data.map((partner) => (
                <Table.Tr key={partner.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/admin/partners/${partner.id}`}
                      fw={600}
                      c="inherit"
                      underline="always"
                    >
                      {partner.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{partnerTypeOf(partner.type).one}</Table.Td>
                  <Table.Td>{partner.city?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    {partner.preferred ? (
                      <Badge color="huddle.9">Preferred</Badge>
                    ) : (
                      <Badge color="gray.8">Hidden</Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
    </Stack>
  );
}
