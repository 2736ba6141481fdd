import { z } from 'zod';
declare const EnvSchema: z.ZodObject<
  {
    NODE_ENV: z.ZodPreprocess<
      z.ZodDefault<
        z.ZodEnum<{
          development: 'development';
          production: 'production';
          test: 'test';
        }>
      >,
      unknown
    >;
    HOST: z.ZodPreprocess<z.ZodDefault<z.ZodString>, unknown>;
    PORT: z.ZodPreprocess<z.ZodDefault<z.ZodCoercedNumber<unknown>>, unknown>;
    PUBLIC_URL: z.ZodPreprocess<z.ZodOptional<z.ZodURL>, unknown>;
    DATABASE_URL: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
    DATABASE_POOL_SIZE: z.ZodPreprocess<z.ZodDefault<z.ZodCoercedNumber<unknown>>, unknown>;
    DATA_DIR: z.ZodPreprocess<z.ZodDefault<z.ZodString>, unknown>;
    SEED_DEMO_DATA: z.ZodPreprocess<
      z.ZodPipe<
        z.ZodOptional<
          z.ZodEnum<{
            0: '0';
            1: '1';
            true: 'true';
            false: 'false';
            yes: 'yes';
            no: 'no';
          }>
        >,
        z.ZodTransform<boolean, '0' | '1' | 'true' | 'false' | 'yes' | 'no' | undefined>
      >,
      unknown
    >;
    BRAND_NAME: z.ZodPreprocess<z.ZodDefault<z.ZodString>, unknown>;
    LOG_LEVEL: z.ZodPreprocess<
      z.ZodDefault<
        z.ZodEnum<{
          error: 'error';
          fatal: 'fatal';
          warn: 'warn';
          info: 'info';
          debug: 'debug';
          trace: 'trace';
          silent: 'silent';
        }>
      >,
      unknown
    >;
    WEB_DIST_DIR: z.ZodPreprocess<z.ZodOptional<z.ZodString>, unknown>;
  },
  z.core.$strip
>;
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
export declare class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]);
}
/** Parses the environment once at start-up; every bad variable is named in one message. */
export declare function loadConfig(env?: NodeJS.ProcessEnv): Config;
export {};
