import type { EventSummary } from '@huddle/shared/events';
import { Button, Center, Stack } from '@mantine/core';
import { EventSummaryList } from './event-summary-list.tsx';
import { ResultsEmpty, ResultsError, ResultsLoading } from './results-states.tsx';

interface EventResultsProps {
  events: EventSummary[];
  status: 'pending' | 'error' | 'success';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  /** Offered when nothing matches and filters are set. */
  onClearFilters: (() => void) | null;
}

/** The discover list of events with 'Load more' (spec §7 cursor pages). */
export function EventResults({
  events,
  status,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
  onClearFilters,
}: EventResultsProps) {
  if (status === 'pending') return <ResultsLoading label="Loading games" />;
  if (status === 'error') return <ResultsError message="The games could not be loaded." onRetry={onRetry} />;
  if (events.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <ResultsEmpty>No upcoming games match. Try another area or fewer filters.</ResultsEmpty>
        {onClearFilters ? (
          <Button variant="light" size="compact-sm" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <EventSummaryList events={events} label="Games" />
      {hasMore ? (
        <Center>
          <Button variant="default" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
