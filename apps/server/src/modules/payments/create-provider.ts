import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { PaymentEvent, PaymentProvider } from './provider.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** The configured provider; the sandbox is also returned on its own, for its card endpoint. */
export function createPaymentProvider(
  config: Config['payments'],
  db: Db,
  onEvent: (event: PaymentEvent) => Promise<void>,
): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  if (config.provider === 'stripe') {
    return {
      provider: createStripeProvider({
        secretKey: config.secretKey,
        webhookSecret: config.webhookSecret,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxProvider(db, onEvent);
  return { provider: sandbox, sandbox };
}
