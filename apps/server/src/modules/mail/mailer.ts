import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ClinicLogo, Locale } from '@portal/protocol';
import type { Config } from '../../config.ts';
import type { RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { randomToken } from '../../lib/random-token.ts';
import { renderMail, type MailTemplate, type MailVars } from './templates.ts';

export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: Locale;
  /** The clinic's name comes from its settings at the time of sending, never from the caller. */
  vars: Omit<MailVars, 'clinic'>;
  /** The request that asked for the mail, for the audit row a queued mail's preparer writes. */
  requestedBy?: RequestMeta;
}

/** How the clinic presents itself right now (settings: clinic name and logo). */
export interface ClinicIdentity {
  name: string;
  logo: ClinicLogo | null;
}

const LOGO_CID = 'clinic-logo@portal';
/** Mail clients show PNG and JPEG inline; most refuse SVG, so an SVG logo leaves the name alone. */
const MAIL_LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

export interface Mailer {
  /** `into`: the transaction the mail belongs to, when the mailer queues (mail-queue.ts). */
  send(mail: MailRequest, into?: Queryable): Promise<void>;
}

/** The address part of MAIL_FROM: the display name is the clinic's, as set now. */
function senderAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as
 * an .eml file, so a fresh clone can follow its own verification and reset links.
 * Logs name the template and subject only: recipients and links stay out of logs.
 */
export function createMailer(
  config: Config,
  log: FastifyBaseLogger,
  clinic: () => Promise<ClinicIdentity>,
): Mailer {
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send({ to, template, locale, vars }) {
      const { name, logo } = await clinic();
      const inlineLogo = logo && MAIL_LOGO_TYPES.has(logo.mime) ? logo : null;
      const { subject, text, html } = renderMail(template, locale, {
        ...vars,
        clinic: name,
        logoCid: inlineLogo ? LOGO_CID : undefined,
      });
      const attachments = inlineLogo
        ? [
            {
              cid: LOGO_CID,
              filename: inlineLogo.mime === 'image/png' ? 'logo.png' : 'logo.jpg',
              content: Buffer.from(inlineLogo.content_base64, 'base64'),
              contentType: inlineLogo.mime,
            },
          ]
        : [];
      const info = await transport.sendMail({
        from: { name, address: senderAddress(config.MAIL_FROM) },
        to,
        subject,
        text,
        html,
        attachments,
      });
      if (!config.SMTP_URL) {
        await mkdir(outbox, { recursive: true });
        const file = path.join(outbox, `${Date.now()}-${randomToken(6)}.eml`);
        await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
      }
      log.info({ template, subject }, 'mail sent');
    },
  };
}
