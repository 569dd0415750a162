import { z } from 'zod';
import { errorCodes, type ErrorReply, type FieldErrors } from './errors.ts';

/** Field path ("defaultCity.name") to the messages for that field. */
export const fieldErrors: z.ZodType<FieldErrors> = z.record(z.string(), z.array(z.string()));

/** The one error shape, as the server validates and documents it (the type lives in errors.ts). */
export const errorReply = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      fields: fieldErrors.optional(),
    }),
  })
  .meta({ id: 'ErrorReply' }) satisfies z.ZodType<ErrorReply>;
