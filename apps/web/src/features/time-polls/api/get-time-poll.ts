import { timePollEndpoints } from '@huddle/shared/time-polls';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';
import { useWatchTimePoll } from './watch-time-poll.ts';

/** Should the socket be down, votes still show within this long. */
const fallbackRefreshMs = 30_000;

/** A poll for a member of its team, kept live. */
export function useTimePoll(pollId: string) {
  const query = useQuery({
    queryKey: timePollKeys.detail(pollId),
    queryFn: () => apiRequest(timePollEndpoints.get, { params: { pollId } }),
    refetchInterval: fallbackRefreshMs,
  });
  useWatchTimePoll(query.data?.topic, timePollKeys.detail(pollId));
  return query;
}
