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
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  seedDemoData: boolean;
  brandName: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    seedDemoData: e.SEED_DEMO_DATA,
    brandName: e.BRAND_NAME,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
  };
}
