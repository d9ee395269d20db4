import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PortalClient } from '@portal/protocol/testing';

/** Sign-ups at a time: each is an argon2 hash, which the portal runs a few at a time anyway. */
const SIGNUP_CONCURRENCY = 8;

/**
 * Signs up one patient per e-mail and verifies each through the link the portal wrote to its
 * outbox (a bench portal has no SMTP_URL), so every one can sign in. Setup, not load.
 */
export async function createVerifiedPatients(
  portal: { service: { baseUrl: string }; dataDir: string },
  emails: readonly string[],
  password: string,
): Promise<void> {
  const queue = [...emails];
  const signUp = async () => {
    for (let email = queue.shift(); email; email = queue.shift()) {
      const client = new PortalClient({ baseUrl: portal.service.baseUrl });
      await client.handshake();
      await client.signup({
        email,
        password,
        first_name: 'Bench',
        last_name: 'Patient',
        date_of_birth: '1955-06-15',
        agree_terms: true,
        locale: 'gb',
      });
    }
  };
  await Promise.all(Array.from({ length: SIGNUP_CONCURRENCY }, signUp));
  const tokens = await verificationTokens(path.join(portal.dataDir, 'outbox'), emails);
  const verifier = new PortalClient({ baseUrl: portal.service.baseUrl });
  for (const email of emails) {
    const token = tokens.get(email);
    if (!token) throw new Error(`no verification mail for ${email}`);
    await verifier.verifyEmail(token);
  }
}

/** The portal's outbox queue sends after answering: wait (15 s at most) for a token for every address. */
async function verificationTokens(outbox: string, emails: readonly string[]): Promise<Map<string, string>> {
  for (const deadline = Date.now() + 15_000; ;) {
    const tokens = await tokensInOutbox(outbox);
    if (emails.every((e) => tokens.has(e.toLowerCase())) || Date.now() > deadline) return tokens;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest verification token in the outbox, by recipient. */
async function tokensInOutbox(outbox: string): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const mail = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const to = /^To: (\S+)/im.exec(mail)?.[1]?.toLowerCase();
    const token = /\/auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    if (to && token) tokens.set(to, token);
  }
  return tokens;
}
