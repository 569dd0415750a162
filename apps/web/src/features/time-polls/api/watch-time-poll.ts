import { timePollUpdatedEvent } from '@huddle/shared/time-polls';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeReconnect, watchRealtimeTopic } from '../../../lib/realtime.ts';

/**
 * Keeps a poll live (decision 080): joins its realtime topic, signed in or not (a link's guest
 * has no session), and reads the poll again when a vote or the close arrives, or when the socket
 * is back after a drop.
 */
export function useWatchTimePoll(topic: string | undefined, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (!topic || typeof WebSocket === 'undefined') return;
    const key = JSON.parse(keyText) as QueryKey;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
    const unsubscribers = [
      watchRealtimeTopic(topic, (event) => {
        if (event.type === timePollUpdatedEvent) refresh();
      }),
      onRealtimeReconnect(refresh),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [queryClient, topic, keyText]);
}
