import { Secret, TOTP } from 'otpauth';
import { mfaEnrolment, mfaRecoveryCodes, type MfaEnrolment } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { sealedPost } from './answers.ts';
import type { TestPortal } from './test-portal.ts';

/** The code an authenticator app shows for the base32 `secret` at `timestamp` (ms). */
export function totpAt(secret: string, timestamp: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp });
}

/** The code an authenticator app shows for `secret` at the portal's (movable) time. */
export const totpCode = (t: TestPortal, secret: string, offsetSteps = 0): string =>
  totpAt(secret, t.clock.now().getTime() + offsetSteps * 30_000);

/** The next 30-second step, so a fresh code is not refused as a replay. */
export const nextStep = (t: TestPortal) => t.clock.advance(30_000);

/** Enrols the signed-in user: the secret (as the manual key) and the recovery codes. */
export async function enrol(
  t: TestPortal,
  client: PortalClient,
): Promise<{ enrolment: MfaEnrolment; recoveryCodes: string[] }> {
  const enrolment = mfaEnrolment.parse(await client.post('/account/mfa/start/', {}));
  const confirmed = await sealedPost(client, '/account/mfa/confirm/', {
    code: totpCode(t, enrolment.secret),
  });
  if (confirmed.status !== 200) throw new Error(`enrolment refused: ${JSON.stringify(confirmed.body)}`);
  return { enrolment, recoveryCodes: mfaRecoveryCodes.parse(confirmed.data).recovery_codes };
}

/** `POST /token/mfa/`, answer as received. */
export const sendMfa = (client: PortalClient, mfaToken: string, code: string) =>
  client.send({ method: 'POST', path: '/token/mfa/', body: { mfa_token: mfaToken, code } });

/** Password step of a login on an MFA account: the challenge's token. */
export async function passwordStep(client: PortalClient, email: string, password: string): Promise<string> {
  await client.handshake();
  const result = await client.login(email, password);
  if (!result.mfa) throw new Error('expected an MFA challenge');
  return result.mfa_token;
}
