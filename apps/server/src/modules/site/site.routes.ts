import type { FastifyPluginAsync } from 'fastify';
import { endpoints, openApiDocument, routePath, type PublicConfig } from '@storefront/contract';
import type { Config } from '../../config.js';
import { renderApiDocs } from './api-docs.js';

export type SiteRoutesOptions = { config: Config };

/** The shop's public settings: GET /api/config, and the served prerendered pages carry them. */
export const publicConfigOf = (config: Config): PublicConfig => ({
  brandName: config.brandName,
  paymentProvider: config.payments.provider,
  stripePublishableKey:
    config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
  googleSignIn: config.google !== null,
});

/** What the app and integrators learn about this shop: public settings and the API's description. */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, { config }) => {
  const publicConfig = publicConfigOf(config);
  const document = openApiDocument({
    serverUrl: config.publicUrl,
    title: config.brandName,
    version: '1.0.0',
  });
  const documentJson = JSON.stringify(document);
  const docsPage = renderApiDocs(document);

  app.get(routePath(endpoints.getConfig), async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return publicConfig;
  });

  app.get(routePath(endpoints.openApi), async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(documentJson),
  );

  app.get(routePath(endpoints.apiDocs), async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The API's default policy forbids every style; this page only needs its own inline one.
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(docsPage),
  );
};
