import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir } from './paths.js';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v))),
  );

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65535, 'must be a whole number from 0 to 65535')
      .default(3000),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  CATALOG_CACHE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(3600).default(2),
  ),
  SEARCH_INDEX: flag(true),
  SEARCH_POLL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(50).max(10_000).default(500),
  ),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(500).default(10),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  SEED_DEMO_DATA: flag(true),
  BRAND_NAME: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(1).max(60).default('Ironclad Auto Parts'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: optionalString,
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ACCESS_KEY_TTL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .default(60),
  ),
  AUTH_RATE_LIMIT: flag(true),
  MAIL_RATE_LIMIT: flag(true),
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)),
        'must be a comma-separated list of email addresses',
      ),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/ })
      .default('https://accounts.google.com/.well-known/openid-configuration'),
  ),
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'stripe']).optional()),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  UNPAID_ORDER_TTL_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of hours above 0' })
      .positive('must be a number of hours above 0')
      .max(24 * 365, 'must be at most a year (8760 hours)')
      .default(48),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx): number | string[] | false => {
        const text = (v ?? '').trim().toLowerCase();
        if (text === '' || ['false', '0', 'none', 'no'].includes(text)) return false;
        if (/^[1-9][0-9]?$/.test(text)) return Number(text);
        const list = text
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        const address = /^([0-9a-f.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/;
        if (list.length > 0 && list.every((a) => address.test(a))) return list;
        ctx.addIssue({
          code: 'custom',
          message:
            'must be the number of proxies in front of the shop (e.g. 1), or a comma-separated list of their addresses or CIDR ranges; "true" would let any client choose its own address',
        });
        return z.NEVER;
      }),
  ),
  WEBHOOK_ALLOW_LOCAL_HTTP: flag(false),
  WEBHOOK_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds from 100 to 30000' })
      .int('must be a number of milliseconds from 100 to 30000')
      .min(100, 'must be a number of milliseconds from 100 to 30000')
      .max(30_000, 'must be a number of milliseconds from 100 to 30000')
      .default(10_000),
  ),
  WEBHOOK_DISABLE_AFTER: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 10000' })
      .int('must be a whole number from 1 to 10000')
      .min(1, 'must be a whole number from 1 to 10000')
      .max(10_000, 'must be a whole number from 1 to 10000')
      .default(50),
  ),
  SESSION_CHECK_CACHE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds from 0 to 60000' })
      .int('must be a number of milliseconds from 0 to 60000')
      .min(0, 'must be a number of milliseconds from 0 to 60000')
      .max(60_000, 'must be a number of milliseconds from 0 to 60000')
      .default(1000),
  ),
  MAX_UNPAID_ORDERS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000' })
      .int('must be a whole number from 1 to 1000')
      .min(1, 'must be a whole number from 1 to 1000')
      .max(1000, 'must be a whole number from 1 to 1000')
      .default(10),
  ),
  MAX_UNPAID_ORDER_VALUE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be an amount in dollars above 0' })
      .positive('must be an amount in dollars above 0')
      .max(1e12, 'must be at most 1,000,000,000,000 dollars')
      .default(250_000),
  ),
  SELLER_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().max(500, 'must be at most 500 characters').optional(),
  ),
  SELLER_TAX_ID: z.preprocess(
    emptyToUndefined,
    z.string().max(40, 'must be at most 40 characters').optional(),
  ),
  CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address')
      .max(254, 'must be an email address')
      .optional(),
  ),
  INVOICE_RETENTION_YEARS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of years from 1 to 100' })
      .int('must be a whole number of years from 1 to 100')
      .min(1, 'must be a whole number of years from 1 to 100')
      .max(100, 'must be a whole number of years from 1 to 100')
      .default(10),
  ),
  BACKGROUND_JOBS: flag(true),
  LOW_STOCK_FACTOR: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number from 1 to 100' })
      .min(1, 'must be a number from 1 to 100')
      .max(100, 'must be a number from 1 to 100')
      .default(3),
  ),
  UPLOADS_DIR: optionalString,
  UPLOAD_MAX_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes from 0.1 to 50' })
      .min(0.1, 'must be a number of megabytes from 0.1 to 50')
      .max(50, 'must be a number of megabytes from 0.1 to 50')
      .default(8),
  ),
  IMPORT_MAX_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes from 1 to 1000' })
      .min(1, 'must be a number of megabytes from 1 to 1000')
      .max(1000, 'must be a number of megabytes from 1 to 1000')
      .default(100),
  ),
  OUTBOX_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of seconds from 1 to 3600' })
      .int('must be a whole number of seconds from 1 to 3600')
      .min(1, 'must be a whole number of seconds from 1 to 3600')
      .max(3600, 'must be a whole number of seconds from 1 to 3600')
      .default(5),
  ),
  ORDER_SWEEP_INTERVAL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of minutes from 1 to 1440' })
      .int('must be a whole number of minutes from 1 to 1440')
      .min(1, 'must be a whole number of minutes from 1 to 1440')
      .max(1440, 'must be a whole number of minutes from 1 to 1440')
      .default(10),
  ),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of hours from 0 (off) to 8760' })
      .min(0, 'must be a number of hours from 0 (off) to 8760')
      .max(8760, 'must be a number of hours from 0 (off) to 8760')
      .default(24),
  ),
  BACKUP_KEEP: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000' })
      .int('must be a whole number from 1 to 1000')
      .min(1, 'must be a whole number from 1 to 1000')
      .max(1000, 'must be a whole number from 1 to 1000')
      .default(7),
  ),
  BACKUP_DIR: optionalString,
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(24, 'must be at least 24 characters (e.g. `openssl rand -hex 24`)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
      .optional(),
  ),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long another instance's catalog writes may take to show here. */
  catalogCacheSeconds: number;
  /** Catalog search answered from an in-memory index kept fresh from the change log (issue 25). */
  searchIndex: boolean;
  /** How often the index reads the change log without a notification, ms. */
  searchPollMs: number;
  dataDir: string;
  seedDemoData: boolean;
  brandName: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string;
  authSecret: string | undefined;
  accessKeyTtlSeconds: number;
  authRateLimit: boolean;
  /** Limits on requests that make the shop send mail (invitations, quote requests); tests turn them off. */
  mailRateLimit: boolean;
  adminEmails: string[];
  /** Set only when both the client id and secret are configured. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `stripe` carries its keys; `sandbox` runs payments on this server with Stripe's test cards. */
  payments:
    | { provider: 'sandbox' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  /** Unpaid orders older than this are canceled and their stock returned. */
  unpaidOrderTtlHours: number;
  orderSweepIntervalMinutes: number;
  /** Which proxies' X-Forwarded-For to believe: a hop count, their addresses, or none. */
  trustProxy: number | string[] | false;
  /** Printed on invoices under the brand name: the shop's postal address and tax/VAT id. */
  seller: { address: string; taxId: string | null };
  /**
   * Whether this instance runs the background jobs (the outbox worker, the unpaid-order sweep).
   * Several instances may all run them; set false on instances that should only serve requests.
   */
  backgroundJobs: boolean;
  /** A part is low on stock below this many times its minimum order quantity. */
  lowStockFactor: number;
  /** Where uploaded part pictures are kept (DATA_DIR/uploads unless UPLOADS_DIR says). */
  uploadsDir: string;
  /** The largest picture accepted, in bytes. */
  uploadMaxBytes: number;
  /** The largest catalog file (or pictures ZIP) an import accepts, in bytes. */
  importMaxBytes: number;
  /** Where uploaded catalog files wait while they are read (DATA_DIR/imports). */
  importsDir: string;
  /** How often the outbox worker looks for due jobs (it also runs right after a request queues one). */
  outboxIntervalSeconds: number;
  /** How long a checked session or role is reused on this instance (see guards.ts). */
  sessionCheckCacheMs: number;
  /**
   * Outgoing webhooks (decision 059): `allowLocalHttp` lets endpoints be http://127.0.0.1 (or
   * localhost) for development and tests, never in production; each attempt's time limit; how
   * many failed attempts in a row turn an endpoint off.
   */
  webhooks: { allowLocalHttp: boolean; timeoutMs: number; disableAfter: number };
  /** The most one account may hold in unpaid orders (stock they reserve for free). */
  openOrderLimits: { count: number; valueCents: number };
  /** Scheduled backups: every `intervalHours` (0: none), the newest `keep` kept in `dir`. */
  backups: { intervalHours: number; keep: number; dir: string };
  /** The bearer token `/metrics` asks for; unset, `/metrics` is off. */
  metricsToken: string | undefined;
  /** Where the contact form's mails go; unset, to every admin. */
  contactEmail: string | undefined;
  /** How long an erased customer's invoiced orders keep their billing fields (decision 052). */
  invoiceRetentionYears: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Where buyers' return photos are kept (decision 064): inside DATA_DIR, never the public uploads
 * folder; the backup copies it as `return-photos/` entries.
 */
export const returnPhotosDir = (dataDir: string): string => path.join(dataDir, 'return-photos');

/** Parses the environment once at start-up; every bad variable is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        // Never echo the value: it may be a secret.
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError([
      `${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'}: must be set together with ${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET'} for Google sign-in`,
    ]);
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (paymentProvider === 'stripe') {
    const missing = (
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const
    ).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((name) => `${name}: required when payments go through Stripe`),
      );
    }
  }
  if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOW_LOCAL_HTTP) {
    throw new ConfigError([
      'WEBHOOK_ALLOW_LOCAL_HTTP: must be false when NODE_ENV=production (webhooks go to https addresses outside this network only)',
    ]);
  }
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError([
      'AUTH_SECRET: required when NODE_ENV=production (at least 32 characters, e.g. `openssl rand -base64 48`)',
    ]);
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    searchIndex: e.SEARCH_INDEX,
    searchPollMs: e.SEARCH_POLL_MS,
    dataDir: path.resolve(e.DATA_DIR),
    seedDemoData: e.SEED_DEMO_DATA,
    brandName: e.BRAND_NAME,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
    authSecret: e.AUTH_SECRET,
    accessKeyTtlSeconds: e.ACCESS_KEY_TTL_MINUTES * 60,
    authRateLimit: e.AUTH_RATE_LIMIT,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    adminEmails: e.ADMIN_EMAILS,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <no-reply@localhost>`,
    payments:
      paymentProvider === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          }
        : { provider: 'sandbox' },
    unpaidOrderTtlHours: e.UNPAID_ORDER_TTL_HOURS,
    orderSweepIntervalMinutes: e.ORDER_SWEEP_INTERVAL_MINUTES,
    trustProxy: e.TRUST_PROXY,
    backgroundJobs: e.BACKGROUND_JOBS,
    lowStockFactor: e.LOW_STOCK_FACTOR,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    importMaxBytes: Math.round(e.IMPORT_MAX_MB * 1024 * 1024),
    importsDir: path.resolve(path.join(e.DATA_DIR, 'imports')),
    outboxIntervalSeconds: e.OUTBOX_INTERVAL_SECONDS,
    // Lines separated by " | " or a literal "\n" in the variable become lines on the invoice.
    seller: {
      address: (e.SELLER_ADDRESS ?? '').replace(/\s*\|\s*|\\n/g, '\n'),
      taxId: e.SELLER_TAX_ID ?? null,
    },
    sessionCheckCacheMs: e.SESSION_CHECK_CACHE_MS,
    webhooks: {
      allowLocalHttp: e.WEBHOOK_ALLOW_LOCAL_HTTP,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
    },
    openOrderLimits: {
      count: e.MAX_UNPAID_ORDERS,
      valueCents: Math.round(e.MAX_UNPAID_ORDER_VALUE * 100),
    },
    backups: {
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    },
    metricsToken: e.METRICS_TOKEN,
    contactEmail: e.CONTACT_EMAIL,
    invoiceRetentionYears: e.INVOICE_RETENTION_YEARS,
  };
}
