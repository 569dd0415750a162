import type { TournamentDetail } from '@huddle/shared/tournaments';
import { Stack, Table, Text, Title } from '@mantine/core';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

/** Round robin tables, one per pool, ranked by wins, head-to-head, point difference, points scored (decision 050). */
export function StandingsTables({ standings }: { standings: TournamentDetail['standings'] }) {
  return (
    <Stack gap="lg">
      {standings.map((table) => (
        <section key={table.pool} aria-labelledby={`standings-${table.pool}`}>
          <Title order={3} size="h4" id={`standings-${table.pool}`} mb="xs">
            {standings.length > 1 ? `Standings: pool ${table.pool}` : 'Standings'}
          </Title>
          <ScrollingTable label={standings.length > 1 ? `Standings: pool ${table.pool}` : 'Standings'} minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">#</Table.Th>
                  <Table.Th scope="col">Team or player</Table.Th>
                  <Table.Th scope="col" title="Played">
                    P
                  </Table.Th>
                  <Table.Th scope="col" title="Wins">
                    W
                  </Table.Th>
                  <Table.Th scope="col" title="Draws">
                    D
                  </Table.Th>
                  <Table.Th scope="col" title="Losses">
                    L
                  </Table.Th>
                  <Table.Th scope="col" title="Point difference">
                    +/-
                  </Table.Th>
                  <Table.Th scope="col" title="Points scored">
                    PF
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row) => (
                  <Table.Tr key={row.entrantId}>
                    <Table.Td>{row.rank}</Table.Td>
                    <Table.Th scope="row" fw={500}>
                      {row.name}
                    </Table.Th>
                    <Table.Td>{row.played}</Table.Td>
                    <Table.Td>{row.wins}</Table.Td>
                    <Table.Td>{row.draws}</Table.Td>
                    <Table.Td>{row.losses}</Table.Td>
                    <Table.Td>{row.pointDifference > 0 ? `+${row.pointDifference}` : row.pointDifference}</Table.Td>
                    <Table.Td>{row.pointsFor}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollingTable>
        </section>
      ))}
      <Text size="xs" c="dimmed">
        Ties on wins are split by head-to-head, then point difference, then points scored.
      </Text>
    </Stack>
  );
}
