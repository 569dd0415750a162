/**
 * Whether this instance should get traffic (issue 17): a load balancer polls GET /api/ready and
 * takes the instance out while it is starting (migrating) or draining after SIGTERM, while
 * GET /api/health (liveness) keeps answering as long as the process and database work.
 */
export type ServingState = 'starting' | 'serving' | 'draining';

export interface Readiness {
  readonly state: ServingState;
  set(state: ServingState): void;
}

export function createReadiness(initial: ServingState): Readiness {
  let state = initial;
  return {
    get state() {
      return state;
    },
    set(next) {
      state = next;
    },
  };
}
