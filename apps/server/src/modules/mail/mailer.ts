import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { composeEml } from './eml.js';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Holds a secret (a reset or verification link): the outbox forgets the text once sent. */
  sensitive?: boolean;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};
export type Mailer = {
  /**
   * Sends one message. `id` names it (its Message-ID, and its file in the local outbox), so
   * sending the same job twice after a crash writes the same file once.
   */
  send(mail: Mail, options?: { id?: string }): Promise<void>;
  describe: string;
};

const messageFields = (mail: Mail, from: string, id: string | undefined) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  ...(mail.attachments ? { attachments: mail.attachments } : {}),
  ...(id ? { messageId: `<${id}@storefront.local>` } : {}),
});

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox
 * folder, which is how the demo and the tests read what was "sent".
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: 'smtp',
      async send(mail, { id } = {}) {
        await transport.sendMail(messageFields(mail, options.from, id));
      },
    };
  }
  // Made on the first message, not checked again for every one.
  let folder: Promise<unknown> | undefined;
  return {
    describe: `outbox ${options.outboxDir}`,
    async send(mail, { id } = {}) {
      const message = composeEml(mail, options.from, `<${id ?? randomUUID()}@storefront.local>`);
      await (folder ??= fs.mkdir(options.outboxDir, { recursive: true }).catch((err: unknown) => {
        folder = undefined;
        throw err;
      }));
      const file = path.join(
        options.outboxDir,
        id ? `${id}.eml` : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await fs.writeFile(file, message);
      options.log.info(
        { file, to: mail.to, subject: mail.subject },
        'mail written to the local outbox',
      );
    },
  };
}
