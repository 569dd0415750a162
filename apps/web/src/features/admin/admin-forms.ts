import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { dateTimeFormat } from '../../lib/intl-formats.ts';

/** The admin forms' check before sending: the contract's first message for each field. */
export function contractErrors(schema: z.ZodType, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * Sends a form; the server's field messages go beside their fields, any other failure stays on
 * the mutation for FormLevelError above the buttons. Resolves undefined when it failed.
 */
export async function sendWithFieldErrors<R>(
  form: { setErrors: (errors: Record<string, string>) => void },
  send: () => Promise<R>,
): Promise<R | undefined> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
    return undefined;
  }
}

/** An instant as the admin pages show it, in the reader's locale. */
export const formatInstant = (iso: string) =>
  dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
