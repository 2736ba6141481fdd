import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { PRERENDERED_BRAND } from '@storefront/contract';
import { configQueryOptions } from './features/site/api/get-config';
import { createQueryClient } from './lib/query-client';

/**
 * Renders a public page at build time, as the browser's first render will see it (no session,
 * no data but the public config), so the browser paints it before any JavaScript runs and React hydrates it.
 */
export async function render(url: string): Promise<string> {
  // The server replaces the brand with its own and hands the app the same config (main.tsx), so
  // the brand is on the first paint and hydration finds what it renders.
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, {
    brandName: PRERENDERED_BRAND,
    paymentProvider: 'sandbox',
    stripePublishableKey: null,
    googleSignIn: false,
  });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
