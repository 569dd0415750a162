import { timePollEndpoints } from '@huddle/shared/time-polls';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';
import { useWatchTimePoll } from './watch-time-poll.ts';

const fallbackRefreshMs = 30_000;

/** The poll of a personal voting link, without signing in, kept live. */
export function useLinkPoll(token: string) {
  const query = useQuery({
    queryKey: timePollKeys.byLink(token),
    queryFn: () => apiRequest(timePollEndpoints.getByLink, { params: { token } }),
    refetchInterval: fallbackRefreshMs,
    retry: false,
  });
  useWatchTimePoll(query.data?.topic, timePollKeys.byLink(token));
  return query;
}
