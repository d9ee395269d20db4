import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@portal/protocol';
import type { Config } from '../../config.ts';
import { randomToken } from '../../lib/random-token.ts';
import { renderMail, type MailTemplate, type MailVars } from './templates.ts';

export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: Locale;
  vars: MailVars;
}

export interface Mailer {
  send(mail: MailRequest): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as
 * an .eml file, so a fresh clone can follow its own verification and reset links.
 * Logs name the template and subject only: recipients and links stay out of logs.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send({ to, template, locale, vars }) {
      const { subject, text, html } = renderMail(template, locale, vars);
      const info = await transport.sendMail({ from: config.MAIL_FROM, to, subject, text, html });
      if (!config.SMTP_URL) {
        await mkdir(outbox, { recursive: true });
        const file = path.join(outbox, `${Date.now()}-${randomToken(6)}.eml`);
        await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
      }
      log.info({ template, subject }, 'mail sent');
    },
  };
}
