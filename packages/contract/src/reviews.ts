import { z } from 'zod';
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
  description: z
    .string({ error: messages.reviewRequired })
    .trim()
    .min(1, messages.reviewRequired)
    .max(2000),
  rating: z
    .union([z.string(), z.number()], { error: messages.ratingRequired })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', messages.ratingRequired)
    .refine((v) => /^\d$/.test(v) && Number(v) >= RATING_MIN && Number(v) <= RATING_MAX, {
      message: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
    }),
});
export type CreateReviewBody = z.input<typeof CreateReviewBody>;
export type CreateReviewValues = z.output<typeof CreateReviewBody>;
