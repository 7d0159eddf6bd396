import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails (not kept in the outbox). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** Records the mail in the outbox and delivers it; never call inside a database transaction. */
  send: (mail: Mail) => Promise<void>;
};

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const { headers: _headers, ...stored } = mail;
      const [row] = await opts.db.insert(outbox).values(stored).returning({ id: outbox.id });
      if (!transport) {
        // No SMTP server: the outbox and the log are the mailbox (DESIGN §2), so a newcomer can
        // finish sign-up. With SMTP configured, mail bodies never reach the log.
        opts.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail written to outbox');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        opts.log.error({ err, to: mail.to }, 'mail delivery failed');
        await opts.db
          .update(outbox)
          .set({ error: String((err as Error).message).slice(0, 500) })
          .where(eq(outbox.id, row.id));
      }
    },
  };
}

/** Both parts of a mail from one paragraph list; the HTML part escapes everything. */
export function renderMail(
  paragraphs: string[],
  link?: { href: string; label: string },
): { text: string; html: string } {
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1a2027">${paragraphs
    .map((p) => `<p>${esc(p)}</p>`)
    .join('')}${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}</body></html>`;
  return { text, html };
}
