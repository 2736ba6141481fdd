import { z } from 'zod';
import { requiredText, UUID_PATTERN } from './common.js';
import { RATING_MAX, RATING_MIN } from './constants.js';
import { messages } from './messages.js';

export const ReviewResponse = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Text, as the specification sends it. */
  rating: z.string(),
  verifiedBuyer: z.boolean(),
});
export type ReviewResponse = z.infer<typeof ReviewResponse>;
export const ReviewListResponse = z.array(ReviewResponse);
export type ReviewListResponse = z.infer<typeof ReviewListResponse>;

export const CreateReviewBody = z.object({
  /** The part reviewed; without it, a review of the shop (the spec's form). */
  partId: z
    .string({ error: 'Part must be text' })
    .regex(UUID_PATTERN, 'There is no such part')
    .optional(),
  description: requiredText('Review', messages.reviewRequired, 2000),
  rating: z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined ? messages.ratingRequired : 'Rating must be a number from 1 to 5',
    })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', messages.ratingRequired)
    .refine((v) => /^\d$/.test(v) && Number(v) >= RATING_MIN && Number(v) <= RATING_MAX, {
      message: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
    }),
});
export type CreateReviewBody = z.input<typeof CreateReviewBody>;
export type CreateReviewValues = z.output<typeof CreateReviewBody>;
