import { sweepCertificateFiles } from './certificate-files.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { findCompany, membersOf } from '../companies/companies.service.js';
import { queueMail } from '../mail/mail.service.js';
import { companyTaxStatuses } from './tax.tables.js';

/** How long before an exemption certificate's last day its company's owners are mailed. */
export const CERTIFICATE_REMINDER_DAYS = 30;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Mails the owners of every company whose verified exemption certificate expires within 30 days,
 * once per certificate expiry: the rows are claimed by one conditional UPDATE
 * (`expiry_reminded_for` set to the expiry it was reminded of) and the mails queued in the same
 * transaction, like the overdue invoice reminder, so however many instances run this, and across
 * restarts, each certificate is reminded of once; a renewed certificate (a new expiry) once more.
 * Resolves how many companies were reminded.
 */
export async function remindExpiringCertificates(
  db: Db,
  context: { brandName: string; publicUrl: string },
  now: Date = new Date(),
): Promise<number> {
  const today = ymd(now);
  const horizon = ymd(new Date(now.getTime() + CERTIFICATE_REMINDER_DAYS * 86_400_000));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(companyTaxStatuses)
      .set({ expiryRemindedFor: sql`${companyTaxStatuses.certificateExpiresOn}` })
      .where(
        sql`${companyTaxStatuses.companyId} in (
          select company_id from ${companyTaxStatuses}
           where kind = 'exempt' and verified_at is not null
             and certificate_expires_on between ${today}::date and ${horizon}::date
             and expiry_reminded_for is distinct from certificate_expires_on
           order by certificate_expires_on
           limit 200
           for update skip locked)
         and ${companyTaxStatuses.expiryRemindedFor} is distinct from ${companyTaxStatuses.certificateExpiresOn}`,
      )
      .returning();
    for (const status of claimed) {
      const company = await findCompany(tx, status.companyId);
      if (!company) continue;
      const owners = (await membersOf(tx, company.id)).filter((m) => m.role === 'owner');
      for (const owner of owners) {
        if (!owner.email) continue;
        await queueMail(
          tx,
          {
            to: owner.email,
            subject: `Your tax exemption certificate expires on ${status.certificateExpiresOn}`,
            text: [
              `Hello ${owner.name || owner.email},`,
              '',
              `${company.name}'s tax exemption certificate ${status.certificateNumber} expires on ` +
                `${status.certificateExpiresOn}. Orders placed after that day are taxed.`,
              'Please send us the renewed certificate before then, so we can verify it in time.',
              '',
              context.brandName,
              context.publicUrl,
              '',
            ].join('\n'),
          },
          `tax-certificate-${company.id}-${status.certificateExpiresOn}-${owner.userId}`,
        );
      }
    }
    return claimed.length;
  });
}

/** Looks for expiring certificates when the app is ready and then every interval. */
export function startCertificateReminders(
  app: FastifyInstance,
  db: Db,
  context: { brandName: string; publicUrl: string; certificatesDir?: string },
  intervalMs: number,
  onQueued: () => void,
): void {
  startPeriodicJob(app, {
    name: 'tax certificate reminders',
    intervalMs,
    async work() {
      // Certificate files no status names any more (a company deleted) go with the same round.
      if (context.certificatesDir) await sweepCertificateFiles(db, context.certificatesDir);
      const reminded = await remindExpiringCertificates(db, context);
      if (reminded === 0) return;
      onQueued();
      app.log.info({ reminded }, 'tax certificate reminders queued');
    },
  });
}
