import { readRetryLimit } from '@huddle/shared/limits';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Spec §9: a read is tried again up to 10 times. A 4xx will answer the same the next
 * time, so only network failures (status 0) and 5xx are retried.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < readRetryLimit;
}

const firstRetryDelayMs = 1000;
/** Doubling stops here: a server that is back answers within 10 s, and ten tries take about a minute. */
const maxRetryDelayMs = 10_000;

/** Exponential backoff: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export function readRetryDelay(failureCount: number): number {
  return Math.min(firstRetryDelayMs * 2 ** failureCount, maxRetryDelayMs);
}

/** A query client with the app's defaults: the browser's one (below), or one per server render (decision 075). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryRead, retryDelay: readRetryDelay, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
