export type CardFormProps = {
  /** Null until the server has created the payment intent: the Pay button waits for it. */
  clientSecret: string | null;
  billing: { name: string; email: string };
  payLabel: string;
  /** The provider took the payment; `transactionId` is its payment-intent id. */
  onSucceeded: (transactionId: string) => Promise<void>;
};
