import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The link to `page` in the newest mail to `to` in the shop's local outbox, waiting for the
 * outbox worker to write it. Mails are quoted-printable: soft line breaks and `=3D` are undone.
 */
export async function mailedLink(outboxDir: string, to: string, page: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
    const mails = await Promise.all(
      files.map(async (f) => {
        const file = path.join(outboxDir, f);
        return { text: await fs.readFile(file, 'utf8'), at: (await fs.stat(file)).mtimeMs };
      }),
    );
    const pattern = new RegExp(`(https?://[^\\s]+${page}\\?token=[^\\s]+)`);
    const link = mails
      .filter((m) => m.text.includes(`To: ${to}`))
      .sort((a, b) => b.at - a.at)
      .map((m) => pattern.exec(m.text.replace(/=\r?\n/g, ''))?.[1])
      .find(Boolean);
    if (link) return link.replace(/=3D/g, '=');
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a ${page} link arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
