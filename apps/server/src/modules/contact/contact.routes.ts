import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody, endpoints, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import { addressKey } from '../limits/limit-keys.js';
import { minutes, type RateLimiter } from '../limits/rate-limiter.js';
import { queueMail } from '../mail/mail.service.js';
import { listAdmins } from '../users/roles.service.js';
import { contactMails } from './contact-mail.js';

export type ContactRoutesOptions = {
  db: Db;
  limiter: RateLimiter;
  /** CONTACT_EMAIL; unset, every admin gets the message. */
  contactEmail: string | undefined;
  brandName: string;
  onQueued: () => void;
};

/** How often one sender, and one client address, may write. */
export const CONTACT_LIMITS = {
  perSender: { max: 3, windowSeconds: minutes(60) },
  perIp: { max: 10, windowSeconds: minutes(60) },
};

/**
 * The contact form: a mail to the shop and a copy to the sender, queued through the outbox in one
 * transaction. A filled hidden field (`website`) is a bot: it is told "sent" and nothing is queued.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (
  app,
  { db, limiter, contactEmail, brandName, onQueued },
) => {
  app.post(routePath(endpoints.sendContact), async (request) => {
    const body = parseOr400(ContactBody, request.body ?? {});
    await limiter.take(`contact-ip:${request.ip}`, CONTACT_LIMITS.perIp);
    if (body.website) return { sent: true as const };
    await limiter.take(addressKey('contact', body.email), CONTACT_LIMITS.perSender);
    const shopAddresses = contactEmail
      ? [contactEmail]
      : (await listAdmins(db)).filter((a) => !a.pending).map((a) => a.email);
    const mails = contactMails(body, shopAddresses, brandName);
    await db.transaction(async (tx) => {
      for (const mail of mails) await queueMail(tx, mail);
    });
    onQueued();
    return { sent: true as const };
  });
};
