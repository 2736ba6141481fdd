import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '@storefront/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { defused } from '../mail/caller-text.js';
import type { Mail } from '../mail/mailer.js';
import { accounts, sessions, users, verifications } from './auth.tables.js';
import { markEmailVerified, type UserRow } from './identity.service.js';

export type AuthDeps = {
  config: Config;
  db: Db;
  /** Queues a mail (the outbox): sent by the worker, never from the request. */
  sendMail: (mail: Mail) => Promise<void>;
  secret: string;
  /** The shop's own origins: Better Auth refuses cookie writes from any other. */
  trustedOrigins: string[];
  log: FastifyBaseLogger;
  /** The owner of `user.email` proved it: roles promised to the address become theirs. */
  onAddressProved: (user: UserRow) => Promise<void>;
  /** A session ended or an account changed: cached lookups must go (guards.forget). */
  onIdentityChanged: () => void;
};

/**
 * Better Auth, on our database: email and password with verification of the address, optional
 * Google, reset by email, and a change of email that takes effect only once the new address is
 * confirmed.
 */
export function createAuth({
  config,
  db,
  sendMail,
  secret,
  trustedOrigins,
  log,
  onAddressProved,
  onIdentityChanged,
}: AuthDeps) {
  const google = config.google;
  const appLink = (page: string, token: string) =>
    `${config.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  return betterAuth({
    appName: config.brandName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    // The Vite dev server runs on its own origin in development.
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
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
        await sendMail({
          to: user.email,
          subject: `Reset your password at ${config.brandName}`,
          text: `Hello ${defused(user.name)},\n\nSomeone asked to reset the password of your ${config.brandName} account. To choose a new password, open this link within an hour:\n\n${appLink('/reset-password', token)}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
          sensitive: true,
        });
      },
      // The reset link went to the address: whoever used it owns it (and every other session
      // ended), so the address counts as proved.
      async onPasswordReset({ user }) {
        const updated = await markEmailVerified(db, user.id);
        if (updated) await onAddressProved(updated);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, token }) {
        await sendMail({
          to: user.email,
          subject: `Confirm your email address at ${config.brandName}`,
          text: `Hello ${defused(user.name)},\n\nTo confirm that ${user.email} is the address of your ${config.brandName} account, sign in and open this link within a day:\n\n${appLink('/verify-email', token)}\n\nIf you did not create an account or ask for this change, do not open the link; if someone else made an account with your address, use "Forget password" to take it over.\n`,
          sensitive: true,
        });
      },
      async afterEmailVerification(user) {
        onIdentityChanged();
        await onAddressProved(user as UserRow);
      },
    },
    user: {
      // The new address confirms the change before it takes effect (a link mailed to it).
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    databaseHooks: {
      user: {
        create: {
          // Google vouches for the address it gives: a role promised to it applies at once.
          async after(user) {
            if (user.emailVerified) await onAddressProved(user as UserRow);
          },
        },
        update: { after: async () => onIdentityChanged() },
        delete: { after: async () => onIdentityChanged() },
      },
      session: { delete: { after: async () => onIdentityChanged() } },
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
