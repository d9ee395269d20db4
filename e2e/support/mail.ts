import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR } from './portal.ts';

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailsTo(address: string): Promise<string[]> {
  const outbox = path.join(DATA_DIR, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return mails.map(decodeQuotedPrintable).filter((mail) => new RegExp(`^To: .*${address}`, 'mi').test(mail));
}

/** The pages a mail's link opens. */
const LINK_PATHS = {
  'verify-email': '/auth/verify-email',
  'reset-password': '/auth/reset-password',
  'caregiver-accept': '/caregiver/accept',
} as const;

/** Waits for the newest mail to `address` that carries a link to `route`, and returns the link. */
export async function linkFromMail(address: string, route: keyof typeof LINK_PATHS): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${LINK_PATHS[route]}\\?token=[A-Za-z0-9_\\-.~%]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address);
        link = mails
          .reverse()
          .map((mail) => pattern.exec(mail)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 15_000, message: `a ${route} mail to ${address}` },
    )
    .toBeTruthy();
  return link ?? '';
}
