import { z } from 'zod';

/** The one shape of every 4xx/5xx body: a machine code, a sentence for people, per-field texts. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
