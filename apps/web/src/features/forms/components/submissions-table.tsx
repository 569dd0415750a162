import {
  submissionPaymentStateLabels,
  submissionsCsvPath,
  type FormField,
  type Submission,
} from '@huddle/shared/forms';
import {
  Alert,
  Anchor,
  Box,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../lib/format-cents.ts';
import { useSubmissions } from '../api/list-submissions.ts';
import { formatAnswer, withColon } from '../answer-format.ts';
import { submissionStatusColors, submissionStatusNames } from '../form-status.ts';
import { isChoiceField } from '../field-types.ts';
import { filtersQuery, type SubmissionFilters } from '../submission-filters.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

/** "Deposit paid · $20.00 of $70.00" (decision 036). */
const paymentSummary = ({ payment }: Submission) =>
  payment
    ? `${submissionPaymentStateLabels[payment.state]} · ${formatCents(payment.paidCents)} of ${formatCents(payment.totalCents)}`
    : '—';

const sent = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const pageSize = 25;

/** The first few answered questions, shown as columns (the detail page has them all). */
const summaryFields = (fields: FormField[]) =>
  fields.filter((field) => field.type !== 'heading' && field.type !== 'page_break').slice(0, 3);

/** form/{id}/submissions: searched, filtered, sorted, paged; a table on desktop, cards on phones. */
export function SubmissionsTable({ formId }: { formId: string }) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [filters, setFilters] = useState<Omit<SubmissionFilters, 'search'>>({ sort: 'newest' });
  const [page, setPage] = useState(1);
  const query: SubmissionFilters = { ...filters, search };
  const list = useSubmissions(formId, { ...query, page });

  const setFilter = (patch: Partial<Omit<SubmissionFilters, 'search'>>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  if (list.isError && !list.data) {
    return (
      <Alert color="red" role="alert">
        {list.error.message}
      </Alert>
    );
  }
  if (!list.data)
    return (
      <Text c="dimmed" role="status">
        Loading submissions…
      </Text>
    );
  const { form, submissions, total } = list.data;
  const choiceFields = form.fields.filter(isChoiceField);
  const filterField = choiceFields.find((field) => field.id === filters.fieldId);
  const columns = summaryFields(form.fields);
  const hasPayments = submissions.some((submission) => submission.payment !== null);
  const csv = `${submissionsCsvPath(formId)}?${filtersQuery(query)}`;
  const answerOf = (submission: Submission, field: FormField) =>
    formatAnswer(field, submission.answers[field.id], submission.files);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Submissions</Title>
          <Anchor component={Link} to={`/form/${formId}`}>
            {form.title}
          </Anchor>
        </Stack>
        <Group gap="xs">
          {form.canEdit ? (
            <Button variant="default" component={Link} to={`/form/build/${formId}`}>
              Edit form
            </Button>
          ) : null}
          <Button component="a" href={csv} download leftSection={<IconDownload size={16} aria-hidden />}>
            Download CSV
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" role="search" aria-label="Filter submissions">
        <TextInput
          label="Search"
          description="Name, email or any answer"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(1);
          }}
        />
        {choiceFields.length > 0 ? (
          <NativeSelect
            label="Question"
            description="Only those who answered…"
            value={filters.fieldId ?? ''}
            data={[
              { value: '', label: 'Any question' },
              ...choiceFields.map((field) => ({ value: field.id, label: field.label })),
            ]}
            onChange={(event) => {
              const field = choiceFields.find((item) => item.id === event.currentTarget.value);
              setFilter({ fieldId: field?.id, equals: field?.options[0]?.id });
            }}
          />
        ) : null}
        {filterField ? (
          <NativeSelect
            label="Answer"
            description={filterField.label}
            value={filters.equals ?? ''}
            data={filterField.options.map((item) => ({ value: item.id, label: item.label }))}
            onChange={(event) => setFilter({ equals: event.currentTarget.value })}
          />
        ) : null}
        <NativeSelect
          label="Status"
          value={filters.status ?? ''}
          data={[
            { value: '', label: 'Any status' },
            { value: 'submitted', label: 'Submitted' },
            { value: 'waitlisted', label: 'Waitlisted' },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter({ status: value === 'submitted' || value === 'waitlisted' ? value : undefined });
          }}
        />
        <NativeSelect
          label="Marked"
          value={filters.marked ?? ''}
          data={[
            { value: '', label: 'Marked or not' },
            { value: 'true', label: 'Marked' },
            { value: 'false', label: 'Not marked' },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter({ marked: value === 'true' || value === 'false' ? value : undefined });
          }}
        />
        <NativeSelect
          label="Sort"
          value={filters.sort}
          data={[
            { value: 'newest', label: 'Newest first' },
            { value: 'oldest', label: 'Oldest first' },
            { value: 'name', label: 'Name' },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter({ sort: value === 'oldest' || value === 'name' ? value : 'newest' });
          }}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" role="status">
        {total} {total === 1 ? 'submission' : 'submissions'}
      </Text>
      {submissions.length === 0 ? (
        <Text>
          {total === 0 && !search && !filters.fieldId && !filters.status && !filters.marked
            ? 'No submissions yet: share the form’s link.'
            : 'No submission matches.'}
        </Text>
      ) : (
        <>
          <Box visibleFrom="sm">
            <ScrollingTable label="Submissions" minWidth={640}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Status</Table.Th>
                    {hasPayments ? <Table.Th>Payment</Table.Th> : null}
                    {columns.map((field) => (
                      <Table.Th key={field.id}>{field.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {submissions.map((submission) => (
                    <Table.Tr key={submission.id}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {submission.marked ? <IconStarFilled size={14} aria-label="Marked" /> : null}
                          <Anchor component={Link} to={`/form/${formId}/${submission.id}`}>
                            {submission.name}
                          </Anchor>
                        </Group>
                        <Text size="xs" c="dimmed">
                          {submission.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{sent.format(new Date(submission.submittedAt))}</Table.Td>
                      <Table.Td>
                        <Badge color={submissionStatusColors[submission.status]}>
                          {submissionStatusNames[submission.status]}
                        </Badge>
                      </Table.Td>
                      {hasPayments ? <Table.Td>{paymentSummary(submission)}</Table.Td> : null}
                      {columns.map((field) => (
                        <Table.Td key={field.id}>{answerOf(submission, field)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollingTable>
          </Box>
          <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {submissions.map((submission) => (
              <Card key={submission.id} component="li" withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/form/${formId}/${submission.id}`} fw={600}>
                    {submission.name}
                  </Anchor>
                  <Group gap={4}>
                    {submission.marked ? <IconStarFilled size={14} aria-label="Marked" /> : null}
                    <Badge color={submissionStatusColors[submission.status]}>
                      {submissionStatusNames[submission.status]}
                    </Badge>
                  </Group>
                </Group>
                <Text size="xs" c="dimmed">
                  {submission.email} · {sent.format(new Date(submission.submittedAt))}
                </Text>
                {submission.payment ? <Text size="sm">Payment: {paymentSummary(submission)}</Text> : null}
                {columns.map((field) => (
                  <Text key={field.id} size="sm">
                    {withColon(field.label)} {answerOf(submission, field)}
                  </Text>
                ))}
              </Card>
            ))}
          </Stack>
        </>
      )}
      {total > pageSize ? (
        <Group gap="sm" component="nav" aria-label="Pages of submissions">
          <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <Text size="sm">
            Page {page} of {Math.ceil(total / pageSize)}
          </Text>
          <Button variant="default" disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
