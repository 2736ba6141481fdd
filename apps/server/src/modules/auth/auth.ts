import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '@storefront/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { accounts, rateLimits, sessions, users, verifications } from './auth.tables.js';

export type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
};

/** Better Auth, on our database, with email and password, optional Google, and reset by email. */
export function createAuth({ config, db, mailer, secret, log }: AuthDeps) {
  const google = config.google;
  return betterAuth({
    appName: config.brandName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    // The Vite dev server runs on its own origin in development.
    trustedOrigins: [
      config.publicUrl,
      ...(config.nodeEnv === 'development' ? ['http://localhost:5173'] : []),
    ],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    // Our own limiter sits in front (per IP and per account, shared across instances).
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const fn =
          level === 'error'
            ? log.error.bind(log)
            : level === 'warn'
              ? log.warn.bind(log)
              : log.info.bind(log);
        fn({ args }, `auth: ${message}`);
      },
    },
    advanced: {
      // The bridge sets X-Forwarded-For from Fastify's view of the client (trustProxy aware).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: `Reset your password at ${config.brandName}`,
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${config.brandName} account. To choose a new password, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
        });
        if (mailer.describe.startsWith('outbox'))
          log.info({ link }, 'password reset link (local outbox mode)');
      },
    },
    user: {
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
