import { z } from 'zod';

/** The spec sends partPrice too; it is accepted and ignored: the amount comes from the order. */
export const CreatePaymentIntentBody = z.object({
  orderId: z.string({ error: 'Order is required' }).min(1, 'Order is required').max(100),
  partPrice: z.unknown().optional(),
});
export type CreatePaymentIntentBody = z.input<typeof CreatePaymentIntentBody>;
export const CreatePaymentIntentResponse = z.object({ clientSecret: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponse>;

/** Spec: PATCH /purchase/{id} with the order id (`purchase`) and the provider's intent id. */
export const ConfirmPaymentBody = z.object({
  purchase: z.string().optional(),
  transactionId: z
    .string({ error: 'Transaction id is required' })
    .min(1, 'Transaction id is required')
    .max(200),
});
export type ConfirmPaymentBody = z.input<typeof ConfirmPaymentBody>;

export const SandboxCard = z.object({
  number: z.string().max(30),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(4),
});
export type SandboxCard = z.infer<typeof SandboxCard>;
export const SandboxConfirmBody = z.object({
  clientSecret: z.string().min(1).max(200),
  card: SandboxCard,
  billingDetails: z.object({ name: z.string().max(200), email: z.string().max(320) }).optional(),
});
export type SandboxConfirmBody = z.input<typeof SandboxConfirmBody>;
export const SandboxConfirmResponse = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type SandboxConfirmResponse =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: { code: string; message: string }; paymentIntent?: undefined };
