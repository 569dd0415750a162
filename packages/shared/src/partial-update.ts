import type { z } from 'zod';

export const noChangeMessage = 'Send at least one change.';

/**
 * A PATCH body, whose fields are all optional, with at least one of them given. An empty one
 * reached the services as an update with nothing to set, which the database layer refuses (a
 * 500 in issue 30); the schema says no first, as a 400 beside no field in particular.
 */
export const atLeastOneChange = <T extends z.ZodObject>(body: T): T =>
  body.refine((value) => Object.values(value).some((field) => field !== undefined), noChangeMessage);
